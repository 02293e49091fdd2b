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
//
// Rounds: a side may be several profiles of the same variant (an experiment's
// rounds, shared/compare). Functions are matched over the union of each side's
// frames; a side's figure is the mean of its rounds, and the per-round figures
// are kept for the statistics.
import type { FunctionTimes } from './analyze.ts';
import { timesByGroup } from './bottom-up.ts';
import { msPerThousandRequests, perRequestOf, type PerRequest } from '../cpu-time.ts';
import { categoryLabel, classifyFrame } from '../classify.ts';
import { frameLocation, functionKey, type Frame, type Profile } from '../model.ts';

export interface DiffOptions {
  requestsBefore?: number;
  requestsAfter?: number;
}

/** Request counts per round of each side (diffRounds); per-1k figures need every one of them. */
export interface RoundsDiffOptions {
  /** Each round's requests and CPU clock (../cpu-time.ts). */
  requestsBefore?: readonly (PerRequest | null | undefined)[];
  requestsAfter?: readonly (PerRequest | null | undefined)[];
}

export type DiffStatus = 'changed' | 'new' | 'gone';

export interface DiffSide extends FunctionTimes {
  line: number;
  /** Self time of each round in % of that round (one entry per round of the side). */
  selfPercentRounds: number[];
  /** Self CPU ms per 1000 requests of each round, when every round's count is known. */
  selfMsPer1kRequestsRounds?: number[];
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
  /** Frame index → function index, for each profile (the first round of each side). */
  beforeFn: Int32Array;
  afterFn: Int32Array;
  /** The same for every round of each side. */
  beforeFnRounds: Int32Array[];
  afterFnRounds: Int32Array[];
}

function functionsOf(profiles: readonly Profile[]) {
  const keyIndex = new Map<string, number>();
  const firstFrame: Frame[] = [];
  const fnOfFrameRounds = profiles.map((profile) => {
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
    return fnOfFrame;
  });
  // How many functions share a name in a file: a moved line only matches a unique one.
  const namesInFile = new Map<string, number>();
  for (const f of firstFrame) {
    const k = `${f.name}\u0000${f.url}`;
    namesInFile.set(k, (namesInFile.get(k) ?? 0) + 1);
  }
  return { keyIndex, firstFrame, fnOfFrameRounds, namesInFile };
}

/** Matches the functions of two profiles, or of two sides' rounds (each side: one profile or several). */
export function matchFunctions(before: Profile | readonly Profile[], after: Profile | readonly Profile[]): FunctionMatching {
  const b = functionsOf(Array.isArray(before) ? before : [before as Profile]);
  const a = functionsOf(Array.isArray(after) ? after : [after as Profile]);
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
  const beforeFnRounds = b.fnOfFrameRounds.map((f) => f.map((k) => bToFn[k]));
  const afterFnRounds = a.fnOfFrameRounds.map((f) => f.map((k) => aToFn[k]));
  return { functions, beforeFn: beforeFnRounds[0], afterFn: afterFnRounds[0], beforeFnRounds, afterFnRounds };
}

export function diffProfiles(before: Profile, after: Profile, opts: DiffOptions = {}): ProfileDiff {
  // Two files: no OS clock, sampled time per request.
  return diffRounds([before], [after], { requestsBefore: [perRequestOf(opts.requestsBefore)], requestsAfter: [perRequestOf(opts.requestsAfter)] });
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);

/** Times of every matched function in each round of one side. */
function roundTimes(profiles: readonly Profile[], fnRounds: Int32Array[], n: number) {
  return profiles.map((p, r) => ({ profile: p, ...timesByGroup(p, fnRounds[r], n) }));
}

/** Like diffProfiles, each side being one or more rounds (profiles of the same variant). */
export function diffRounds(before: readonly Profile[], after: readonly Profile[], opts: RoundsDiffOptions = {}): ProfileDiff {
  if (before.length === 0 || after.length === 0) throw new Error('diffRounds needs at least one profile on each side');
  const m = matchFunctions(before, after);
  const n = m.functions.length;
  const bt = roundTimes(before, m.beforeFnRounds, n);
  const at = roundTimes(after, m.afterFnRounds, n);
  const counts = (given: RoundsDiffOptions['requestsBefore'], len: number) => Array.from({ length: len }, (_, r) => given?.[r] ?? null);
  const requestsBefore = counts(opts.requestsBefore, before.length);
  const requestsAfter = counts(opts.requestsAfter, after.length);
  const perRequest = [...requestsBefore, ...requestsAfter].every((q) => q !== null && q.requests > 0);
  const side = (t: typeof bt, i: number, line: number, requests: (PerRequest | null)[]): DiffSide => {
    const pct = (p: Profile, ms: number) => (p.durationMs > 0 ? (ms / p.durationMs) * 100 : 0);
    const selfPercentRounds = t.map((r) => pct(r.profile, r.selfMs[i]));
    const s: DiffSide = {
      line, selfMs: mean(t.map((r) => r.selfMs[i])), totalMs: mean(t.map((r) => r.totalMs[i])),
      selfPercent: mean(selfPercentRounds), totalPercent: mean(t.map((r) => pct(r.profile, r.totalMs[i]))), selfPercentRounds,
    };
    if (perRequest) {
      s.selfMsPer1kRequestsRounds = t.map((r, k) => msPerThousandRequests(r.selfMs[i], requests[k]));
      s.selfMsPer1kRequests = mean(s.selfMsPer1kRequestsRounds);
      s.totalMsPer1kRequests = mean(t.map((r, k) => msPerThousandRequests(r.totalMs[i], requests[k])));
    }
    return s;
  };
  const rows: DiffRow[] = m.functions.map((fn, i) => {
    const b = fn.status === 'new' ? null : side(bt, i, fn.beforeLine, requestsBefore);
    const a = fn.status === 'gone' ? null : side(at, i, fn.afterLine, requestsAfter);
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
  return { beforeDurationMs: mean(before.map((p) => p.durationMs)), afterDurationMs: mean(after.map((p) => p.durationMs)), perRequest, functions: rows };
}
