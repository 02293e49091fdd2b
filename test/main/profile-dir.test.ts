// Chromium's own files are kept out of the library's folder on every
// platform (electron/main/profile-dir.ts), under plain Node.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumProfileDir } from '../../electron/main/profile-dir.ts';
import { platformDataDir } from '../../electron/services/library/library-path.ts';

describe('chromiumProfileDir', () => {
  const cases: [NodeJS.Platform, NodeJS.ProcessEnv, string][] = [
    ['darwin', { HOME: '/Users/ann' }, '/Users/ann/Library/Application Support/Flambe Window'],
    ['win32', { HOME: '/c/ann', APPDATA: '/c/ann/AppData/Roaming', LOCALAPPDATA: '/c/ann/AppData/Local' }, '/c/ann/AppData/Local/Flambe/Window'],
    ['linux', { HOME: '/home/ann' }, '/home/ann/.config/flambe'],
    ['linux', { HOME: '/home/ann', XDG_CONFIG_HOME: '/home/ann/cfg', XDG_DATA_HOME: '/home/ann/data' }, '/home/ann/cfg/flambe'],
  ];
  for (const [platform, env, expected] of cases) {
    it(`${platform} ${JSON.stringify(env)}: ${expected}, neither the library's folder nor inside it`, () => {
      const dir = chromiumProfileDir(env, platform);
      expect(dir).toBe(expected);
      expect(path.relative(platformDataDir(env, platform), dir)).toMatch(/^\.\./);
    });
  }
});
