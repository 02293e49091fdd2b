// Where a concurrency sweep saturates the server, by a stated rule.
//
// Little's law for a closed loop: connections = throughput × latency. While
// the server has spare capacity, more connections raise throughput and
// latency stays flat; once saturated, throughput stays flat and each extra
// connection only queues, so latency grows in proportion. The rule:
//   the knee is the first level L after which, at the next level,
//   throughput rose by less than 10 % AND p95 latency grew by a larger
//   factor than throughput did ("latency grows faster than throughput")
//   AND p95 took up at least half of the added connections (5 → 8
//   connections, 1.6×: p95 grew at least 1.3×)
//   AND no later level served 10 % more requests/s than L did.
// The last condition keeps noise out: saturated, latency must grow about as
// the connections do (throughput flat, connections = throughput × latency),
// while a few % of jitter in p95 — or a load generator that is itself the
// limit, so requests wait in it rather than in the server — does not. The
// last keeps one bad level out: a Fastify server on 2 cores measured
// 1 694 → 1 584 → 2 366 → 2 426 req/s at 1, 5, 10, 20 connections (the 5 was
// a dip): it was not saturated at 1, since 10 served 40 % more.
// A sweep in which no step does that has no knee (null): not saturated yet.
export interface SweepPoint {
  connections: number;
  rps: number;
  p95Ms: number;
}

export interface Knee {
  connections: number;
  reason: string;
}

/** Throughput gain below this, between two levels, counts as "stopped rising". */
export const KNEE_MAX_GAIN = 0.1;
/** The share of the added connections p95 must take up (Little's law: all of it when throughput is flat). */
export const KNEE_MIN_LATENCY_SHARE = 0.5;

/** The rule in words, for the UI's "How the knee is found" and `flambe sweep --help`. */
export const KNEE_RULE_TEXT =
  'The knee is the last level after which requests/s rose by less than 10 % while p95 latency grew by more than requests/s did, ' +
  'and by at least half as much as the connections did (5 → 8 connections: p95 at least 1.3×), and no later level served 10 % more requests/s — ' +
  'so a few % of noise, or one level that dipped, is not called a knee.';

/** What the UI, the CLI and a saved sweep's summary say when findKnee finds none and latency did not climb (kneeSentence). */
export const NO_KNEE_TEXT = 'Not saturated yet: at no step did requests/s level off while latency grew (no knee).';

/** p95 at least this many times its first level's, over the sweep: latency climbed "several-fold". */
export const LATENCY_CLIMB = 3;

/**
 * The sweep's sentence: the knee's reason; else, when latency climbed
 * several-fold while requests/s grew far less (262 → 301 → 295 → 350 req/s
 * while p95 went 6.8 → 87 ms), "no clear knee" and why — never "not
 * saturated" then; else NO_KNEE_TEXT.
 */
export function kneeSentence(knee: Knee | null, points: readonly SweepPoint[]): string {
  if (knee) return knee.reason;
  const sorted = [...points].filter((p) => p.rps > 0 && p.p95Ms > 0).sort((a, b) => a.connections - b.connections);
  if (sorted.length >= 2) {
    const first = sorted[0];
    const last = sorted[sorted.length - 1];
    const latency = last.p95Ms / first.p95Ms;
    const throughput = last.rps / first.rps;
    if (latency >= LATENCY_CLIMB && latency > 2 * throughput) {
      // The answer first (near its limit; which level, cannot tell yet), the numbers after (issue 38: answers first).
      return `Near its limit, though no single step levelled off clearly (no clear knee): from ${first.connections} to ${last.connections} connections `
        + `requests/s ${change(throughput)} (${num(first.rps)} → ${num(last.rps)}) while p95 grew ${latency.toFixed(1)}× (${num(first.p95Ms)} → ${num(last.p95Ms)} ms) — `
        + 'the extra connections mostly queue.';
    }
  }
  return NO_KNEE_TEXT;
}

/** A sweep's levels as the knee rule reads them (p95, or p99 where an old level lacks it). */
export function sweepPoints(levels: readonly { connections: number; rps: number; latencyMs: { p95?: number; p99: number } }[]): SweepPoint[] {
  return levels.map((l) => ({ connections: l.connections, rps: l.rps, p95Ms: l.latencyMs.p95 ?? l.latencyMs.p99 }));
}

const pct = (ratio: number) => `${Math.round((ratio - 1) * 100)} %`;
/** "rose 3 %", "fell 55 %", "stayed level": a student reads no signed percentages. */
const change = (ratio: number) => {
  const p = Math.round((ratio - 1) * 100);
  return p > 0 ? `rose ${p} %` : p < 0 ? `fell ${-p} %` : 'stayed level';
};
const num = (x: number) => (x >= 100 ? Math.round(x).toString() : x.toFixed(1));

export function findKnee(points: readonly SweepPoint[]): Knee | null {
  const sorted = [...points].filter((p) => p.rps > 0 && p.p95Ms > 0).sort((a, b) => a.connections - b.connections);
  for (let i = 0; i + 1 < sorted.length; i++) {
    const a = sorted[i];
    const b = sorted[i + 1];
    const throughput = b.rps / a.rps;
    const latency = b.p95Ms / a.p95Ms;
    const added = b.connections / a.connections;
    const laterBest = Math.max(...sorted.slice(i + 1).map((p) => p.rps));
    if (throughput < 1 + KNEE_MAX_GAIN && latency > throughput && latency >= 1 + (added - 1) * KNEE_MIN_LATENCY_SHARE
      && laterBest < a.rps * (1 + KNEE_MAX_GAIN)) {
      return {
        connections: a.connections,
        // The answer first, then the numbers that show it (issue 38: answers first).
        reason: `Saturated past ${a.connections} connection${a.connections === 1 ? '' : 's'}: latency grows faster than throughput — ` +
          `at ${b.connections}, requests/s ${change(throughput)} (${num(a.rps)} → ${num(b.rps)}) while p95 grew ${pct(latency)} ` +
          `(${num(a.p95Ms)} → ${num(b.p95Ms)} ms).`,
      };
    }
  }
  return null;
}
