// Work that Flambé processes sharing one library run now: the app (or browser
// mode) and a CLI `flambe record`/`experiment`/`sweep`/`overhead` started
// beside it. Each process keeps its own work in memory (work-in-progress.ts);
// this small SQLite file beside the library lets each one see the others', so
// the one-measurement-at-a-time rule (shared/work/running-work.ts) holds from
// either side. A row is taken in one IMMEDIATE transaction with the check, so
// two processes starting at once cannot both pass; a row whose process died
// (kill -9, a crash) is ignored and removed, so nothing is refused forever.
import { readFileSync } from 'node:fs';
import { makeOwnerOnlyFolder, prepareOwnerOnlyDatabase } from '../owner-only.ts';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { RunningWork, WorkKind } from '../../../shared/work/running-work.ts';

/** A row as another process reads it. */
export interface RegisteredWork {
  kind: WorkKind;
  label: string;
  /** The target's process (`targetKeyOf`), null for load only or an experiment's own processes. */
  targetKey: string | null;
}

export interface WorkRegistry {
  readonly file: string;
  /** Work other live processes run, as RunningWork with `elsewhere`. */
  others(): RunningWork[];
  /**
   * Takes a row for `work` unless `refuse` (given the others' work, in the same
   * transaction) says why not: then throws that sentence's error (made by `fail`).
   */
  take(work: RegisteredWork, refuse: (others: RunningWork[]) => string | null, fail: (sentence: string) => Error): number;
  release(rowId: number): void;
  close(): void;
}

/** Where the registry of a library lives: beside it, one per library file. */
export const workRegistryFile = (libraryPath: string) => `${libraryPath}.running`;

/** /proc/PID/stat's fields after the command name (whose parentheses may hold spaces), or null off Linux or when it is gone. */
function statFields(pid: number): string[] | null {
  if (process.platform !== 'linux') return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** When a process started (Linux: clock ticks since boot, field 22), so a reused pid is not taken for the process that wrote the row. */
export function processStart(pid: number): string {
  return statFields(pid)?.[19] ?? '';
}

/**
 * Whether the process that wrote a row still runs. A process killed with
 * kill -9 stays a zombie (state Z) until its parent reaps it — seconds, or
 * forever under a parent that never does — and signal 0 still reaches a
 * zombie: it is dead all the same.
 */
export function processLives(pid: number, startedAs = ''): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: it lives, as another user's process.
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const fields = statFields(pid);
  if (fields?.[0] === 'Z' || fields?.[0] === 'X') return false;
  return !startedAs || processStart(pid) === startedAs;
}

interface Row { id: number; pid: number; proc_start: string; program: string; kind: string; label: string; target_key: string | null; started_at: string }

/**
 * Opens (creating) the registry beside `libraryPath`; null when it cannot be
 * used (a read-only folder, /dev/null): the rule then holds inside this process only.
 */
export function openWorkRegistry(libraryPath: string, program: string, busyTimeoutMs = 5000): WorkRegistry | null {
  const file = workRegistryFile(libraryPath);
  let db: DatabaseSync | undefined;
  try {
    makeOwnerOnlyFolder(path.dirname(file));
    // It names what runs on which target (labels may hold a URL): owner-only like the library.
    prepareOwnerOnlyDatabase(file);
    db = new DatabaseSync(file);
    db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
    db.exec(`CREATE TABLE IF NOT EXISTS work (
      id INTEGER PRIMARY KEY, pid INTEGER NOT NULL, proc_start TEXT NOT NULL, program TEXT NOT NULL,
      kind TEXT NOT NULL, label TEXT NOT NULL, target_key TEXT, started_at TEXT NOT NULL)`);
  } catch {
    try { db?.close(); } catch { /* never opened */ }
    return null;
  }
  return registryOn(db, file, program);
}

function registryOn(db: DatabaseSync, file: string, program: string): WorkRegistry {
  const me = process.pid;
  const myStart = processStart(me);
  const toWork = (r: Row): RunningWork => ({
    kind: r.kind as WorkKind, id: `process-${r.pid}-${r.id}`, label: r.label, targetId: r.target_key, startedAt: r.started_at,
    elsewhere: { pid: r.pid, program: r.program },
  });
  const othersLive = (): { live: RunningWork[]; dead: number[] } => {
    const rows = db.prepare('SELECT * FROM work WHERE pid != ? ORDER BY id').all(me) as unknown as Row[];
    const live: RunningWork[] = [];
    const dead: number[] = [];
    for (const r of rows) {
      if (processLives(r.pid, r.proc_start)) live.push(toWork(r));
      else dead.push(r.id);
    }
    return { live, dead };
  };

  return {
    file,
    others() {
      try {
        return othersLive().live;
      } catch {
        return [];
      }
    },
    take(work, refuse, fail) {
      try {
        db.exec('BEGIN IMMEDIATE');
      } catch {
        // Held longer than the busy timeout (a stuck process): only this process's own rule holds for this work.
        return -1;
      }
      try {
        const { live, dead } = othersLive();
        for (const id of dead) db.prepare('DELETE FROM work WHERE id = ?').run(id);
        const refusal = refuse(live);
        if (refusal) {
          db.exec('COMMIT');
          throw fail(refusal);
        }
        const row = db.prepare('INSERT INTO work (pid, proc_start, program, kind, label, target_key, started_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
          .run(me, myStart, program, work.kind, work.label, work.targetKey, new Date().toISOString());
        db.exec('COMMIT');
        return Number(row.lastInsertRowid);
      } catch (e) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw e;
      }
    },
    release(rowId) {
      try {
        db.prepare('DELETE FROM work WHERE id = ?').run(rowId);
      } catch {
        // Left behind, the row is ignored once this process has ended.
      }
    },
    close() {
      try {
        db.prepare('DELETE FROM work WHERE pid = ?').run(me);
        db.close();
      } catch {
        // As above.
      }
    },
  };
}
