// "What changed", as rows: functions (matched by diff.ts, moved lines
// included), files, packages, categories and kinds of work. Each side's
// figure is the mean of its rounds; with two or more rounds a side, each row
// also gets an interval from the rounds (shared/stats).
import { groupTimes } from '../profile/views/bottom-up.ts';
import { BUCKET_IDS, BUCKET_LABELS } from '../profile/buckets.ts';
import { bucketBreakdown, categoryBreakdown, type BucketRow } from '../profile/views/categories.ts';
import { hasCpu, msPerThousandRequests, type PerRequest } from '../profile/cpu-time.ts';
import { diffRounds, type DiffRow } from '../profile/views/diff.ts';
import type { Grouping } from '../profile/frame-groups.ts';
import { classifyFrame, isFlambeUrl, notCodeWords, type CategoryKind } from '../profile/classify.ts';
import { BACKGROUND_NAME } from '../profile/background.ts';
import { frameKind, functionKey, type Profile } from '../profile/model.ts';
import { comparePaired, compareSamples, type SpreadPrior } from '../stats/index.ts';
import type { BucketChange, ChangeRow } from './types.ts';

/** The profiled rounds of one side, with their request counts (null when unknown). */
export interface ProfiledSide {
  profiles: Profile[];
  /** Each round's requests and CPU clock (../profile/cpu-time.ts). */
  requests: (PerRequest | null)[];
  /** The rounds of A and B ran in back-to-back pairs (profiles[i] of A with profiles[i] of B): paired intervals. */
  paired?: boolean;
  /** The spread pairs of the same code show on a busy machine, known apart from these pairs (compare.ts CompareOptions.pairSpread). */
  prior?: SpreadPrior;
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
const pct = (p: Profile, ms: number) => (p.durationMs > 0 ? (ms / p.durationMs) * 100 : 0);

export function perRequestOf(a: ProfiledSide, b: ProfiledSide): boolean {
  return [...a.requests, ...b.requests].every((q) => q !== null && q.requests > 0);
}

/** Significance of a row from its per-round values, when both sides have two or more rounds. */
function roundStats(aRounds: number[], bRounds: number[], paired = false, prior?: SpreadPrior): Pick<ChangeRow, 'relativeCi95' | 'significant' | 'test'> {
  if (aRounds.length < 2 || bRounds.length < 2) return { relativeCi95: null, significant: null };
  const d = paired ? comparePaired(aRounds, bRounds, { prior }) : compareSamples(aRounds, bRounds);
  return { relativeCi95: d.ci95, significant: d.significant, ...(d.test ? { test: d.test } : {}) };
}

/** By the size of the change: ms per 1000 requests when known, else percentage points. */
export function byChange<T extends { deltaMsPer1k: number | null; deltaPercent: number; name: string }>(rows: T[]): T[] {
  return rows.sort((x, y) => Math.abs(y.deltaMsPer1k ?? y.deltaPercent) - Math.abs(x.deltaMsPer1k ?? x.deltaPercent)
    || Math.abs(y.deltaPercent) - Math.abs(x.deltaPercent) || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
}

/**
 * Whether a row of this kind belongs in a table of this unit: idle has no CPU (../profile/cpu-time.ts hasCpu),
 * so no row in ms of CPU per 1 000 requests; as a share of each profile's own time it is one like any other.
 */
const rowShown = (perRequest: boolean, kind: CategoryKind) => !perRequest || hasCpu(kind);

/** (program) and (garbage collector) rows say what they are where a function's file:line would be (classify.ts notCodeWords). */
function notCode(kind: CategoryKind): Pick<ChangeRow, 'notCode'> {
  return kind === 'program' || kind === 'gc' ? { notCode: kind } : {};
}

export function functionRows(a: ProfiledSide, b: ProfiledSide): ChangeRow[] {
  const perRequest = perRequestOf(a, b);
  const d = diffRounds(a.profiles, b.profiles, { requestsBefore: a.requests, requestsAfter: b.requests });
  const kindOf = (r: DiffRow) => classifyFrame({ name: r.name, url: r.url, line: r.line, column: 0, kind: frameKind(r.name, r.url) }).kind;
  // Flambé's own request collector and output counter are not the user's code to change: their time stays in the categories (Node internals), not in this table.
  // Background work set aside (round.ts requestWorkOf) is no function of the requests': its category row says it.
  return byChange(d.functions.filter((r) => !isFlambeUrl(r.url) && r.name !== BACKGROUND_NAME && rowShown(perRequest, kindOf(r))).map((r: DiffRow): ChangeRow => {
    const kind = kindOf(r);
    const unit = (s: DiffRow['before']) => (s ? (perRequest ? s.selfMsPer1kRequestsRounds! : s.selfPercentRounds) : null);
    const aVals = unit(r.before) ?? a.profiles.map(() => 0);
    const bVals = unit(r.after) ?? b.profiles.map(() => 0);
    return {
      key: functionKey({ name: r.name, url: r.url, line: r.line, column: 0, kind: 'js' }),
      name: r.name, url: r.url, line: r.line, ...(r.moved && r.before ? { aLine: r.before.line } : {}),
      location: notCodeWords(kind) ?? r.location, category: r.categoryName, ...notCode(kind), status: r.status, moved: r.moved,
      aPercent: r.before?.selfPercent ?? 0, bPercent: r.after?.selfPercent ?? 0, deltaPercent: r.deltaSelfPercent,
      aMsPer1k: perRequest ? r.before?.selfMsPer1kRequests ?? 0 : null,
      bMsPer1k: perRequest ? r.after?.selfMsPer1kRequests ?? 0 : null,
      deltaMsPer1k: perRequest ? r.deltaSelfMsPer1kRequests ?? 0 : null,
      ...roundStats(aVals, bVals, a.paired, a.prior),
    };
  }));
}

interface Keyed { key: string; name: string; url: string; location: string; category: string; kind: CategoryKind; sayWhatItIs: boolean; ms: number }

/** Rows from per-round keyed self times (files, packages, categories). */
function keyedRows(a: ProfiledSide, b: ProfiledSide, timesOf: (p: Profile) => Keyed[]): ChangeRow[] {
  const perRequest = perRequestOf(a, b);
  const info = new Map<string, Keyed>();
  const side = (s: ProfiledSide) => s.profiles.map((p, r) => {
    const m = new Map<string, { ms: number; pct: number; per1k: number }>();
    for (const k of timesOf(p)) {
      if (!rowShown(perRequest, k.kind)) continue;
      if (!info.has(k.key)) info.set(k.key, k);
      const prev = m.get(k.key) ?? { ms: 0, pct: 0, per1k: 0 };
      m.set(k.key, { ms: prev.ms + k.ms, pct: prev.pct + pct(p, k.ms), per1k: prev.per1k + (perRequest ? msPerThousandRequests(k.ms, s.requests[r] ?? null) : 0) });
    }
    return m;
  });
  const as = side(a);
  const bs = side(b);
  const rows: ChangeRow[] = [];
  for (const [key, k] of info) {
    const vals = (rounds: typeof as, f: 'pct' | 'per1k') => rounds.map((m) => m.get(key)?.[f] ?? 0);
    const inA = as.some((m) => (m.get(key)?.ms ?? 0) > 0);
    const inB = bs.some((m) => (m.get(key)?.ms ?? 0) > 0);
    if (!inA && !inB) continue;
    const aPercent = mean(vals(as, 'pct'));
    const bPercent = mean(vals(bs, 'pct'));
    const aMs = perRequest ? mean(vals(as, 'per1k')) : null;
    const bMs = perRequest ? mean(vals(bs, 'per1k')) : null;
    rows.push({
      key, name: k.name, url: k.url, line: 0, location: (k.sayWhatItIs && notCodeWords(k.kind)) || k.location, category: k.category, ...(k.sayWhatItIs ? notCode(k.kind) : {}),
      status: inA && inB ? 'changed' : inB ? 'new' : 'gone', moved: false,
      aPercent, bPercent, deltaPercent: bPercent - aPercent, aMsPer1k: aMs, bMsPer1k: bMs, deltaMsPer1k: aMs !== null && bMs !== null ? bMs - aMs : null,
      ...roundStats(vals(as, perRequest ? 'per1k' : 'pct'), vals(bs, perRequest ? 'per1k' : 'pct'), a.paired, a.prior),
    });
  }
  return byChange(rows);
}

function groupedTimes(by: Grouping) {
  return (p: Profile): Keyed[] => {
    const t = groupTimes(p, by);
    return t.groups.map((g, i) => ({
      key: by === 'file' ? g.url || `(${g.name})` : g.name, name: g.name, url: g.url, location: g.location, category: g.categoryName, kind: g.category, sayWhatItIs: true, ms: t.selfMs[i],
    })).filter((k) => k.name !== BACKGROUND_NAME);
  };
}

export const fileRows = (a: ProfiledSide, b: ProfiledSide) => keyedRows(a, b, groupedTimes('file'));
export const packageRows = (a: ProfiledSide, b: ProfiledSide) => keyedRows(a, b, groupedTimes('package'));
export const categoryRows = (a: ProfiledSide, b: ProfiledSide) =>
  keyedRows(a, b, (p) => categoryBreakdown(p).map((c) => ({
    // Background work is counted under 'program' but named for what it is (categories.ts): no "not a function" words for it.
    key: c.id, name: c.name, url: '', location: '', category: c.kind, kind: c.kind, sayWhatItIs: c.id === c.kind, ms: c.ms,
  })));

/** Kinds of work (logging, JSON, regex, sync crypto, sync fs, compression, sync child processes), always all seven, in the order of the change. */
export function bucketRows(a: ProfiledSide, b: ProfiledSide): BucketChange[] {
  const perRequest = perRequestOf(a, b);
  const ab = a.profiles.map(bucketBreakdown);
  const bb = b.profiles.map(bucketBreakdown);
  const rows = BUCKET_IDS.map((id, i): BucketChange => {
    const vals = (side: ProfiledSide, br: BucketRow[][], unit: 'pct' | 'per1k') =>
      br.map((rows, r) => (unit === 'pct' ? rows[i].percent : msPerThousandRequests(rows[i].ms, side.requests[r] ?? null)));
    const aPercent = mean(vals(a, ab, 'pct'));
    const bPercent = mean(vals(b, bb, 'pct'));
    const aMs = perRequest ? mean(vals(a, ab, 'per1k')) : null;
    const bMs = perRequest ? mean(vals(b, bb, 'per1k')) : null;
    // Where the work was done: the heaviest caller on the side that did more of it.
    const side = bPercent >= aPercent ? 'b' : 'a';
    const heaviest = (side === 'b' ? bb : ab).map((rows) => rows[i]).sort((x, y) => y.ms - x.ms)[0];
    const caller = heaviest?.callers.find((c) => c.frame >= 0) ?? null;
    return {
      id, name: BUCKET_LABELS[id], aPercent, bPercent, deltaPercent: bPercent - aPercent,
      aMsPer1k: aMs, bMsPer1k: bMs, deltaMsPer1k: aMs !== null && bMs !== null ? bMs - aMs : null,
      ...roundStats(vals(a, ab, perRequest ? 'per1k' : 'pct'), vals(b, bb, perRequest ? 'per1k' : 'pct'), a.paired, a.prior),
      where: caller && heaviest.ms > 0 ? {
        side, name: caller.name, location: caller.line?.location ?? caller.location, lineText: caller.line?.text ?? null,
      } : null,
    };
  });
  return byChange(rows);
}

