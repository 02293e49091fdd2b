// The browser is opened without the token on any command line (issue 9 item 1c).
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openBrowser } from '../../electron/web/open-browser.ts';

const parent = mkdtempSync(path.join(tmpdir(), 'flambe-open-test-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('openBrowser', () => {
  it.each(['linux', 'darwin', 'win32'] as const)('hands %s a private redirect file, never the token', (platform) => {
    const url = 'http://127.0.0.1:4321/?token=SECRET-token_123';
    const calls: string[][] = [];
    const redirect = openBrowser(url, {
      platform, parent,
      spawn: (cmd, args) => {
        calls.push([cmd, ...args]);
        return { on: () => undefined, unref: () => {} };
      },
    });
    expect(redirect).not.toBeNull();
    expect(calls).toHaveLength(1);
    expect(calls[0].join(' ')).not.toContain('SECRET');
    expect(calls[0].at(-1)).toBe(redirect!.file);
    if (process.platform !== 'win32') {
      expect(statSync(redirect!.file).mode & 0o777).toBe(0o600);
      expect(statSync(path.dirname(redirect!.file)).mode & 0o777).toBe(0o700);
    }
    const html = readFileSync(redirect!.file, 'utf8');
    expect(html).toContain(`content="0;url=${url}"`);
    redirect!.remove();
    expect(() => statSync(redirect!.file)).toThrow();
  });
});
