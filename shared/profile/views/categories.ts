// "Where the time went": every ms of the profile in exactly one category
// (by the frame that was running — self time), and the cross-cutting buckets
// (buckets.ts explains their rule) with the functions of yours that led there.
import { frameClasses } from '../frame-classes.ts';
import { BUCKET_IDS, BUCKET_LABELS, stopsBucketRun, type BucketId } from '../buckets.ts';
import { BACKGROUND_NAME } from '../background.ts';
import { callNodeTable } from '../call-nodes.ts';
import { CATEGORY_LABELS, categoryLabel, categoryTitle, type CategoryKind } from '../classify.ts';
import { nodeLineBuckets, sourceLineText, type LineBucketShare } from '../lines.ts';
import { frameLocation, sourceLineKey, type Profile } from '../model.ts';

/** Where the CPU time went, in the words of the Library's split bar (percent of the profile). */
export interface CpuSplit {
  yourCode: number;
  dependencies: number;
  node: number;
  gc: number;
  idle: number;
  other: number;
}

export interface CategoryRow {
  /** 'user', 'node', 'native', 'gc', 'idle', 'program', or 'dependency:<package>'. */
  id: string;
  kind: CategoryKind;
  /** "your code", "Node internals", "express"… */
  name: string;
  ms: number;
  percent: number;
}

export interface BucketCaller {
  /** The frame (your code or a dependency) from which the bucket's work was called; -1 when none. */
  frame: number;
  name: string;
  location: string;
  ms: number;
  percent: number;
  /** The caller's own line that did most of this work, when the profile knows its text (lines.ts). */
  line?: { url: string; line: number; text: string; ms: number; location: string };
}

export interface BucketRow {
  id: BucketId;
  name: string;
  ms: number;
  percent: number;
  /** Heaviest callers first (up to 5). */
  callers: BucketCaller[];
}

const percentOf = (profile: Profile) => (ms: number) => (profile.durationMs > 0 ? (ms / profile.durationMs) * 100 : 0);

/** Self time by category, heaviest first. The rows add up to the profile's duration. */
export function categoryBreakdown(profile: Profile): CategoryRow[] {
  const t = callNodeTable(profile);
  const { cls } = frameClasses(profile);
  const pct = percentOf(profile);
  // One row per category id; each frame knows its row, so the walk over call nodes only adds.
  const rows: CategoryRow[] = [];
  const rowOf = new Map<string, number>();
  const rowOfFrame = cls.map((k, i) => {
    // Background work set aside for the verdict (background.ts) is said as such, not as V8's "program".
    const background = profile.frames[i].name === BACKGROUND_NAME && k.kind === 'program';
    const id = background ? 'background' : k.kind === 'dependency' ? `dependency:${k.packageName}` : k.kind;
    let r = rowOf.get(id);
    if (r === undefined) {
      r = rows.length;
      rows.push({ id, kind: k.kind, name: background ? 'background work (no request behind it)' : categoryLabel(k), ms: 0, percent: 0 });
      rowOf.set(id, r);
    }
    return r;
  });
  const ms = new Float64Array(rows.length);
  for (let c = 0; c < t.count; c++) ms[rowOfFrame[t.frame[c]]] += t.selfMs[c];
  const out = rows.filter((r, i) => {
    r.ms = ms[i];
    r.percent = pct(ms[i]);
    return ms[i] > 0;
  });
  return out.sort((a, b) => b.ms - a.ms || a.id.localeCompare(b.id));
}

/**
 * Time per bucket (never overlapping), in BUCKET_IDS order, each with its heaviest callers.
 * Frames decide first (buckets.ts); then the self time of a frame outside any
 * bucket goes to JSON or regular expressions when its lines call them (lines.ts).
 */
