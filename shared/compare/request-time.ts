// Compare where each request's time went: the parts of A's and B's request
// time (own CPU, each thing waited on, queueing) matched by kind and target,
// side by side in ms per request with the change and how sure (metric.ts:
// from the rounds when each side has two or more — an experiment's pairs —
// else "cannot tell: one run each"). A part one side lacks is 0 ms there.
import type { RequestTime, RequestTimeKind } from '../recording/request-time.ts';
import { partLabel } from '../request-time/sentence.ts';
import { metricOf } from './metric.ts';
import type { Metric } from './types.ts';

export interface RequestTimeChange {
  kind: RequestTimeKind;
  target: string;
  /** "GET 127.0.0.1:4001/quote", "own CPU", "queued" (sentence.ts partLabel). */
  label: string;
  msPerRequest: Metric;
}

export interface RequestTimeComparison {
  /** Mean latency as the server-side split measured it. */
  perRequestMs: Metric;
  parts: RequestTimeChange[];
}

/** Parts below this share on both sides are left out (noise of the split, not a cause). */
const MIN_SHARE = 0.01;
const key = (p: { kind: string; target: string }) => `${p.kind}\u0000${p.target}`;

/** Each side's rounds' requestTime (null where a round had none); null when either side has none at all. */
export function compareRequestTime(aRounds: readonly (RequestTime | null | undefined)[], bRounds: readonly (RequestTime | null | undefined)[], paired = false): RequestTimeComparison | null {
  const a = aRounds.filter((r): r is RequestTime => !!r);
  const b = bRounds.filter((r): r is RequestTime => !!r);
  if (!a.length || !b.length) return null;
  const both = paired && a.length === b.length && a.length === aRounds.length && b.length === bRounds.length;
  const seen = new Map<string, { kind: RequestTimeKind; target: string; label: string }>();
  for (const rt of [...a, ...b]) {
    for (const p of rt.parts) if (p.share >= MIN_SHARE && !seen.has(key(p))) seen.set(key(p), { kind: p.kind, target: p.target, label: partLabel(p) });
  }
  const msOf = (rt: RequestTime, k: string) => rt.parts.find((p) => key(p) === k)?.msPerRequest ?? 0;
  const parts = [...seen].map(([k, p]) => ({ ...p, msPerRequest: metricOf(a.map((rt) => msOf(rt, k)), b.map((rt) => msOf(rt, k)), undefined, both) }));
  parts.sort((x, y) => Math.max(y.msPerRequest.a, y.msPerRequest.b) - Math.max(x.msPerRequest.a, x.msPerRequest.b));
  return { perRequestMs: metricOf(a.map((rt) => rt.perRequestMs.mean), b.map((rt) => rt.perRequestMs.mean), undefined, both), parts };
}
