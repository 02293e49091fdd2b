// One sentence for a profiling-overhead measurement (Record screen and result).
import type { OverheadResult } from '../../../shared/api.ts';

export function overheadSentence(r: OverheadResult): string {
  const ci = r.ci95 ? ` (95 % interval ${r.ci95[0]} % to ${r.ci95[1]} %)` : '';
  return `Profiling at ${r.samplingIntervalUs} µs cost ${r.rpsCostPercent} % of requests/s${ci} and added ${r.p99CostPercent} % to p99, over ${r.rounds} rounds with and without it.`;
}
