// Where Electron's binary is, WITHOUT triggering its lazy download.
// Electron >= 42 downloads the binary on first `require('electron')`
// (node_modules/electron/index.js → install.js); this file reads the same
// facts index.js reads (path.txt, dist/, ELECTRON_OVERRIDE_DIST_PATH) and
// only says whether the binary is already there. Used by scripts/start.js
// and e2e/electron.e2e.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The executable's path inside an unpacked Electron, per platform (as install.js writes to path.txt). */
export function platformExecutable(platform = process.platform) {
  if (platform === 'darwin' || platform === 'mas') return 'Electron.app/Contents/MacOS/Electron';
  if (platform === 'win32') return 'electron.exe';
  return 'electron';
}

/**
 * The Electron executable for the project at `root`, or null when it is not
 * on this machine. Same rules as node_modules/electron/index.js, minus the download.
 * @param {string} root
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string | null}
 */
export function findElectronBinary(root, env = process.env) {
  const pkg = path.join(root, 'node_modules', 'electron');
  let relative = null;
  try {
    relative = readFileSync(path.join(pkg, 'path.txt'), 'utf8').trim() || null;
  } catch {
    // No path.txt: the lazy download has never run here.
  }
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override
    ? path.join(override, relative ?? platformExecutable())
    : relative
      ? path.join(pkg, 'dist', relative)
      : null;
  return candidate && existsSync(candidate) ? candidate : null;
}
