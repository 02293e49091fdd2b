// Compare per route: the routes of A's and B's multi-route bursts matched by
// method and path, each with its requests/s and percentiles, the change and
// how sure (metric.ts: from the rounds when each side has two or more — an
// experiment's rounds, paired — else "cannot tell: one run each"; the
// library's repeats teach the noise of a whole burst, not of one route's share).
import type { RouteLoad } from '../api.ts';
import { metricOf } from './metric.ts';
import type { Metric } from './types.ts';

export interface RouteChange {
  method: string;
  path: string;
  /** Null when the route is in one side only. */
  rps: Metric | null;
  p50Ms: Metric | null;
  p75Ms: Metric | null;
  p95Ms: Metric | null;
  p99Ms: Metric | null;
  /** The side that has it, when only one does. */
  only: 'a' | 'b' | null;
}

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** Each side's rounds, each round its routes (a recording's load.routes); paired: round i of A ran with round i of B. */
export function compareRoutes(aRounds: readonly (readonly RouteLoad[])[], bRounds: readonly (readonly RouteLoad[])[], paired = false): RouteChange[] {
  const names: { method: string; path: string }[] = [];
  for (const r of [...aRounds.flat(), ...bRounds.flat()]) if (!names.some((n) => key(n) === key(r))) names.push({ method: r.method, path: r.path });
  return names.map(({ method, path }) => {
    const pick = (rounds: readonly (readonly RouteLoad[])[]) => rounds.map((rs) => rs.find((r) => key(r) === `${method} ${path}` && r.requests > 0)).filter((r): r is RouteLoad => !!r);
    const a = pick(aRounds);
    const b = pick(bRounds);
    const only = !a.length ? 'b' : !b.length ? 'a' : null;
    const both = paired && a.length === b.length;
    const m = (f: (r: RouteLoad) => number | undefined): Metric | null => {
      if (only) return null;
      const av = a.map(f).filter((x): x is number => x !== undefined);
      const bv = b.map(f).filter((x): x is number => x !== undefined);
      return av.length && bv.length ? metricOf(av, bv, undefined, both && av.length === bv.length) : null;
    };
    return {
      method, path, only,
      rps: m((r) => r.rps), p50Ms: m((r) => r.latencyMs.p50), p75Ms: m((r) => r.latencyMs.p75), p95Ms: m((r) => r.latencyMs.p95), p99Ms: m((r) => r.latencyMs.p99),
    };
  });
}
