// How different is B from A, when the rounds come in pairs run back to back?
// A t-interval on the per-pair log-ratios (Kalibera & Jones, "Rigorous
// benchmarking in reasonable time", and benchstat/hyperfine for the style).
//
// Why pairs (docs/how-sure.md "How sure is an experiment?" says it for users):
// - On a shared machine the level drifts: other processes start and stop,
//   the CPU clock moves. Two identical runs a minute apart can differ by 40%,
//   per-round requests/s on a busy 2-core box ranged 345–5 300. Comparing all
//   of A's rounds with all of B's (Welch) puts that drift into the noise, so a
//   2× change can hide in it.
// - An experiment runs A and B back to back in pairs, so what the machine
//   was doing at that moment hits both rounds of a pair alike. The pair's
//   ratio B/A cancels it; only what changes within a pair (a few seconds) is
//   left as noise. The pairs alternate A B, B A, A B … so that a steady trend
//   (the machine slowly getting busier) favours A in one pair and B in the
//   next instead of always the same side.
// - Logarithms because speed is multiplicative: d = ln(B/A) per pair; the
//   interval mean(d) ± t(0.975, n − 1)·sd(d)/√n, exponentiated, is an interval
//   of the ratio of geometric means, so `deltaPercent` always lies inside
//   `ci95`, and req/s and ms per request test the same.
// - Student's t with n − 1 degrees of freedom: with 3 pairs t(0.975, 2) = 4.30,
//   so three pairs must agree closely to show a change — that is what keeps
//   false alarms at 5% (simulated in paired.test.ts with drift and
//   heavy-tailed noise: see docs/how-sure.md for the rates).
// Values ≤ 0 (error counts, an idle bucket) have no logarithm: those use the
// raw differences and express the interval relative to A's mean.
import type { Difference, TestBehind } from './compare-samples.ts';
import { allNonNegative, mean, rawIntervalPercent, variance } from './compare-samples.ts';
import { studentTCdf, studentTQuantile } from './student-t.ts';

/**
 * What the per-pair log-ratios of the same code spread by, known apart from the pairs at hand (a busy machine's,
 * measured beside a CPU hog), worth `df` pairs of evidence. Three pairs that happen to agree closely say little
 * about the spread (df 2): with a prior the variance is the two pooled — (df·sd² + (n − 1)·s²) / (df + n − 1), on
 * df + n − 1 degrees of freedom (Smyth's moderated t, as limma uses for few replicates) — so luck in three pairs is
 * not taken for precision, while pairs that truly spread wider than the prior keep their own spread.
 */
export interface SpreadPrior { sd: number; df: number }

/** mean ± half-width of a one-sample t interval; the half-width is 0 when every value is the same (and no prior). */
function tInterval(xs: readonly number[], confidence: number, prior?: SpreadPrior): { m: number; half: number; se: number; df: number; pValue: number } {
  const m = mean(xs);
  const own = xs.length - 1;
  const df = prior ? prior.df + own : own;
  const v = prior ? (prior.df * prior.sd ** 2 + own * variance(xs)) / df : variance(xs);
  const se = Math.sqrt(v / xs.length);
  if (se === 0) return { m, half: 0, se, df, pValue: m === 0 ? 1 : 0 };
  const pValue = 2 * (1 - studentTCdf(Math.abs(m) / se, df));
  return { m, half: studentTQuantile(1 - (1 - confidence) / 2, df) * se, se, df, pValue };
}

/** How many of the per-pair differences have the sign of their mean (0 counts for neither side). */
export function pairsAgreeing(d: readonly number[]): number {
  const s = Math.sign(mean(d));
  return s === 0 ? 0 : d.filter((x) => Math.sign(x) === s).length;
}

/**
 * Compares paired per-round values: a[i] and b[i] ran back to back (one pair
 * of an experiment). Both arrays must have the same length.
 */
/** `prior`: the spread known apart from these pairs (log scale only: a ratio's spread means nothing for raw values). */
export function comparePaired(a: readonly number[], b: readonly number[], opts?: { confidence?: number; prior?: SpreadPrior }): Difference {
  if (a.length !== b.length) throw new RangeError('comparePaired needs as many values of A as of B (one of each per pair)');
  if (a.length === 0) throw new RangeError('comparePaired needs at least one pair');
  const confidence = opts?.confidence ?? 0.95;
  if (!(confidence > 0 && confidence < 1)) throw new RangeError('confidence must be between 0 and 1');
  const canTest = a.length >= 2;

  if (a.every((x) => x > 0) && b.every((x) => x > 0)) {
    const d = a.map((x, i) => Math.log(b[i] / x));
    const ga = Math.exp(mean(a.map(Math.log)));
    const gb = Math.exp(mean(b.map(Math.log)));
    const deltaPercent = (Math.exp(mean(d)) - 1) * 100;
    if (!canTest) return { a: ga, b: gb, deltaPercent, ci95: null, significant: null };
    const { m, half, se, df, pValue } = tInterval(d, confidence, opts?.prior);
    const ci95: [number, number] = [(Math.exp(m - half) - 1) * 100, (Math.exp(m + half) - 1) * 100];
    const test: TestBehind = { scale: 'log', center: m, se, df, pValue, base: 1, agree: pairsAgreeing(d), pairs: d.length };
    return { a: ga, b: gb, deltaPercent, ci95, significant: !(ci95[0] <= 0 && ci95[1] >= 0), test };
  }

  const ma = mean(a);
  const mb = mean(b);
  const deltaPercent = ma !== 0 ? (mb / ma - 1) * 100 : mb === 0 ? 0 : Math.sign(mb) * Infinity;
  if (!canTest) return { a: ma, b: mb, deltaPercent, ci95: null, significant: null };
  const diffs = a.map((x, i) => b[i] - x);
  const { m, half, se, pValue } = tInterval(diffs, confidence);
  const lo = m - half;
  const hi = m + half;
  // Relative to A's mean (its own uncertainty is left out: a slight understatement, only for values that can be 0).
  const nonNegative = allNonNegative(a, b);
  const ci95 = rawIntervalPercent(lo, hi, ma, nonNegative);
  const test: TestBehind = { scale: 'raw', center: m, se, df: diffs.length - 1, pValue, base: ma, agree: pairsAgreeing(diffs), pairs: diffs.length, nonNegative };
  return { a: ma, b: mb, deltaPercent, ci95, significant: !(lo <= 0 && hi >= 0), test };
}
