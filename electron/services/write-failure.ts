// What a failed write means, in one sentence a user can act on: the disk is
// full, the place is read-only, this user may not write there, or another
// process holds the library's write lock (named when Linux can tell which).
// SQLite's own words ("database or disk is full", "SQL logic error", "cannot
// rollback - no transaction is active") and errno codes (ENOSPC) say nothing
// to a student; a stack trace says less.
import { readFileSync, rmSync, statSync, statfsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { UserError } from './errors.ts';

export type WriteFailureKind = 'full' | 'read-only' | 'permission' | 'locked';

// SQLite's primary result codes (https://www.sqlite.org/rescode.html).
const SQLITE_PERM = 3;
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;

const ERRNO_KINDS: Record<string, WriteFailureKind> = {
  ENOSPC: 'full', EDQUOT: 'full', EFBIG: 'full', EROFS: 'read-only', EACCES: 'permission', EPERM: 'permission',
};

/**
 * The kind of a failed write (a file-system error or a node:sqlite error), or
 * null when it is none of these. `file`: where it was written, to look at its
 * disk when SQLite only says "disk I/O error".
 */
export function writeFailureKind(e: unknown, file?: string): WriteFailureKind | null {
  const err = e as { code?: unknown; errcode?: unknown; message?: unknown };
  if (typeof err?.code === 'string' && err.code in ERRNO_KINDS) return ERRNO_KINDS[err.code];
  if (typeof err?.errcode !== 'number') return null;
  switch (err.errcode & 0xff) {
    case SQLITE_FULL: return 'full';
    case SQLITE_READONLY: return 'read-only';
    case SQLITE_BUSY: case SQLITE_LOCKED: return 'locked';
    case SQLITE_PERM: case SQLITE_CANTOPEN: return file !== undefined && diskIsFull(file) ? 'full' : 'permission';
    // A full disk met while creating the -shm or -wal (opening a library) is only "disk I/O error" to SQLite.
    case SQLITE_IOERR: return file !== undefined && diskIsFull(file) ? 'full' : null;
    default: return null;
  }
}

/** Less than a megabyte free for this user where `file` lives: SQLite cannot grow its -wal, -shm or pages there. */
export function diskIsFull(file: string): boolean {
  try {
    const fs = statfsSync(path.dirname(path.resolve(file)));
    return fs.bavail * fs.bsize < 1024 * 1024;
  } catch {
    return false;
  }
}

/** "Could not write report.md: the disk is full." — the sentence for a file Flambé writes (export, report, profile). */
export function fileWriteFailure(file: string, e: unknown, what = file): UserError {
  const kind = writeFailureKind(e);
  const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
  const why: Record<WriteFailureKind, string> = {
    full: 'the disk is full. Free some space, or write it to another disk, and try again',
    'read-only': 'that place is read-only. Write it to a folder on a disk you can write to',
    permission: 'permission denied (this user may not write there). Write it to a folder you own',
    locked: 'another process holds it locked. Try again when it is done',
  };
  return new UserError(`Could not write ${what}: ${kind ? why[kind] : code}.`);
}

/**
 * Writes a file Flambé was asked to write (an export, a report, a profile), or
 * throws the one sentence of fileWriteFailure; a half-written file is removed,
 * so a failure never leaves an empty or truncated export behind.
 */
export function writeFileOrSay(file: string, data: string | NodeJS.ArrayBufferView, options: { what?: string; mode?: number } = {}): void {
  const { what, ...writeOptions } = options;
  const before = sizeBefore(file);
  try {
    writeFileSync(file, data, writeOptions);
  } catch (e) {
    removePartial(file, before);
    throw fileWriteFailure(file, e, what);
  }
}

/**
 * Removes what a failed write left of `file` (a half-written or empty file is
 * not an export); a file that was there before and is untouched stays.
 */
export function removePartial(file: string, sizeBefore: number | null): void {
  try {
    const st = statSync(file, { throwIfNoEntry: false });
    if (st && (sizeBefore === null || st.size !== sizeBefore)) rmSync(file, { force: true });
  } catch { /* best effort: the sentence says what failed */ }
}

/** The size of `file` before a write, or null when it does not exist. */
export function sizeBefore(file: string): number | null {
  try {
    return statSync(file, { throwIfNoEntry: false })?.size ?? null;
  } catch {
    return null;
  }
}

/**
 * The sentence for a library write that failed for a reason the user can act
 * on, or null (our bug: the caller passes it on). Nothing was written: every
 * library write is one transaction, rolled back.
 */
export function libraryWriteFailure(file: string, e: unknown, waitedMs: number): UserError | null {
  switch (writeFailureKind(e, file)) {
    case 'full': return new UserError(`The disk that holds the library ${file} is full: nothing was saved. Free some space and try again (what the library held before is intact).`);
    case 'read-only': return new UserError(`The library ${file} is on a read-only disk or became read-only: nothing was saved.`);
    case 'permission': return new UserError(`Flambé may not write the library ${file} or the files beside it (permission denied): nothing was saved. Use a library this user owns.`);
    case 'locked': return new UserError(`The library ${file} is busy: ${lockHolderWords(file)} has been writing to it for more than ${waitedMs < 1000 ? `${waitedMs} ms` : `${Math.round(waitedMs / 1000)} s`}, so nothing was saved. Try again when it is done, or close it.`);
    default: return null;
  }
}

/** "process 1234 (node hold.js lib.db)" — who holds the library's write lock, where Linux says; else "another process". */
export function lockHolderWords(file: string): string {
  const pid = lockHolderPid(file);
  if (pid === null) return 'another process';
  let command = '';
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').replace(/\s+/g, ' '); // one line: an argument may hold newlines (node -e)
  } catch { /* gone meanwhile, or not ours to read */ }
  const short = command.length > 100 ? `${command.slice(0, 99)}…` : command;
  return short ? `process ${pid} (${short})` : `process ${pid}`;
}

/**
 * The pid holding the write lock of a WAL library, from /proc/locks (Linux):
 * SQLite takes WAL's write lock as a POSIX lock on byte 120 of the -shm file
 * (WALINDEX_LOCK_OFFSET + WAL_WRITE_LOCK), and a rollback-journal writer locks
 * the database file itself from byte 2^30 (the PENDING/RESERVED bytes).
 */
export function lockHolderPid(file: string, locks = readLocks()): number | null {
  if (locks === null) return null;
  const inodes = new Map<number, 'shm' | 'db'>();
  for (const [suffix, kind] of [['-shm', 'shm'], ['', 'db']] as const) {
    try {
      const st = statSync(file + suffix, { throwIfNoEntry: false });
      if (st) inodes.set(st.ino, kind);
    } catch { /* no such companion */ }
  }
  for (const line of locks.split('\n')) {
    // "5: POSIX  ADVISORY  WRITE 10976 fe:00:9978613 120 120"
    const m = /^\d+:\s+POSIX\s+ADVISORY\s+WRITE\s+(-?\d+)\s+[0-9a-f]+:[0-9a-f]+:(\d+)\s+(\d+)\s+(\d+|EOF)/i.exec(line.trim());
    if (!m) continue;
    const pid = Number(m[1]);
    const kind = inodes.get(Number(m[2]));
    if (pid <= 0 || pid === process.pid || !kind) continue;
    if (kind === 'shm' && Number(m[3]) === 120) return pid;
    if (kind === 'db' && Number(m[3]) >= 2 ** 30) return pid;
  }
  return null;
}

function readLocks(): string | null {
  try {
    return readFileSync('/proc/locks', 'utf8');
  } catch {
    return null;
  }
}
