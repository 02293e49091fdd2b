// Where Chromium keeps the window's own files (caches, local storage, GPU
// cache, cookies): Electron calls it userData. Not the folder the library
// lives in — that one is the user's recordings, which they back up, sync or
// delete knowing what is there; Chromium's dozens of cache files do not
// belong beside library.sqlite. Pure, tested under plain Node.
import os from 'node:os';
import path from 'node:path';

export function chromiumProfileDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const home = env.HOME ?? os.homedir();
  // The library is in ~/Library/Application Support/Flambe: the window's files beside it, in a folder of their own.
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Flambe Window');
  // The library roams (%APPDATA%\Flambe); caches belong to this machine (%LOCALAPPDATA%).
  if (platform === 'win32') return path.join(env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local'), 'Flambe', 'Window');
  // The library is data ($XDG_DATA_HOME/flambe); the window's files are configuration and cache ($XDG_CONFIG_HOME), as Electron's default.
  return path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), 'flambe');
}
