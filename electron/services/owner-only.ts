// What Flambé writes is the user's alone where it can hold a secret: the
// library keeps every environment value and header verbatim (it needs them
// to run an experiment again), so it and its side files (-wal, -shm,
// -journal, the .running registry) are 0600 and the folders Flambé creates
// 0700. An export or a report is 0600 when it holds a secret or the place of
// a masked one (shared/recording/secrets.ts), else as the user's umask says.
// SQLite gives its -wal, -shm and -journal files the mode of the database
// file (unix VFS, robust_open), so creating the database 0600 is enough for them.
import { writeFileOrSay } from './write-failure.ts';
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';

export const OWNER_ONLY_FILE = 0o600;
export const OWNER_ONLY_FOLDER = 0o700;
const SIDE_FILES = ['-wal', '-shm', '-journal'];

/** Creates `dir` and any missing parent 0700 (folders that exist keep their mode: they are the user's). */
export function makeOwnerOnlyFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_FOLDER });
}

/** chmod 0600 when `file` is a regular file of ours; anything else (absent, a device like /dev/null, another user's) is left as it is. */
function tighten(file: string): void {
  try {
    const st = statSync(file);
    if (!st.isFile() || (st.mode & 0o777) === OWNER_ONLY_FILE) return;
    if (typeof process.getuid === 'function' && st.uid !== process.getuid()) return;
    chmodSync(file, OWNER_ONLY_FILE);
  } catch {
    // absent or not ours: SQLite says what is wrong when it opens it
  }
}

/** Makes a file already written (a download the desktop app saved) 0600 when it is a regular file of ours. */
export function tightenToOwnerOnly(file: string): void {
  tighten(file);
}

/**
 * Before SQLite opens `file`: a new database is created empty and 0600 (SQLite
 * takes a 0-byte file as a new database), an existing one of ours and its side
 * files made 0600 (libraries written by an older Flambé were 0644).
 */
export function prepareOwnerOnlyDatabase(file: string): void {
  try {
    closeSync(openSync(file, 'wx', OWNER_ONLY_FILE));
  } catch {
    tighten(file); // it exists (EEXIST), or cannot be created: then SQLite's own error says why
  }
  for (const side of SIDE_FILES) tighten(`${file}${side}`);
}

/** Writes an export or a report: 0600 when it holds a secret (even masked), else as the user's umask says; a failure is one sentence (write-failure.ts). */
export function writeExportFile(file: string, data: string | Uint8Array, holdsSecrets: boolean, what?: string): void {
  if (!holdsSecrets) {
    writeFileOrSay(file, data, { what });
    return;
  }
  // An existing file is tightened before the secret is written into it, a new one is created 0600.
  tighten(file);
  writeFileOrSay(file, data, { what, mode: OWNER_ONLY_FILE });
}
