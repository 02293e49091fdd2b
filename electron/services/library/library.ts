// The recordings library: one SQLite file (node:sqlite, no native module).
// Metadata columns serve the list; the profile is compressed in its own table
// and read only when a recording is opened. Every write is one transaction.
import { failedRequests, requestsHandledCount } from '../../../shared/load/request-counts.ts';
import type { DatabaseSync } from 'node:sqlite';
import type {
  CpuSplit, LoadSummary, ListQuery, ListResult, RecordingMeta, RecordingResult, RecordingRow,
} from '../../../shared/api.ts';
import { listQuerySchema } from '../../../shared/api.ts';
import type { z } from 'zod';
import { recordedTargetSchema, targetStdioSchema } from '../../../shared/recording/target.ts';
import { machineSchema } from '../../../shared/recording/machine.ts';

/** The launch column: what a launched target was given (env, args), as the recording's schema declares them. */
const launchColumnSchema = recordedTargetSchema.pick({ env: true, args: true });
import { importProfile } from '../../../shared/profile/import/any-format.ts';
import { storedRequestBytes } from '../../../shared/profile/import/all-threads.ts';
import { bytesPerRequestOf } from '../../../shared/memory/allocations.ts';
import { UserError, messageOf } from '../errors.ts';
import { openLibrary } from './safe-open.ts';
import { libraryWriteFailure } from '../write-failure.ts';
import { factsOf, packProfile, unpackProfile, type PackedProfile } from './stored-profile.ts';
import type { ExperimentResult, ExperimentRow } from '../../../shared/experiment/types.ts';
import { listExperimentRows, readExperiment, saveExperimentRows } from './experiment-store.ts';
import { closeInterruptedGroups, hasRunningGroups, deleteGroupRows, hasGroup, listGroupRows, readGroup, saveGroupRows, type StoredGroup } from './group-store.ts';
import type { GroupKind } from '../../../shared/library/groups.ts';
import type { RequestTime } from '../../../shared/recording/request-time.ts';
import type { OutputVolume } from '../../../shared/recording/output.ts';
import { listenersSchema } from '../../../shared/recording/listeners.ts';
import { storedProfileSchema, type StoredProfile } from '../../../shared/recording/profile-extras.ts';
import { growingSchema } from '../../../shared/recording/growing.ts';
import { cpuAccountingSchema } from '../../../shared/recording/cpu-accounting.ts';
import type { Background } from '../../../shared/recording/request-time.ts';


interface Row {
  id: string; name: string; created_at: string; source: string;
  target_kind: string | null; target_label: string | null; node_version: string | null; pid: number | null; argv: string | null;
  method: string | null; url: string | null; settings: string | null;
  requests: number | null; rps: number | null; p50_ms: number | null; p99_ms: number | null; errors: number | null; load: string | null;
  sampling_interval_us: number | null; duration_ms: number | null; samples: string | null; error: string | null; notes: string;
  cpu_split: string | null; tags: string; has_profile: number; launch?: string | null; machine?: string | null; target_output?: string | null; request_time?: string | null;
  bytes_per_request?: number | null; routes?: string | null;
}

const SORT_SQL: Record<string, string> = {
  createdAt: 'r.created_at', name: 'r.name COLLATE NOCASE', targetLabel: 'r.target_label COLLATE NOCASE', url: 'r.url',
  rps: 'r.rps', p99Ms: 'r.p99_ms', requests: 'r.requests', durationMs: 'r.duration_ms',
};

// The list reads metadata columns only: never the load timeline, samples or argv; of the settings only a multi-route
// burst's routes, whose URL column holds the URL field alone — a Route cell reading it named one route, often not even
// one the burst sent (issue 38). A settings text that is not JSON lists no routes rather than failing the whole list.
const LIST_COLUMNS = 'r.id, r.name, r.created_at, r.source, r.target_kind, r.target_label, r.node_version, r.method, r.url, ' +
  'r.requests, r.rps, r.p50_ms, r.p99_ms, r.errors, r.sampling_interval_us, r.duration_ms, r.error, r.notes, r.cpu_split, ' +
  "CASE WHEN json_valid(r.settings) THEN json_extract(r.settings, '$.load.routes') END AS routes";

