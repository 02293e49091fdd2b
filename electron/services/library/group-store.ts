// Groups in the library (schema 6): an experiment or a sweep is one row in
// `groups` (its list columns, and its whole result as JSON in `data`) and one
// row per member in `group_members` (the recording, its position, its label).
// Deleting a member recording unlinks it; deleting a group deletes its
// recordings too (they were made for it, and are listed only under it).
import { hostname } from 'node:os';
import type { DatabaseSync } from 'node:sqlite';
import type { GroupHeader, GroupKind, GroupMember } from '../../../shared/library/groups.ts';
import { UserError } from '../errors.ts';
import { processLives, processStart } from '../work/work-registry.ts';

export interface StoredGroup extends GroupHeader {
  /** The experiment's or the sweep's result, as JSON. */
  data: unknown;
  members: GroupMember[];
}

/**
 * Which process runs a group still 'running' (stored beside its result, read
 * back only by closeInterruptedGroups): a group whose process died (kill -9,
 * a crash, the power) is marked interrupted on the next open instead of
 * showing "running" forever.
 */
const RUNNER_KEY = '__flambeRunner';
/** `start`: when the process started (work/work-registry.ts), so a pid reused since is not taken for it (absent in older libraries). */
interface Runner { pid: number; host: string; start?: string }

/** Saves (or updates in place) a group and links the members whose recordings are in the library. */
export function saveGroupRows(db: DatabaseSync, g: StoredGroup): void {
  const runner: Runner | null = g.status === 'running' ? { pid: process.pid, host: hostname(), start: processStart(process.pid) } : null;
  const data = runner && g.data && typeof g.data === 'object' ? { ...g.data, [RUNNER_KEY]: runner } : g.data;
  db.prepare(`INSERT INTO groups (id, kind, name, created_at, status, summary, detail, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT(id) DO UPDATE SET name = excluded.name, status = excluded.status, summary = excluded.summary,
        detail = excluded.detail, data = excluded.data`)
    .run(g.id, g.kind, g.name, g.createdAt, g.status, g.summary, g.detail, JSON.stringify(data));
  const link = db.prepare(`INSERT OR IGNORE INTO group_members (group_id, recording_id, position, label, round)
      SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM recordings WHERE id = ?)`);
  for (const [position, m] of g.members.entries()) link.run(g.id, m.recordingId, position, m.label, m.round, m.recordingId);
}

interface GroupSql {
  id: string; kind: string; name: string; created_at: string; status: string | null; summary: string | null; detail: string; data: string;
}

function membersOf(db: DatabaseSync, id: string): GroupMember[] {
  return (db.prepare('SELECT recording_id, label, round FROM group_members WHERE group_id = ? ORDER BY position').all(id) as {
    recording_id: string; label: string; round: number | null;
  }[]).map((m) => ({ recordingId: m.recording_id, label: m.label, round: m.round }));
}

function toStored(db: DatabaseSync, r: GroupSql): StoredGroup {
  let data: unknown;
  try {
    data = JSON.parse(r.data);
  } catch {
    throw new UserError(`The ${r.kind} "${r.name}" is damaged in the library (its result cannot be read); its recordings are fine.`);
  }
  const stored: StoredGroup = {
    id: r.id, kind: r.kind as GroupKind, name: r.name, createdAt: r.created_at, status: r.status, summary: r.summary, detail: r.detail,
    data, members: membersOf(db, r.id),
  };
  if (data && typeof data === 'object') {
    const runnerGone = r.status === 'running' && hasDeadRunner(data as Record<string, unknown>);
    delete (data as Record<string, unknown>)[RUNNER_KEY];
    if (runnerGone) Object.assign(stored, asInterrupted(r.kind, data as Record<string, unknown>));
  }
  return stored;
}

/**
 * A group still 'running' whose process is gone (kill -9, a crash) reads as
 * interrupted from the first read after, in every process — one that opened
 * the library before the kill too; the row itself is rewritten on the next
 * open (closeInterruptedGroups), which takes the write lock a read must not wait for.
 * A group run from another computer (a shared folder) cannot be checked: left as it says.
 */
function hasDeadRunner(data: Record<string, unknown>): boolean {
  const runner = data[RUNNER_KEY] as Runner | undefined;
  return !!runner && runner.host === hostname() && !processLives(runner.pid, runner.start);
}

/** What an interrupted group reads as: its status, summary and result saying what it finished. */
function asInterrupted(kind: string, data: Record<string, unknown>): { status: string; summary: string; data: Record<string, unknown> } {
  const sentence = interruptedSentence(kind, data);
  const out: Record<string, unknown> = { ...data, error: sentence };
  delete out[RUNNER_KEY];
  if (kind === 'experiment') out.status = 'interrupted';
  return { status: 'interrupted', summary: sentence.replace(/ The .*$/, ''), data: out };
}

