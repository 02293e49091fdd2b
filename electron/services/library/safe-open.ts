// Opening a library without ever damaging a file that is not ours: every check
// runs on a read-only handle first; only a file that passes is opened for
// writing (which switches it to WAL mode and may migrate it).
import { DatabaseSync } from 'node:sqlite';
import { accessSync, closeSync, constants, existsSync, openSync, readSync, statSync, unlinkSync } from 'node:fs';
import { makeOwnerOnlyFolder, prepareOwnerOnlyDatabase } from '../owner-only.ts';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { UserError } from '../errors.ts';
import { libraryWriteFailure, writeFailureKind } from '../write-failure.ts';
import { APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION } from './schema.ts';

const SQLITE_MAGIC = 'SQLite format 3\u0000';

function readHeader(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(16);
    const n = readSync(fd, buf, 0, 16, 0);
    return buf.subarray(0, n).toString('latin1');
  } finally {
    closeSync(fd);
  }
}

/** A file-system error while looking at `file`, as one sentence (never a stack trace). */
function unreadable(file: string, e: unknown): UserError {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return new UserError(`Flambé may not read ${file} (permission denied): use a library file this user owns, or ask its owner to share it.`);
  return new UserError(`${file} cannot be read as a Flambé library (${code ?? (e as Error).message}); it was left untouched.`);
}

/** Throws a UserError saying why `file` cannot be used as a library; leaves it untouched. */
export function checkLibraryFile(file: string): void {
  let st;
  try {
    st = statSync(file, { throwIfNoEntry: false });
  } catch (e) {
    throw unreadable(file, e);
  }
  if (!st) return;
  if (st.isDirectory()) throw new UserError(`${file} is a folder, not a Flambé library file.`);
  // /dev/null, a pipe, a socket: SQLite would write a -journal beside it (/dev/null-journal, world-writable).
  if (!st.isFile()) throw new UserError(`${file} is not a regular file (a device, a pipe or a socket): a Flambé library is a file, so name a file path.`);
  if (st.size === 0) return; // an empty file becomes a new library
  let header: string;
  try {
    header = readHeader(file);
  } catch (e) {
    throw unreadable(file, e);
  }
  if (header !== SQLITE_MAGIC) throw new UserError(`${file} is not a Flambé library (it is not an SQLite database); it was left untouched.`);
  // A read-only open of a WAL-mode file may create empty -wal/-shm companions:
  // remove the ones this check created, so a refused file is left as it was.
  const companions = [`${file}-wal`, `${file}-shm`].filter((f) => !existsSync(f));
  let db: DatabaseSync | undefined;
  try {
    // No -wal and no -shm: nobody has the file open, so read it as immutable,
    // which creates no companion files at all (a WAL file's read-only open
    // would leave a 32 KB -shm behind).
    const url = pathToFileURL(file);
    if (companions.length === 2) url.searchParams.set('immutable', '1');
    db = new DatabaseSync(url, { readOnly: true });
    const appId = (db.prepare('PRAGMA application_id').get() as { application_id: number }).application_id;
    const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    const tables = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }).n;
    // An empty database with a user_version set is another program's too (ours stamp application_id first).
    if (appId !== APPLICATION_ID && (tables > 0 || version > 0)) throw new UserError(`${file} is an SQLite database of another program, not a Flambé library; it was left untouched.`);
    if (version > SCHEMA_VERSION) throw new UserError(`${file} was written by a newer version of Flambé (library version ${version}; this one reads up to ${SCHEMA_VERSION}): update Flambé to open it. It was left untouched.`);
    const check = db.prepare('PRAGMA quick_check').all() as { quick_check: string }[];
    if (check.length !== 1 || check[0].quick_check !== 'ok') throw new UserError(`${file} is damaged (${check[0]?.quick_check ?? 'integrity check failed'}); it was left untouched. Restore it from a backup, or use another --library file.`);
  } catch (e) {
    db?.close();
    db = undefined;
    // Only for a refused file: a valid library may be in use by another process.
    for (const f of companions) {
      try {
        if (existsSync(f) && statSync(f).size === 0) unlinkSync(f);
      } catch { /* best effort */ }
    }
    if (e instanceof UserError) throw e;
    // Even a read opens a -shm beside a WAL library: on a full disk SQLite says only "disk I/O error".
    if (writeFailureKind(e, file) === 'full') throw libraryWriteFailure(file, e, 0)!;
    throw new UserError(`${file} cannot be read as a Flambé library (${(e as Error).message}); it was left untouched.`);
  } finally {
    db?.close();
  }
}