/** SELECT … FROM recordings r, with the list columns (and `extra` ones for a full read). */
function selectRows(extra = ''): string {
  return `SELECT ${LIST_COLUMNS}${extra},
  COALESCE((SELECT json_group_array(tag) FROM (SELECT tag FROM tags WHERE recording_id = r.id ORDER BY tag)), '[]') AS tags,
  EXISTS (SELECT 1 FROM profiles p WHERE p.recording_id = r.id) AS has_profile
  FROM recordings r`;
}
const ROW_SELECT = selectRows();
const FULL_SELECT = selectRows(', r.pid, r.argv, r.settings, r.load, r.samples, r.launch, r.machine, r.target_output, r.request_time, r.bytes_per_request');

function toRow(r: Row): RecordingRow {
  return {
    id: r.id, name: r.name, createdAt: r.created_at, tags: JSON.parse(r.tags) as string[], notes: r.notes,
    targetLabel: r.target_label, nodeVersion: r.node_version, method: r.method, url: r.url,
    requests: r.requests, rps: r.rps, p50Ms: r.p50_ms, p99Ms: r.p99_ms, errors: r.errors, durationMs: r.duration_ms,
    samplingIntervalUs: r.sampling_interval_us, cpuSplit: r.cpu_split ? (JSON.parse(r.cpu_split) as CpuSplit) : null,
    error: r.error, hasProfile: !!r.has_profile, source: r.source === 'imported' ? 'imported' : 'recorded',
    routes: routesOf(r.routes),
  };
}

/** A multi-route burst's routes as the Library names them (method and path), or undefined for a one-URL load. */
function routesOf(text: string | null | undefined): RecordingRow['routes'] {
  if (!text) return undefined;
  try {
    const routes = JSON.parse(text) as { method?: string; path?: unknown }[];
    const named = Array.isArray(routes) ? routes.filter((r) => typeof r?.path === 'string').map((r) => ({ method: r.method ?? 'GET', path: r.path as string })) : [];
    return named.length ? named : undefined;
  } catch {
    return undefined;
  }
}

/** Why a stored row cannot be shown (a column that does not parse), or null when it is fine. */
function rowDamage(r: Row): string | null {
  const columns: [keyof Row, string][] = [['tags', 'tags'], ['cpu_split', 'CPU split']];
  for (const [column, what] of columns) {
    const text = r[column];
    if (typeof text !== 'string') continue;
    try {
      JSON.parse(text);
    } catch {
      return `its ${what} cannot be read`;
    }
  }
  return null;
}

