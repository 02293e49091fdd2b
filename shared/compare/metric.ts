// One number of A against B, with how sure Flambé is: from rounds (two or
// more a side: shared/stats' Welch interval, or its paired interval when the
// rounds ran in back-to-back pairs — an experiment), from the library's
// repeats (noise.ts), as far beyond any noise this machine has shown
// (machine-noise.ts: no interval, only its size), or not at all ("one run
// each: repeat both to know").
import { compareSamples, comparePaired, type SpreadPrior } from '../stats/index.ts';
import { singleRunInterval, type MetricNoise } from './noise.ts';
import { isFarBeyond } from './machine-noise.ts';
import type { Metric, NoiseBand } from './types.ts';

/**
 * `paired`: aRounds[i] and bRounds[i] ran back to back (an experiment's pairs; both sides as long).
 * `band`: for one run each, the spread a change must be far beyond to be called real without repeats.
 * `prior`: for pairs, the spread known apart from them (stats/paired.ts SpreadPrior).
 */
export function metricOf(aRounds: number[], bRounds: number[], noise?: MetricNoise, paired = false, band?: NoiseBand, prior?: SpreadPrior): Metric {
  const d = paired ? comparePaired(aRounds, bRounds, { prior }) : compareSamples(aRounds, bRounds);
  // One round: its own value (a geometric mean of one is that value, give or take a rounding).
  const a = aRounds.length === 1 ? aRounds[0] : d.a;
  const b = bRounds.length === 1 ? bRounds[0] : d.b;
  const deltaPercent = a > 0 ? (b / a - 1) * 100 : Number.isFinite(d.deltaPercent) ? d.deltaPercent : null;
  const base = { a, b, delta: b - a, deltaPercent };
  // A measure that cannot be negative cannot fall by more than all of it: shared/stats cuts its interval at −100%.
  if (aRounds.length >= 2 && bRounds.length >= 2) return { ...base, ci95: d.ci95, significant: d.significant, basis: 'rounds', ...(d.test ? { test: d.test } : {}) };
  if (aRounds.length === 1 && bRounds.length === 1) {
    const ci95 = singleRunInterval(a, b, noise);
    if (ci95) return { ...base, ci95, significant: !(ci95[0] <= 0 && ci95[1] >= 0), basis: 'repeats' };
    if (band && isFarBeyond(a, b, band)) return { ...base, ci95: null, significant: true, basis: 'machine', noiseBand: band };
  }
  return { ...base, ci95: null, significant: null, basis: 'single' };
}