export function bucketBreakdown(profile: Profile): BucketRow[] {
  const t = callNodeTable(profile);
  const { cls, bucket } = frameClasses(profile);
  const pct = percentOf(profile);
  const index = new Map(BUCKET_IDS.map((id, i) => [id, i]));
  // Line work per call node (several profile nodes may share one).
  const lineWork = new Map<number, LineBucketShare[]>();
  for (const [node, list] of nodeLineBuckets(profile)) {
    const c = t.nodeToCallNode[node];
    const l = lineWork.get(c);
    if (l) l.push(...list);
    else lineWork.set(c, list.slice());
  }
  // Top-down along preorder: runBucket = outermost bucket since the last stop; caller = that stop.
  const run = new Int8Array(t.count).fill(-1);
  const stop = new Int32Array(t.count).fill(-1);
  const ms = new Float64Array(BUCKET_IDS.length);
  const byCaller = BUCKET_IDS.map(() => new Map<number, number>());
  // bucket → caller frame → line (sourceLineKey: a mapped function's line may be of its generated script) → ms, for the work the caller's own lines did.
  const byCallerLine = BUCKET_IDS.map(() => new Map<number, Map<string, { url: string; line: number; ms: number }>>());
  const add = (b: number, c: number, m: number) => {
    ms[b] += m;
    const callerFrame = stop[c] >= 0 ? t.frame[stop[c]] : -1;
    byCaller[b].set(callerFrame, (byCaller[b].get(callerFrame) ?? 0) + m);
  };
  for (let c = 1; c < t.count; c++) {
    const f = t.frame[c];
    const p = t.parent[c];
    const own = bucket[f];
    if (stopsBucketRun(cls[f], own)) {
      run[c] = -1;
      stop[c] = c;
    } else {
      run[c] = run[p] >= 0 ? run[p] : own === null ? -1 : index.get(own)!;
      stop[c] = stop[p];
    }
    const b = run[c];
    if (t.selfMs[c] <= 0) continue;
    if (b >= 0) {
      add(b, c, t.selfMs[c]);
      continue;
    }
    for (const w of lineWork.get(c) ?? []) {
      const lb = index.get(w.bucket)!;
      add(lb, c, w.ms);
      if (stop[c] === c) {
        let lines = byCallerLine[lb].get(f);
        if (!lines) byCallerLine[lb].set(f, (lines = new Map()));
        const key = sourceLineKey(w.url, w.line);
        const entry = lines.get(key);
        if (entry) entry.ms += w.ms;
        else lines.set(key, { url: w.url, line: w.line, ms: w.ms });
      }
    }
  }
  return BUCKET_IDS.map((id, b) => ({
    id, name: BUCKET_LABELS[id], ms: ms[b], percent: pct(ms[b]),
    callers: [...byCaller[b]].sort((x, y) => y[1] - x[1] || x[0] - y[0]).slice(0, 5).map(([frame, m]) => {
      const fr = frame >= 0 ? profile.frames[frame] : null;
      const caller: BucketCaller = { frame, name: fr ? fr.name : '(no caller in your code)', location: fr ? frameLocation(fr) : '', ms: m, percent: pct(m) };
      const lines = byCallerLine[b].get(frame);
      if (fr && lines) {
        const { url, line, ms: lineMs } = [...lines.values()].sort((x, y) => y.ms - x.ms || x.line - y.line)[0];
        const text = sourceLineText(profile, url, line);
        if (text !== undefined) caller.line = { url, line, text: text.trim(), ms: lineMs, location: frameLocation({ ...fr, url, line }) };
      }
      return caller;
    }),
  }));
}

// Per-request figures are decided in one place, with the thread's CPU clock: ../cpu-time.ts.
export { msPerThousandRequests } from '../cpu-time.ts';

/**
 * The Library's headline split (shared/api.ts CpuSplit), in percent of the
 * profile's duration: your code, dependencies, Node internals, GC, idle, and
 * everything else (V8 and native, program).
 */
export function cpuSplit(profile: Profile): CpuSplit {
  const split: CpuSplit = { yourCode: 0, dependencies: 0, node: 0, gc: 0, idle: 0, other: 0 };
  for (const row of categoryBreakdown(profile)) split[SPLIT_FIELD[row.kind]] += row.percent;
  return split;
}

/**
 * The one category vocabulary (classify.ts CATEGORY_LABELS) in the Library's
 * split, whose stored keys (shared/api.ts CpuSplit) are older than it: which
 * field each category adds to, and what each field is called.
 */
export const SPLIT_FIELD: Record<CategoryKind, keyof CpuSplit> = {
  user: 'yourCode', dependency: 'dependencies', node: 'node', gc: 'gc', idle: 'idle', native: 'other', program: 'other',
};

export const SPLIT_LABELS: Record<keyof CpuSplit, string> = {
  yourCode: categoryTitle('user'),
  dependencies: categoryTitle('dependency'),
  node: categoryTitle('node'),
  gc: categoryTitle('gc'),
  idle: categoryTitle('idle'),
  other: `${categoryTitle('native')}, ${CATEGORY_LABELS.program}`,
};
