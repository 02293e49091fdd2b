// Compare where each request's time went: the parts of A's and B's request
// time (own CPU, each thing waited on, queueing) matched by kind, target and
// statement, side by side in ms per request with the change and how sure
// (metric.ts: from the rounds when each side has two or more — an
// experiment's pairs — else "cannot tell: one run each"). A part one side
// lacks is 0 ms there. A database or cache statement also by its ms per call
// ("`SELECT … WHERE account_id = $1`: 224 → 3 ms per call"): an index changes
// that, where ms per request also moves with how many calls a request makes.
import type { RequestTime, RequestTimeKind, RequestTimePart } from '../recording/request-time.ts';
import { partLabel } from '../request-time/sentence.ts';
import { statementLabel, unseenPrepared } from '../request-time/statements.ts';
import { metricOf } from './metric.ts';
import { surenessWords } from './words.ts';
import type { Metric } from './types.ts';

export interface RequestTimeChange {
  kind: RequestTimeKind;
  target: string;
  /** "GET 127.0.0.1:4001/quote", "own code", "queued" (sentence.ts partLabel). */
  label: string;
  msPerRequest: Metric;
  /** The statement read off the wire (literals replaced), for a database or cache call. */
  statement?: string;
  /** A statement's ms per call, from the rounds where it was called; absent when a side never called it. */
  msPerCall?: Metric;
}

export interface RequestTimeComparison {
  /** Mean latency as the server-side split measured it. */
  perRequestMs: Metric;
  parts: RequestTimeChange[];
}

/** Parts below this share on both sides are left out (noise of the split, not a cause). */
const MIN_SHARE = 0.01;
const key = (p: { kind: string; target: string; statement?: string }) => `${p.kind}\u0000${p.target}\u0000${p.statement ?? ''}`;

/** Each side's rounds' requestTime (null where a round had none); null when either side has none at all. */
export function compareRequestTime(aRounds: readonly (RequestTime | null | undefined)[], bRounds: readonly (RequestTime | null | undefined)[], paired = false): RequestTimeComparison | null {
  const a = aRounds.filter((r): r is RequestTime => !!r);
  const b = bRounds.filter((r): r is RequestTime => !!r);
  if (!a.length || !b.length) return null;
  const both = paired && a.length === b.length && a.length === aRounds.length && b.length === bRounds.length;
  const seen = new Map<string, { kind: RequestTimeKind; target: string; label: string; statement?: string }>();
  for (const rt of [...a, ...b]) {
    for (const p of rt.parts) {
      if (p.share >= MIN_SHARE && !seen.has(key(p))) seen.set(key(p), { kind: p.kind, target: p.target, label: partLabel(p), ...(p.statement ? { statement: p.statement } : {}) });
    }
  }
  const partOf = (rt: RequestTime, k: string) => rt.parts.find((p) => key(p) === k);
  const msOf = (rt: RequestTime, k: string) => partOf(rt, k)?.msPerRequest ?? 0;
  const parts = [...seen].map(([k, p]) => {
    const msPerCall = p.statement ? perCallMetric(a.map((rt) => partOf(rt, k)), b.map((rt) => partOf(rt, k)), both) : null;
    return { ...p, msPerRequest: metricOf(a.map((rt) => msOf(rt, k)), b.map((rt) => msOf(rt, k)), undefined, both), ...(msPerCall ? { msPerCall } : {}) };
  });
  parts.sort((x, y) => Math.max(y.msPerRequest.a, y.msPerRequest.b) - Math.max(x.msPerRequest.a, x.msPerRequest.b));
  return { perRequestMs: metricOf(a.map((rt) => rt.perRequestMs.mean), b.map((rt) => rt.perRequestMs.mean), undefined, both), parts };
}

/** ms per call over the rounds that called the statement; null when a side never did (a call gone is said by ms per request). */
function perCallMetric(aParts: readonly (RequestTimePart | undefined)[], bParts: readonly (RequestTimePart | undefined)[], paired: boolean): Metric | null {
  const perCall = (ps: readonly (RequestTimePart | undefined)[]) => ps.filter((p): p is RequestTimePart => !!p && p.callsPerRequest > 0).map((p) => p.msPerRequest / p.callsPerRequest);
  const a = perCall(aParts);
  const b = perCall(bParts);
  if (!a.length || !b.length) return null;
  return metricOf(a, b, undefined, paired && a.length === aParts.length && b.length === bParts.length);
}

// A statement as code, or the words for one whose text was never read (prepared before recording began).
const statementShown = (statement: string) => (unseenPrepared(statement) ? statementLabel(statement) : `\`${statement}\``);
const perCallMs = (x: number) => (x >= 100 ? `${Math.round(x)}` : `${Number(x.toPrecision(2))}`);

/** "`SELECT … FROM invoices WHERE account_id = $1`: 224 → 3 ms per call (−99%, sure)": each statement's change per call, largest first. */
export function statementChangeLines(c: RequestTimeComparison): string[] {
  return c.parts.filter((p) => p.msPerCall)
    .sort((x, y) => Math.abs(y.msPerCall!.delta) - Math.abs(x.msPerCall!.delta))
    .map((p) => {
      const m = p.msPerCall!;
      const pct = m.deltaPercent === null ? '' : `${m.deltaPercent > 0 ? '+' : m.deltaPercent < 0 ? '−' : ''}${Math.abs(Math.round(m.deltaPercent))}%, `;
      return `${statementShown(p.statement!)}: ${perCallMs(m.a)} → ${perCallMs(m.b)} ms per call (${pct}${surenessWords(m)})`;
    });
}