/** A library file open for use: `readOnly` says why it cannot be written (null when it can). */
export interface OpenedLibrary {
  db: DatabaseSync;
  readOnly: string | null;
}

function writable(p: string): boolean {
  try {
    accessSync(p, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why an existing library cannot be written, or null when it can. SQLite
 * writes beside the file (-wal, -shm, -journal), so a folder that cannot be
 * written makes the library read-only even when the file itself could be.
 * (access() answers for the user Flambé runs as, and says EROFS for root too.)
 */
export function readOnlyReason(file: string): string | null {
  if (!existsSync(file) || statSync(file).size === 0) return null; // a new library: its creation says what fails
  const fileOk = writable(file);
  const folder = writable(path.dirname(file));
  if (!fileOk && !folder) return 'neither the file nor its folder can be written';
  if (!fileOk) return 'the file cannot be written';
  return folder ? null : 'its folder cannot be written';
}

/** The sentence a read-only library gives wherever a save is refused. */
export function readOnlySentence(file: string, why: string): string {
  return `The library ${file} is read-only (${why}): its recordings can be listed, opened and exported, but nothing new can be saved in it.`;
}

/**
 * Opens a library that cannot be written, for reading. A WAL file with no
 * -shm beside it (and no folder to create one in) can be read only as
 * immutable: that is safe because nobody writes it (a writer keeps a -shm).
 */
function openForReading(file: string, why: string, busyTimeoutMs: number): DatabaseSync {
  const attempts = existsSync(`${file}-shm`) ? [false] : [false, true];
  let last: unknown;
  for (const immutable of attempts) {
    let db: DatabaseSync | undefined;
    try {
      const url = pathToFileURL(file);
      if (immutable) url.searchParams.set('immutable', '1');
      db = new DatabaseSync(url, { readOnly: true, enableForeignKeyConstraints: true });
      db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.round(busyTimeoutMs))}`);
      const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
      if (version < SCHEMA_VERSION) {
        db.close();
        throw new UserError(`The library ${file} is read-only (${why}) and was written by an older Flambé, so it cannot be updated: copy it to a folder you can write to and open the copy.`);
      }
      return db;
    } catch (e) {
      if (e instanceof UserError) throw e;
      if (db?.isOpen) db.close();
      last = e;
    }
  }
  throw new UserError(`The library ${file} is read-only (${why}) and could not be opened for reading: ${(last as Error).message}.`);
}

/** Opens the library at `file`: for writing (creating or migrating it), or for reading where it cannot be written. */
export function openLibrary(file: string, busyTimeoutMs = 10_000): OpenedLibrary {
  checkLibraryFile(file);
  const why = readOnlyReason(file);
  if (why) return { db: openForReading(file, why, busyTimeoutMs), readOnly: readOnlySentence(file, why) };
  try {
    makeOwnerOnlyFolder(path.dirname(file));
  } catch (e) {
    throw new UserError(`Could not create the folder for the library ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`);
  }
  let db: DatabaseSync;
  try {
    // The library keeps every secret verbatim: it and its -wal and -shm are the user's alone (owner-only.ts).
    prepareOwnerOnlyDatabase(file);
    db = new DatabaseSync(file, { enableForeignKeyConstraints: true });
    // Another process (the app and the CLI) may hold the write lock for a moment.
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.round(busyTimeoutMs))}`);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
  } catch (e) {
    throw libraryWriteFailure(file, e, busyTimeoutMs) ?? new UserError(`Could not open the library ${file}: ${(e as Error).message}.`);
  }
  try {
    migrate(db);
  } catch (e) {
    db.close();
    throw libraryWriteFailure(file, e, busyTimeoutMs) ?? new UserError(`Could not prepare the library ${file}: ${(e as Error).message}.`);
  }
  return { db, readOnly: null };
}

/**
 * Runs the forward migrations from the file's version to ours, all in ONE
 * transaction: a library is at its old version or fully migrated, never between.
 */
export function migrate(db: DatabaseSync): void {
  // Up to date (the usual case): nothing to write, so no write lock — a
  // read-only command must not wait for, or fail on, another process's write.
  if ((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version === SCHEMA_VERSION) return;
  // BEGIN IMMEDIATE: two processes opening a new library at once migrate it once.
  db.exec('BEGIN IMMEDIATE');
  try {
    let version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    if (version === 0) db.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
    for (; version < SCHEMA_VERSION; version++) {
      db.exec(MIGRATIONS[version]);
      db.exec(`PRAGMA user_version = ${version + 1}`);
    }
    db.exec('COMMIT');
  } catch (e) {
    // A full disk rolls the transaction back by itself (see Library.transaction).
    if (db.isTransaction) db.exec('ROLLBACK');
    throw e;
  }
}
