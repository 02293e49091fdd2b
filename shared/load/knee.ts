// Where a concurrency sweep saturates the server, by a stated rule.
//
// Little's law for a closed loop: connections = throughput × latency. While
// the server has spare capacity, more connections raise throughput and
// latency stays flat; once saturated, throughput stays flat and each extra
// connection only queues, so latency grows in proportion. The rule:
//   the knee is the first level L after which, at the next level,
//   throughput rose by less than 10 % AND p95 latency grew by a larger
//   factor than throughput did ("latency grows faster than throughput").
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
    if (throughput < 1 + KNEE_MAX_GAIN && latency > throughput) {
      return {
        connections: a.connections,
        reason: `Past ${a.connections} connection${a.connections === 1 ? '' : 's'}, latency grows faster than throughput: ` +
          `at ${b.connections}, requests/s ${change(throughput)} (${num(a.rps)} → ${num(b.rps)}) while p95 grew ${pct(latency)} ` +
          `(${num(a.p95Ms)} → ${num(b.p95Ms)} ms): the server is saturated.`,
      };
    }
  }
  return null;
}
