// Far beyond noise: for one run each, when the library holds no repeats of
// these settings (noise.ts), a change can still be so large that no run-to-run
// noise seen on this machine explains it — a 25× drop in requests/s is not
// "cannot tell". The method (docs/how-sure.md "Far beyond noise"):
//
// 1. The spread: how far apart repeated runs of the same code have been on
//    this machine — inside each variant of the library's experiments (its
//    rounds ran the same code, minutes apart: certain repeats, unlike two
//    recordings with the same settings, between which the code may have
//    changed), the largest max/min − 1 of each measure.
// 2. Never narrower than what a busy shared machine shows (DEFAULT_SPREAD_PERCENT:
//    2× in requests/s beside a CPU hog; tail latency far more): the library
//    can make Flambé more careful, never less.
// 3. A change is "far beyond noise" only when B/A (or A/B) exceeds the
//    spread three times over, (1 + spread)³: with 2×, beyond 8× either way.
//    Anything smaller stays "cannot tell: one run each" — never "no difference",
//    which this bound cannot support.
//
// Validated by simulation (machine-noise.test.ts) and by a real 25× pair and
// an A/A pair recorded beside a CPU hog (test/compare/far-beyond.test.ts).
import type { NoiseEstimate, NoiseMetric } from './noise.ts';
import type { NoiseBand } from './types.ts';
import { groupThousands } from '../number-format.ts';

/**
 * What runs of the same code can differ by on a busy machine, max/min − 1 in
 * %, when the library has not shown wider. DESIGN.md's 40% in requests/s is a
 * typical pair; beside a CPU hog a run can serve half the requests of the next
 * one (2×) and queue its requests far longer, so the defaults are the wide end:
 * a wrong "real" is the worst answer, a "cannot tell" costs one more run.
 */
export const DEFAULT_SPREAD_PERCENT: Readonly<Record<NoiseMetric, number>> = {
  rps: 100, cpuMsPer1k: 100, bytesPerRequest: 100,
  p50Ms: 200, p90Ms: 200, p99Ms: 400, maxMs: 400,
};

/** A change is far beyond noise past the spread this many times over (in ratio: (1 + spread)^3). */
export const FAR_BEYOND_TIMES = 3;

/** A run of the library known to repeat others: `repeatKey` names its group (an experiment's variant). */
export interface RepeatRun {
  repeatKey: string;
  /** "<cpu model>/<cores>": spreads of another machine (an imported group) say nothing of this one. */
  machine: string | null;
  values: Partial<Record<NoiseMetric, number>>;
}

export interface MachineNoise {
  /** Runs in groups of two or more, and how many groups. */
  runs: number;
  groups: number;
  /** The widest spread seen inside one group, max/min − 1 in %. */
  spreadPercent: Partial<Record<NoiseMetric, number>>;
}

/** The library's noise: repeats of A's and B's settings (noise.ts), and what repeats of any code on this machine have differed by (absent: the defaults). */
export interface LibraryNoise extends NoiseEstimate {
  machine?: MachineNoise;
}

/** The spread each measure reached inside the groups of repeats run on `machine`. */
export function machineNoise(runs: readonly RepeatRun[], machine: string | null): MachineNoise {
  const groups = new Map<string, RepeatRun[]>();
  for (const r of runs) {
    if (machine !== null && r.machine !== null && r.machine !== machine) continue;
    const g = groups.get(r.repeatKey);
    if (g) g.push(r);
    else groups.set(r.repeatKey, [r]);
  }
  const repeated = [...groups.values()].filter((g) => g.length >= 2);
  const spreadPercent: MachineNoise['spreadPercent'] = {};
  for (const metric of Object.keys(DEFAULT_SPREAD_PERCENT) as NoiseMetric[]) {
    for (const g of repeated) {
      const xs = g.map((r) => r.values[metric]).filter((v): v is number => v !== undefined && v > 0 && Number.isFinite(v));
      if (xs.length < 2) continue;
      const spread = (Math.max(...xs) / Math.min(...xs) - 1) * 100;
      spreadPercent[metric] = Math.max(spreadPercent[metric] ?? 0, spread);
    }
  }
  return { runs: repeated.reduce((s, g) => s + g.length, 0), groups: repeated.length, spreadPercent };
}

/** The spread a measure is judged against: the library's widest, or the default when that is wider (or nothing was seen). */
export function noiseBand(metric: NoiseMetric, machine: MachineNoise | null | undefined): NoiseBand {
  const seen = machine?.spreadPercent[metric] ?? null;
  const fallback = DEFAULT_SPREAD_PERCENT[metric];
  return seen !== null && seen > fallback ? { spreadPercent: seen, from: 'library', seenPercent: seen } : { spreadPercent: fallback, from: 'default', seenPercent: seen };
}

/** The smallest ratio (either way) called far beyond noise. */
export function farBeyondRatio(band: NoiseBand): number {
  return (1 + band.spreadPercent / 100) ** FAR_BEYOND_TIMES * (band.cpuShareRatio ?? 1);
}

/** Below this, two runs had a core for about as much of their busy time: the default spread already covers it. */
const SHARE_RATIO_MIN = 1.5;

/**
 * How many times more of its sampled busy time one run's main thread was on a core than the other's (its CPU clock
 * over its sampled busy time, each at most 1), when 1.5 or more; null when it is less or a run has no such reading.
 * Two A/A runs of a fast route beside two CPU hogs and a browser test served 144 and 1 969 requests/s (13.6×, past
 * the 8× bar). A run that waits for a core serves less for that alone: its own starvation explains that much of a
 * wall-time difference, and what is left must still be far beyond the spread.
 */
export function cpuShareRatio(a: number | null, b: number | null): number | null {
  if (a === null || b === null || !(a > 0) || !(b > 0)) return null;
  const r = Math.max(a, b) / Math.min(a, b);
  return r >= SHARE_RATIO_MIN ? r : null;
}

export function isFarBeyond(a: number, b: number, band: NoiseBand): boolean {
  if (!(a > 0) || !(b > 0) || !Number.isFinite(a) || !Number.isFinite(b)) return false;
  return Math.abs(Math.log(b / a)) > Math.log(farBeyondRatio(band));
}

/** "±40%" under 100%, "2.5×" from there (a −100% would read as nothing left). */
export function spreadText(spreadPercent: number): string {
  return spreadPercent < 100 ? `±${Math.round(spreadPercent)}%` : `${(1 + spreadPercent / 100).toFixed(1)}×`;
}

/** "25×" / "1.8×" — how many times the larger side is the smaller. */
export function timesText(a: number, b: number): string {
  const r = Math.max(a, b) / Math.min(a, b);
  // 9.96 is "10×", not "10.0×": whole numbers from 10 on, whatever the rounding shows, in the one style ("1 249×").
  return `${Number(r.toFixed(1)) >= 10 ? groupThousands(Math.round(r)) : r.toFixed(1)}×`;
}
