// Diff of two profiles, function by function.
//
// Matching: the same function is the same name + url + line. When a line
// moved (code was edited above it), the same name in the same file matches if
// that name is unique in that file in both profiles. What is left is "new"
// (only after) or "gone" (only before).
//
// Comparing: profiles differ in length and load, so raw ms mislead. Each side
// is in % of its own duration and, when both request counts are known, in
// CPU ms per 1000 requests.
import type { FunctionTimes } from './analyze.ts';
import { timesByGroup } from './bottom-up.ts';
import { msPerThousandRequests } from './categories.ts';
import { categoryLabel, classifyFrame } from './classify.ts';
import { frameLocation, functionKey, type Frame, type Profile } from './model.ts';

export interface DiffOptions {
  requestsBefore?: number;
  requestsAfter?: number;
}

export type DiffStatus = 'changed' | 'new' | 'gone';

export interface DiffSide extends FunctionTimes {
  line: number;
}

export interface DiffRow {
  name: string;
  url: string;
  /** The line in the after profile (before's for gone functions). */
  line: number;
  location: string;
  categoryName: string;
  status: DiffStatus;
  /** Matched by name and file because its line changed. */
  moved: boolean;
  before: DiffSide | null;
  after: DiffSide | null;
  /** after − before, in percentage points of each profile's duration. */
  deltaSelfPercent: number;
  deltaTotalPercent: number;
  deltaSelfMsPer1kRequests?: number;
  deltaTotalMsPer1kRequests?: number;
}

export interface ProfileDiff {
  beforeDurationMs: number;
  afterDurationMs: number;
  perRequest: boolean;
  /** Largest change (|deltaSelfPercent|, then |deltaTotalPercent|) first. */
  functions: DiffRow[];
}

/** One function of either profile: its frames in each, by the matching rules above. */
export interface MatchedFunction {
  frame: Frame;
  status: DiffStatus;
  moved: boolean;
  beforeLine: number;
  afterLine: number;
}

export interface FunctionMatching {
  functions: MatchedFunction[];
  /** Frame index → function index, for each profile. */
  beforeFn: Int32Array;
  afterFn: Int32Array;
}

function functionsOf(profile: Profile) {
  const keyIndex = new Map<string, number>();
  const firstFrame: Frame[] = [];
  const fnOfFrame = new Int32Array(profile.frames.length);
  profile.frames.forEach((f, i) => {
    const key = functionKey(f);
    let k = keyIndex.get(key);
    if (k === undefined) {
      k = firstFrame.length;
      keyIndex.set(key, k);
      firstFrame.push(f);
    }
    fnOfFrame[i] = k;
  });
  // How many functions share a name in a file: a moved line only matches a unique one.
  const namesInFile = new Map<string, number>();
  for (const f of firstFrame) {
    const k = `${f.name}\u0000${f.url}`;
    namesInFile.set(k, (namesInFile.get(k) ?? 0) + 1);
  }
  return { keyIndex, firstFrame, fnOfFrame, namesInFile };
}