/** "GET /log · 2026-11-21 14:05" */
/** `title`: what the load asked for when it is not one URL (a multi-route burst: shared/load/load-title.ts). */
export function defaultName(method: string | null, url: string | null, createdAt: string, details = '', title?: string): string {
  const d = new Date(createdAt);
  const pad = (n: number) => String(n).padStart(2, '0');
  const when = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
  if (title) return `${title}${details ? ` · ${details}` : ''} · ${when}`;
  if (!url) return `Recording · ${when}`;
  let path = url;
  try {
    const u = new URL(url);
    path = u.pathname + u.search;
  } catch { /* keep the raw text */ }
  return `${method ?? 'GET'} ${path}${details ? ` · ${details}` : ''} · ${when}`;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A recording as the noise estimate reads it: metadata, and the numbers kept with its profile. */
export type RunLike = RecordingMeta & {
  durationMs: number | null;
  cpuSplit: CpuSplit | null;
  /** Bytes allocated per request, every thread (null: no allocations sampled, no requests, or saved before schema 8). */
  bytesPerRequest: number | null;
};

export interface LibraryOptions {
  /** How long a write waits for another process's lock before it fails. */
  busyTimeoutMs?: number;
}

export class Library {
  readonly file: string;
  /** Why nothing can be saved here (a read-only file or folder), or null: such a library is opened for reading. */
  readonly readOnly: string | null;
  private readonly db: DatabaseSync;
  private readonly busyTimeoutMs: number;

  constructor(file: string, options: LibraryOptions = {}) {
    this.file = file;
    this.busyTimeoutMs = options.busyTimeoutMs ?? 10_000;
    ({ db: this.db, readOnly: this.readOnly } = openLibrary(file, this.busyTimeoutMs));
    // An experiment or sweep whose process died says so, instead of "running" forever.
    // Only a library with a group still marked running needs the write lock for it, and a library another
    // process is writing is left as it is (the next open closes them): listing never waits for a writer.
    if (!this.readOnly && hasRunningGroups(this.db)) {
      try {
        this.transaction(() => closeInterruptedGroups(this.db));
      } catch (e) {
        if (!/locked|busy/i.test(messageOf(e))) throw e;
      }
    }
  }

  /** Every write asks first: a read-only library refuses in its own sentence, not SQLite's. */
  private writable(): void {
    if (this.readOnly) throw new UserError(this.readOnly);
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  private transaction<T>(fn: () => T): T {
    this.writable();
    try {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const out = fn();
        this.db.exec('COMMIT');
        return out;
      } catch (e) {
        // A full disk makes SQLite roll back by itself: a second ROLLBACK would hide the cause behind
        // "cannot rollback - no transaction is active".
        if (this.db.isTransaction) this.db.exec('ROLLBACK');
        throw e;
      }
    } catch (e) {
      throw libraryWriteFailure(this.file, e, this.busyTimeoutMs) ?? e;
    }
  }

  /** One statement that writes (its own transaction): a failure the user can act on in one sentence. */
  private writeOne(sql: string, ...params: (string | number)[]): number {
    this.writable();
    try {
      return Number(this.db.prepare(sql).run(...params).changes);
    } catch (e) {
      throw libraryWriteFailure(this.file, e, this.busyTimeoutMs) ?? e;
    }
  }

  /**
   * Saves a recording (metadata, tags and compressed profile) in one
   * transaction. `packed`: its profile already imported and compressed (a
   * file imported in a worker thread); otherwise rec.profile is imported here,
   * once, for the numbers kept with it.
   */
  save(rec: RecordingMeta | RecordingResult, source: 'recorded' | 'imported' = 'recorded', packed: PackedProfile | null = null): RecordingRow {
    if (!packed && 'profile' in rec && rec.profile) packed = packRecordedProfile(rec.profile, rec.requestTime?.background ?? null);
    this.transaction(() => this.insert(rec, source, packed));
    return this.row(rec.id);
  }

  /** The INSERTs of save(), inside the caller's transaction. */
  private insert(rec: RecordingMeta | RecordingResult, source: 'recorded' | 'imported', packed: PackedProfile | null): void {
    if (!packed && 'profile' in rec && rec.profile) packed = packRecordedProfile(rec.profile, rec.requestTime?.background ?? null);
    const split = packed?.facts.cpuSplit ?? null;
    const load = rec.load;
    this.db.prepare(`INSERT INTO recordings (id, name, created_at, source, target_kind, target_label, node_version, pid, argv,
        method, url, settings, requests, rps, p50_ms, p99_ms, errors, load, sampling_interval_us, duration_ms, samples, error, notes, cpu_split, launch, machine,
        target_output, request_time, bytes_per_request)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
      rec.id, rec.name, rec.createdAt, source,
      rec.target?.kind ?? null, rec.target?.label ?? null, rec.target?.nodeVersion ?? null, rec.target?.pid ?? null,
      rec.target ? JSON.stringify(rec.target.argv ?? []) : null,
      rec.settings?.load.method ?? null, rec.settings?.load.url ?? null, rec.settings ? JSON.stringify(rec.settings) : null,
      load?.requests ?? null, load?.rps ?? null, load?.latencyMs.p50 ?? null, load?.latencyMs.p99 ?? null,
      // The burst's output count travels in the load column (no migration): it is a measure of the burst.
      // So does what grew between the heap snapshots (find what grows): it needs Flambé's load.
      load ? failedRequests(load) : null,
      load ? JSON.stringify({ ...load, ...(rec.output ? { [OUTPUT_IN_LOAD]: rec.output } : {}), ...(rec.growing ? { [GROWING_IN_LOAD]: rec.growing } : {}), ...(rec.cpu ? { [CPU_IN_LOAD]: rec.cpu } : {}), ...(rec.listeners ? { [LISTENERS_IN_LOAD]: rec.listeners } : {}) }) : null,
      rec.settings?.samplingIntervalUs ?? null, packed?.facts.durationMs ?? (load ? load.durationSec * 1000 : null),
      JSON.stringify(rec.samples), rec.error, rec.notes, split ? JSON.stringify(split) : null,
      rec.target && (rec.target.env || rec.target.args) ? JSON.stringify({ env: rec.target.env ?? {}, args: rec.target.args ?? [] }) : null,
      rec.machine ? JSON.stringify(rec.machine) : null,
      rec.target?.stdio ? JSON.stringify(rec.target.stdio) : null,
      rec.requestTime ? JSON.stringify(rec.requestTime) : null,
      // Compare's figure (shared/compare/allocations.ts), kept for the noise of repeats: the profile is never read for it.
      bytesPerRequestOf(packed?.facts.allocatedBytes ?? null, requestsHandledCount(rec)),
    );
    const tag = this.db.prepare('INSERT OR IGNORE INTO tags (recording_id, tag) VALUES (?, ?)');
    for (const t of rec.tags) tag.run(rec.id, t);
    if (packed) {
      this.db.prepare('INSERT INTO profiles (recording_id, encoding, raw_size, data) VALUES (?, ?, ?, ?)')
        .run(rec.id, packed.encoding, packed.rawSize, packed.data);
    }
  }

  row(id: string): RecordingRow {
    const r = this.db.prepare(`${ROW_SELECT} WHERE r.id = ?`).get(id) as Row | undefined;
    if (!r) throw new UserError('That recording is not in the library (it may have been deleted).');
    return toRow(r);
  }

  has(id: string): boolean {
    return !!this.db.prepare('SELECT 1 FROM recordings WHERE id = ?').get(id);
  }

  list(query: ListQuery): ListResult {
    const q = listQuerySchema.parse(query);
    const where: string[] = [];
    const params: (string | number)[] = [];
    for (const word of q.search.trim().split(/\s+/).filter(Boolean)) {
      const like = `%${escapeLike(word)}%`;
      where.push(`(r.name LIKE ? ESCAPE '\\' OR r.notes LIKE ? ESCAPE '\\' OR r.target_label LIKE ? ESCAPE '\\' OR r.url LIKE ? ESCAPE '\\'
        OR EXISTS (SELECT 1 FROM tags t WHERE t.recording_id = r.id AND t.tag LIKE ? ESCAPE '\\'))`);
      params.push(like, like, like, like, like);
    }
    if (q.tag) { where.push('EXISTS (SELECT 1 FROM tags t WHERE t.recording_id = r.id AND t.tag = ?)'); params.push(q.tag); }
    if (q.from) { where.push('r.created_at >= ?'); params.push(q.from); }
    if (q.to) { where.push('r.created_at <= ?'); params.push(q.to.length === 10 ? `${q.to}T23:59:59.999Z` : q.to); }
    // The Library lists a group's recordings under their group, not as loose rows.
    if (q.grouped === 'loose') where.push('NOT EXISTS (SELECT 1 FROM group_members m WHERE m.recording_id = r.id)');
    const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
    const order = `${SORT_SQL[q.sort]} ${q.direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, r.created_at DESC, r.id`;
    // Filter and sort ids first (the created_at index serves the default order);
    // the row details (tags, profile presence) are then read for the page alone.
    const page = this.db.prepare(`SELECT r.id FROM recordings r${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .all(...params, q.limit, q.offset) as { id: string }[];
    const total = page.length < q.limit && (page.length > 0 || q.offset === 0)
      ? q.offset + page.length
      : (this.db.prepare(`SELECT count(*) AS n FROM recordings r${whereSql}`).get(...params) as { n: number }).n;
    const details = this.db.prepare(`${ROW_SELECT} WHERE r.id IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(page.map((p) => p.id))) as unknown as Row[];
    const byId = new Map(details.map((d) => [d.id, d]));
    // One damaged row (hand-edited, or a bad disk sector) must not hide the others: it is named instead.
    const rows: RecordingRow[] = [];
    const damaged: { id: string; name: string; why: string }[] = [];
    for (const { id } of page) {
      const r = byId.get(id)!;
      const why = rowDamage(r);
      if (why) damaged.push({ id, name: String(r.name), why });
      else rows.push(toRow(r));
    }
    // The tag chips filter the rows listed: with groups apart, only the loose recordings' tags.
    const looseOnly = q.grouped === 'loose' ? ' WHERE NOT EXISTS (SELECT 1 FROM group_members m WHERE m.recording_id = tags.recording_id)' : '';
    const tags = (this.db.prepare(`SELECT DISTINCT tag FROM tags${looseOnly} ORDER BY tag COLLATE NOCASE`).all() as { tag: string }[]).map((t) => t.tag);
    return { total, rows, tags, ...(damaged.length ? { damaged } : {}) };
  }

  /** The whole recording, profile included (a bundle export). */
  get(id: string): RecordingResult {
    const { hasProfile, ...meta } = this.meta(id);
    let profile: StoredProfile | null = null;
    if (hasProfile) {
      const bytes = this.profileBytes(id);
      let parsed: unknown;
      try {
        parsed = bytes && JSON.parse(bytes.toString('utf8'));
      } catch (e) {
        throw new UserError(`This recording's profile is damaged in the library and cannot be opened (${(e as Error).message}).`);
      }
      const problem = storedProfileProblem(parsed);
      if (problem) throw new UserError(`This recording's profile is damaged in the library and cannot be opened (${problem}).`);
      // Kept as stored, V8's keys first (the parse's output would put Flambé's first).
      profile = parsed as StoredProfile | null;
    }
    return { ...meta, profile };
  }

  /** The recording without its profile (the profile is read on its own, as bytes). */
  meta(id: string): RecordingMeta {
    const r = this.db.prepare(`${FULL_SELECT} WHERE r.id = ?`).get(id) as Row | undefined;
    if (!r) throw new UserError('That recording is not in the library (it may have been deleted).');
    return this.metaOf(r);
  }

  /** A full row as RecordingMeta; a column that does not parse is one sentence naming it. */
  private metaOf(r: Row): RecordingMeta {
    const parse = (text: string | null, what: string): unknown => {
      if (text === null) return null;
      try {
        return JSON.parse(text);
      } catch {
        throw new UserError(`This recording is damaged in the library (its ${what} cannot be read); the other recordings are fine.`);
      }
    };
    const damage = rowDamage(r);
    if (damage) throw new UserError(`This recording is damaged in the library (${damage}); the other recordings are fine.`);
    // The target's columns, read back through the recording's schema (shared/recording/target.ts): a column
    // that parses as JSON but is not what the schema says is damage too, named like the others.
    const checked = <T>(schema: z.ZodType<T>, text: string | null, what: string): T | null => {
      const value = parse(text, what);
      if (value === null) return null;
      const ok = schema.safeParse(value);
      if (!ok.success) throw new UserError(`This recording is damaged in the library (its ${what} cannot be read); the other recordings are fine.`);
      return ok.data;
    };
    return {
      id: r.id, name: r.name, createdAt: r.created_at,
      target: r.target_kind ? {
        kind: r.target_kind === 'attached' ? 'attached' : 'launched', label: r.target_label ?? '', pid: r.pid ?? 0,
        nodeVersion: r.node_version ?? '', argv: checked(recordedTargetSchema.shape.argv, r.argv, 'command line') ?? [],
        ...(checked(launchColumnSchema, r.launch ?? null, 'launch settings') ?? {}),
        ...(r.target_output ? { stdio: checked(targetStdioSchema, r.target_output, 'output attachment')! } : {}),
      } : null,
      settings: parse(r.settings, 'load settings') as RecordingMeta['settings'],
      ...loadAndOutput(parse(r.load, 'load results') as StoredLoad | null),
      hasProfile: !!r.has_profile,
      samples: (parse(r.samples, 'process samples') as RecordingMeta['samples'] | null) ?? [],
      machine: checked(machineSchema, r.machine ?? null, 'machine'),
      error: r.error,
      tags: JSON.parse(r.tags) as string[],
      notes: r.notes,
      ...(r.request_time ? { requestTime: parse(r.request_time, 'request times') as RequestTime } : {}),
    };
  }

  rename(id: string, name: string): RecordingRow {
    this.mustChange(this.writeOne('UPDATE recordings SET name = ? WHERE id = ?', name, id));
    return this.row(id);
  }

  setNotes(id: string, notes: string): RecordingRow {
    this.mustChange(this.writeOne('UPDATE recordings SET notes = ? WHERE id = ?', notes, id));
    return this.row(id);
  }

  editTags(id: string, add: string[], remove: string[]): RecordingRow {
    this.transaction(() => {
      if (!this.has(id)) throw new UserError('That recording is not in the library (it may have been deleted).');
      const del = this.db.prepare('DELETE FROM tags WHERE recording_id = ? AND tag = ?');
      for (const t of remove) del.run(id, t);
      const ins = this.db.prepare('INSERT OR IGNORE INTO tags (recording_id, tag) VALUES (?, ?)');
      for (const t of add) ins.run(id, t.trim());
    });
    return this.row(id);
  }

  /** Deleting is the only way data leaves the library. */
  delete(id: string): void {
    this.mustChange(this.writeOne('DELETE FROM recordings WHERE id = ?', id));
  }

  /** Saves (or updates) an experiment and links its rounds, in one transaction. */
  saveExperiment(exp: ExperimentResult): void {
    this.transaction(() => saveExperimentRows(this.db, exp));
  }

  getExperiment(id: string): ExperimentResult {
    return readExperiment(this.db, id);
  }

  listExperiments(): ExperimentRow[] {
    return listExperimentRows(this.db);
  }

  /** Saves (or updates) a group of recordings — an experiment, a sweep — in one transaction. */
  saveGroup(group: StoredGroup): void {
    this.transaction(() => saveGroupRows(this.db, group));
  }

  /** Recordings and the group they make, all or nothing (an imported group bundle). */
  saveWithGroup(recs: { rec: RecordingMeta | RecordingResult; packed: PackedProfile | null; source: 'recorded' | 'imported' }[], group: StoredGroup): void {
    this.transaction(() => {
      for (const r of recs) this.insert(r.rec, r.source, r.packed);
      saveGroupRows(this.db, group);
    });
  }

  getGroup(id: string, kind?: GroupKind): StoredGroup {
    return readGroup(this.db, id, kind);
  }

  hasGroup(id: string): boolean {
    return hasGroup(this.db, id);
  }

  listGroups(): Omit<StoredGroup, 'data'>[] {
    return listGroupRows(this.db);
  }

  /** Deletes a group and its recordings; returns the recordings' ids. */
  deleteGroup(id: string): string[] {
    return this.transaction(() => deleteGroupRows(this.db, id));
  }

  /** Library rows of these recordings, by id (the members of a group); unreadable ones left out. */
  rowsOf(ids: string[]): Map<string, RecordingRow> {
    const rows = this.db.prepare(`${ROW_SELECT} WHERE r.id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as unknown as Row[];
    return new Map(rows.filter((r) => !rowDamage(r)).map((r) => [r.id, toRow(r)]));
  }

  /**
   * Every loaded recording of one of these targets or URLs, without its profile: what
   * Compare needs to learn run-to-run noise from repeats (shared/compare/noise.ts).
   */
  runsLike(targetLabels: string[], urls: string[]): RunLike[] {
    if (!targetLabels.length && !urls.length) return [];
    const rows = this.db.prepare(`${FULL_SELECT} WHERE r.load IS NOT NULL
      AND (r.target_label IN (SELECT value FROM json_each(?)) OR r.url IN (SELECT value FROM json_each(?)))`)
      .all(JSON.stringify(targetLabels), JSON.stringify(urls)) as unknown as Row[];
    // A damaged row (a column that does not parse) is left out of the noise estimate rather than failing it.
    const out: RunLike[] = [];
    for (const r of rows) {
      try {
        out.push(this.runLikeOf(r));
      } catch { /* skipped: the Library names damaged rows */ }
    }
    return out;
  }

  /**
   * The rounds of the library's experiments, newest first, each with the key
   * of its variant ("<experiment>/A"): rounds of one variant ran the same code,
   * minutes apart, so they are certain repeats (shared/compare/noise.ts machineNoise).
   */
  experimentRoundRuns(limit = 2000): { repeatKey: string; run: RunLike }[] {
    const rows = this.db.prepare(`${selectRows(`, r.pid, r.argv, r.settings, r.load, r.samples, r.launch, r.machine, r.target_output, r.request_time, r.bytes_per_request,
      m.group_id || '/' || m.label AS repeat_key`)} JOIN group_members m ON m.recording_id = r.id JOIN groups g ON g.id = m.group_id
      WHERE g.kind = 'experiment' AND r.load IS NOT NULL ORDER BY r.created_at DESC LIMIT ?`).all(limit) as unknown as (Row & { repeat_key: string })[];
    const out: { repeatKey: string; run: RunLike }[] = [];
    for (const r of rows) {
      try {
        out.push({ repeatKey: r.repeat_key, run: this.runLikeOf(r) });
      } catch { /* skipped: the Library names damaged rows */ }
    }
    return out;
  }

  private runLikeOf(r: Row): RunLike {
    return { ...this.metaOf(r), durationMs: r.duration_ms, cpuSplit: r.cpu_split ? (JSON.parse(r.cpu_split) as CpuSplit) : null, bytesPerRequest: r.bytes_per_request ?? null };
  }

  /** The profile's .cpuprofile JSON as stored, as bytes; null for a load-only run. */
  profileBytes(id: string): Buffer | null {
    const p = this.db.prepare('SELECT encoding, data FROM profiles WHERE recording_id = ?').get(id) as { encoding: string; data: Uint8Array } | undefined;
    if (!p) return null;
    try {
      return unpackProfile(p.encoding, p.data);
    } catch (e) {
      if (e instanceof UserError) throw e;
      throw new UserError(`This recording's profile is damaged in the library and cannot be opened (${(e as Error).message}).`);
    }
  }

  /** The profile text as stored (for export without a parse/serialize round trip). */
  profileText(id: string): string | null {
    return this.profileBytes(id)?.toString('utf8') ?? null;
  }

  private mustChange(changes: number | bigint): void {
    if (Number(changes) === 0) throw new UserError('That recording is not in the library (it may have been deleted).');
  }
}

/** What is wrong with a stored profile's additions (shared/recording/profile-extras.ts), or null. */
function storedProfileProblem(profile: unknown): string | null {
  try {
    const checked = storedProfileSchema.nullable().safeParse(profile);
    return checked.success ? null : `${checked.error.issues[0].path.join('.')}: ${checked.error.issues[0].message}`;
  } catch (e) {
    // An addition nested thousands of levels down (only a crafted file could be) overflows the schema's reader.
    if (e instanceof RangeError) return 'an addition nested too deeply to read';
    throw e;
  }
}

/**
 * A recording's profile (the object the inspector returned), imported once
 * for its numbers and stored as its JSON text. A profile shared/profile
 * cannot read is still kept: nothing measured is lost.
 */
function packRecordedProfile(profile: unknown, background: Background | null): PackedProfile {
  const text = JSON.stringify(profile);
  let facts: PackedProfile['facts'];
  const allocated = storedRequestBytes(profile, background);
  try {
    facts = factsOf(importProfile(profile), allocated);
  } catch {
    facts = { cpuSplit: null, durationMs: rawDurationMs(profile), allocatedBytes: allocated };
  }
  return packProfile(text, facts);
}

/** V8's own endTime − startTime, for a profile the model cannot read. */
function rawDurationMs(profile: unknown): number {
  const p = profile as { startTime?: unknown; endTime?: unknown };
  return typeof p.startTime === 'number' && typeof p.endTime === 'number' ? Math.max(0, (p.endTime - p.startTime) / 1000) : 0;
}

const OUTPUT_IN_LOAD = 'flambeOutput';
const GROWING_IN_LOAD = 'flambeGrowing';
/** The CPU accounting (shared/recording/cpu-accounting.ts): kept beside the load, so no schema migration; older rows have none. */
const CPU_IN_LOAD = 'flambeCpu';
const LISTENERS_IN_LOAD = 'flambeListeners';
type StoredLoad = LoadSummary & { [OUTPUT_IN_LOAD]?: OutputVolume; [GROWING_IN_LOAD]?: unknown; [CPU_IN_LOAD]?: unknown; [LISTENERS_IN_LOAD]?: unknown };

/** The load column's JSON: the load summary, and the output count, what grew, the CPU accounting and the listeners kept beside it. */
function loadAndOutput(stored: StoredLoad | null): Pick<RecordingMeta, 'load' | 'output' | 'growing' | 'cpu' | 'listeners'> {
  if (!stored) return { load: stored };
  const { [OUTPUT_IN_LOAD]: output, [GROWING_IN_LOAD]: growing, [CPU_IN_LOAD]: storedCpu, [LISTENERS_IN_LOAD]: listeners, ...load } = stored;
  // A damaged accounting only costs the CPU clock: the figures fall back to sampled time, said as such.
  const cpu = storedCpu === undefined ? null : cpuAccountingSchema.safeParse(storedCpu);
  // Listeners kept by the burst are a hint beside it: an entry that does not read is left out, never a reason to refuse the recording.
  const kept = listeners === undefined ? null : listenersSchema.safeParse(listeners);
  const grew = growing === undefined ? null : growingSchema.safeParse(growing);
  if (grew && !grew.success) throw new UserError('This recording is damaged in the library (what grew between its heap snapshots cannot be read); the other recordings are fine.');
  return { load, ...(output ? { output } : {}), ...(grew ? { growing: grew.data } : {}), ...(cpu?.success ? { cpu: cpu.data } : {}), ...(kept?.success ? { listeners: kept.data } : {}) };
}
