// Where the library lives: --library PATH, else $FLAMBE_LIBRARY, else the
// platform's data folder. (The desktop app passes its user-data folder.)
import os from 'node:os';
import path from 'node:path';
import { UserError } from '../errors.ts';

export const LIBRARY_FILE = 'library.sqlite';

export function platformDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const home = env.HOME ?? os.homedir();
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Flambe');
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Flambe');
  return path.join(env.XDG_DATA_HOME || path.join(home, '.local', 'share'), 'flambe');
}

export function resolveLibraryPath(flag: string | undefined, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  // `--library "$LIB"` with LIB unset must not quietly mean the real library (a delete would land there).
  if (flag !== undefined && flag.trim() === '') {
    throw new UserError('--library was given an empty path (an unset shell variable?): name the library file, or leave --library out for the default one.');
  }
  if (flag) return path.resolve(flag);
  if (env.FLAMBE_LIBRARY) return path.resolve(env.FLAMBE_LIBRARY);
  return path.join(platformDataDir(env, platform), LIBRARY_FILE);
}