export function matchFunctions(before: Profile, after: Profile): FunctionMatching {
  const b = functionsOf(before);
  const a = functionsOf(after);
  const functions: MatchedFunction[] = [];
  const bToFn = new Int32Array(b.firstFrame.length).fill(-1);
  const aToFn = new Int32Array(a.firstFrame.length).fill(-1);
  a.firstFrame.forEach((f, ai) => {
    const bi = b.keyIndex.get(functionKey(f));
    if (bi === undefined) return;
    bToFn[bi] = aToFn[ai] = functions.length;
    functions.push({ frame: f, status: 'changed', moved: false, beforeLine: f.line, afterLine: f.line });
  });
  // Moved lines: the same name, unique in the same file on both sides.
  const unmatchedBefore = new Map<string, number>();
  b.firstFrame.forEach((f, bi) => {
    const k = `${f.name}\u0000${f.url}`;
    if (bToFn[bi] < 0 && b.namesInFile.get(k) === 1 && f.url) unmatchedBefore.set(k, bi);
  });
  a.firstFrame.forEach((f, ai) => {
    if (aToFn[ai] >= 0) return;
    const k = `${f.name}\u0000${f.url}`;
    const bi = unmatchedBefore.get(k);
    if (bi !== undefined && a.namesInFile.get(k) === 1) {
      bToFn[bi] = aToFn[ai] = functions.length;
      functions.push({ frame: f, status: 'changed', moved: true, beforeLine: b.firstFrame[bi].line, afterLine: f.line });
    } else {
      aToFn[ai] = functions.length;
      functions.push({ frame: f, status: 'new', moved: false, beforeLine: 0, afterLine: f.line });
    }
  });
  b.firstFrame.forEach((f, bi) => {
    if (bToFn[bi] >= 0) return;
    bToFn[bi] = functions.length;
    functions.push({ frame: f, status: 'gone', moved: false, beforeLine: f.line, afterLine: 0 });
  });
  return { functions, beforeFn: b.fnOfFrame.map((k) => bToFn[k]), afterFn: a.fnOfFrame.map((k) => aToFn[k]) };
}

export function diffProfiles(before: Profile, after: Profile, opts: DiffOptions = {}): ProfileDiff {
  const m = matchFunctions(before, after);
  const n = m.functions.length;
  const bt = timesByGroup(before, m.beforeFn, n);
  const at = timesByGroup(after, m.afterFn, n);
  const perRequest = (opts.requestsBefore ?? 0) > 0 && (opts.requestsAfter ?? 0) > 0;
  const side = (p: Profile, t: typeof bt, i: number, line: number, requests: number | undefined): DiffSide => {
    const pct = (ms: number) => (p.durationMs > 0 ? (ms / p.durationMs) * 100 : 0);
    const s: DiffSide = { line, selfMs: t.selfMs[i], totalMs: t.totalMs[i], selfPercent: pct(t.selfMs[i]), totalPercent: pct(t.totalMs[i]) };
    if (perRequest) {
      s.selfMsPer1kRequests = msPerThousandRequests(t.selfMs[i], requests!);
      s.totalMsPer1kRequests = msPerThousandRequests(t.totalMs[i], requests!);
    }
    return s;
  };
  const rows: DiffRow[] = m.functions.map((fn, i) => {
    const b = fn.status === 'new' ? null : side(before, bt, i, fn.beforeLine, opts.requestsBefore);
    const a = fn.status === 'gone' ? null : side(after, at, i, fn.afterLine, opts.requestsAfter);
    const d = (k: keyof DiffSide) => ((a?.[k] as number | undefined) ?? 0) - ((b?.[k] as number | undefined) ?? 0);
    const row: DiffRow = {
      name: fn.frame.name, url: fn.frame.url, line: fn.frame.line, location: frameLocation(fn.frame), categoryName: categoryLabel(classifyFrame(fn.frame)),
      status: fn.status, moved: fn.moved, before: b, after: a, deltaSelfPercent: d('selfPercent'), deltaTotalPercent: d('totalPercent'),
    };
    if (perRequest) {
      row.deltaSelfMsPer1kRequests = d('selfMsPer1kRequests');
      row.deltaTotalMsPer1kRequests = d('totalMsPer1kRequests');
    }
    return row;
  }).filter((r) => (r.before?.totalMs ?? 0) > 0 || (r.after?.totalMs ?? 0) > 0);
  rows.sort((x, y) => Math.abs(y.deltaSelfPercent) - Math.abs(x.deltaSelfPercent)
    || Math.abs(y.deltaTotalPercent) - Math.abs(x.deltaTotalPercent) || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  return { beforeDurationMs: before.durationMs, afterDurationMs: after.durationMs, perRequest, functions: rows };
}