export function readGroup(db: DatabaseSync, id: string, kind?: GroupKind): StoredGroup {
  const r = db.prepare('SELECT * FROM groups WHERE id = ?').get(id) as GroupSql | undefined;
  if (!r || (kind && r.kind !== kind)) throw new UserError(`That ${kind ?? 'group'} is not in the library (it may have been deleted).`);
  return toStored(db, r);
}

export function hasGroup(db: DatabaseSync, id: string): boolean {
  return !!db.prepare('SELECT 1 FROM groups WHERE id = ?').get(id);
}

/** Every group, newest first, without its result JSON (the list needs the columns and the members). */
export function listGroupRows(db: DatabaseSync, kind?: GroupKind): Omit<StoredGroup, 'data'>[] {
  const rows = db.prepare(`SELECT id, kind, name, created_at, status, summary, detail FROM groups
      ${kind ? 'WHERE kind = ?' : ''} ORDER BY created_at DESC, id`).all(...(kind ? [kind] : [])) as Omit<GroupSql, 'data'>[];
  return rows.map((r) => {
    const row = {
      id: r.id, kind: r.kind as GroupKind, name: r.name, createdAt: r.created_at, status: r.status, summary: r.summary, detail: r.detail,
      members: membersOf(db, r.id),
    };
    return r.status === 'running' ? { ...row, ...runningOrInterrupted(db, r.id, r.kind) } : row;
  });
}

/** A 'running' row's status and summary as they are now: interrupted when its process is gone (hasDeadRunner). */
function runningOrInterrupted(db: DatabaseSync, id: string, kind: string): { status: string; summary: string | null } | Record<string, never> {
  const r = db.prepare('SELECT data FROM groups WHERE id = ?').get(id) as { data: string } | undefined;
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(r?.data ?? 'null') as Record<string, unknown>;
  } catch {
    return {}; // damaged: said when it is opened
  }
  if (!data || typeof data !== 'object' || !hasDeadRunner(data)) return {};
  const { status, summary } = asInterrupted(kind, data);
  return { status, summary };
}

/** The group and its recordings (profiles and tags go with them by cascade); returns the recordings deleted. */
export function deleteGroupRows(db: DatabaseSync, id: string): string[] {
  const ids = membersOf(db, id).map((m) => m.recordingId);
  if (Number(db.prepare('DELETE FROM groups WHERE id = ?').run(id).changes) === 0) {
    throw new UserError('That group is not in the library (it may have been deleted).');
  }
  const del = db.prepare('DELETE FROM recordings WHERE id = ?');
  for (const r of ids) del.run(r);
  return ids;
}

/** How an interrupted group's error starts (a sweep has no status of its own: its error says it). */
export const INTERRUPTED = 'Interrupted: ';

/** What an interrupted group says it kept: "Interrupted after 3 of 10 rounds …". */
function interruptedSentence(kind: string, data: Record<string, unknown>): string {
  if (kind === 'experiment') {
    const rounds = Array.isArray(data.rounds) ? data.rounds.length : 0;
    const spec = data.spec as { rounds?: number } | undefined;
    const planned = typeof spec?.rounds === 'number' ? ` of ${spec.rounds * 2}` : '';
    return `${INTERRUPTED}the Flambé process running this experiment stopped (killed or crashed) after ${rounds}${planned} rounds. The rounds it finished are kept; statistics from so few rounds are not a verdict.`;
  }
  const levels = Array.isArray(data.levels) ? data.levels.length : 0;
  return `${INTERRUPTED}the Flambé process running this sweep stopped (killed or crashed) after ${levels} level${levels === 1 ? '' : 's'}. The levels it measured are kept.`;
}

/**
 * Run when a library opens: every group still 'running' whose process is gone
 * (same computer, pid no longer alive) becomes 'interrupted', with what it
 * finished said in its error and summary. Its members stay in it, so it can
 * be opened, exported and deleted like any other. A group run from another
 * computer (a shared folder) is left alone: its process cannot be checked.
 * Returns the ids marked.
 */
/** Whether any group is still marked running (a read: no write lock). */
export function hasRunningGroups(db: DatabaseSync): boolean {
  return db.prepare(`SELECT 1 FROM groups WHERE status = 'running' LIMIT 1`).get() !== undefined;
}

export function closeInterruptedGroups(db: DatabaseSync): string[] {
  const rows = db.prepare(`SELECT id, kind, data FROM groups WHERE status = 'running'`).all() as { id: string; kind: string; data: string }[];
  const marked: string[] = [];
  const update = db.prepare('UPDATE groups SET status = ?, summary = ?, data = ? WHERE id = ? AND status = \'running\'');
  for (const r of rows) {
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(r.data) as Record<string, unknown>;
    } catch {
      continue; // damaged: said when it is opened
    }
    // A running group without a runner (written before runners were kept) is closed too, as before.
    if (data[RUNNER_KEY] && !hasDeadRunner(data)) continue;
    const closed = asInterrupted(r.kind, data);
    update.run(closed.status, closed.summary, JSON.stringify(closed.data), r.id);
    marked.push(r.id);
  }
  return marked;
}
