// How different are B's rounds from A's? Welch's t-interval on the logarithms
// of the per-round values, read back as a ratio.
//
// Why this method (docs/how-sure.md "How sure is an experiment?" says it for users):
// - Rounds, not requests, are the unit: run-to-run noise on a shared machine
//   (CPU frequency, other processes, GC timing) is far larger than what one
//   run's own spread suggests, and only repetition measures it.
// - Welch's t (unequal variances), as hyperfine's `welch_ttest.py` does: with
//   3 rounds a side a rank test cannot ever reach 5% (Mann–Whitney's smallest
//   two-sided p for 3 vs 3 is 2/20 = 0.1, which is why benchstat prints `~`
//   for so few runs), while t still can when the rounds agree closely.
// - Logarithms because speed is multiplicative: a change is "20% faster", and
//   noise grows with the level. The interval of mean(log B) − mean(log A),
//   exponentiated, is an interval of the ratio of geometric means, so
//   `deltaPercent` always lies inside `ci95`, and the test is the same whether
//   one compares req/s or ms per request.
// - The quantile of t is computed for the fractional Welch–Satterthwaite
//   degrees of freedom (student-t.ts), because df is often 2–4 here.
// Values ≤ 0 (error counts, an idle bucket) have no logarithm: those use
// Welch on the raw values and express the interval relative to A's mean.

import { studentTCdf, studentTQuantile } from './student-t.ts';

export interface Difference {
  /** A's central value: the geometric mean of its rounds (the arithmetic mean when a value is ≤ 0). */
  a: number;
  /** B's central value, computed the same way as `a`. */
  b: number;
  /** B against A in %: (b / a − 1) × 100. 0 when both are 0; ±Infinity when only a is 0. */
  deltaPercent: number;
  /** Interval of deltaPercent at the requested confidence (95% by default); null when it cannot be computed (fewer than 2 rounds on a side, or a is 0). */
  ci95: [number, number] | null;
  /** True when the interval excludes 0; null when it cannot tell (fewer than 2 rounds on a side). */
  significant: boolean | null;
  /**
   * The test behind ci95 (two or more rounds a side), so that the interval can
   * be widened when many measures are judged at once (multiplicity.ts) and
   * the pairs' agreement read (judge.ts).
   */
  test?: TestBehind;
}

/** A t test on the logarithms (or on raw values), as ci95 came from it. */
export interface TestBehind {
  scale: 'log' | 'raw';
  /** The estimated difference on the tested scale (mean of ln(B/A), or of B − A). */
  center: number;
  /** Its standard error. */
  se: number;
  df: number;
  /** Two-sided p-value of "no difference", before any correction. */
  pValue: number;
  /** What a raw difference is a percentage of (A's mean); 1 on the log scale. */
  base: number;
  /** Paired: how many pairs changed in the direction of the estimate, out of `pairs`; null for unpaired rounds. */
  agree: number | null;
  pairs: number | null;
  /** Raw scale: every value was ≥ 0 (a count, ms, bytes), so B cannot fall by more than all of it — its interval stops at −100 %. */
  nonNegative?: boolean;
}

/**
 * A raw difference's interval in % of A's mean `base` (null when base ≤ 0). A measure that cannot be negative cannot
 * fall by more than 100 %: an additive interval reaching below (two rounds with a zero: "−557 %") is cut there — the
 * true change lies inside what is left. One rule for every interval (compareSamples, comparePaired, judge.ts).
 */
export function rawIntervalPercent(lo: number, hi: number, base: number, nonNegative: boolean): [number, number] | null {
  if (!(base > 0)) return null;
  const floor = (x: number) => (nonNegative ? Math.max(-100, x) : x);
  return [floor((lo / base) * 100), floor((hi / base) * 100)];
}

/** Every value is ≥ 0: see TestBehind.nonNegative. */
export const allNonNegative = (...sides: (readonly number[])[]) => sides.every((xs) => xs.every((x) => x >= 0));

export interface WelchResult {
  /** mean(B) − mean(A), on the scale that was tested (logs, or raw values). */
  diff: number;
  /** Standard error of diff. */
  se: number;
  /** Welch–Satterthwaite degrees of freedom (Infinity when both sides have no spread). */
  df: number;
  /** Two-sided p-value of "no difference". */
  pValue: number;
  /** Half-width of the interval at the requested confidence. */
  halfWidth: number;
}

export function mean(xs: readonly number[]): number {
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

/** Sample variance (n − 1 in the denominator). */
export function variance(xs: readonly number[]): number {
  const m = mean(xs);
  let sum = 0;
  for (const x of xs) sum += (x - m) * (x - m);
  return sum / (xs.length - 1);
}

/** Welch's two-sample t on already-transformed values; both sides need ≥ 2 values. */
export function welch(a: readonly number[], b: readonly number[], confidence = 0.95): WelchResult {
  if (a.length < 2 || b.length < 2) throw new RangeError('Welch\'s test needs at least 2 values on each side');
  const diff = mean(b) - mean(a);
  const va = variance(a) / a.length;
  const vb = variance(b) / b.length;
  const se = Math.sqrt(va + vb);
  if (se === 0) {
    // Every round on each side gave the same value: any difference is exact.
    return { diff, se: 0, df: Infinity, pValue: diff === 0 ? 1 : 0, halfWidth: 0 };
  }
  const df = (va + vb) ** 2 / ((va * va) / (a.length - 1) + (vb * vb) / (b.length - 1));
  const t = Math.abs(diff) / se;
  const pValue = 2 * (1 - studentTCdf(t, df));
  const halfWidth = studentTQuantile(1 - (1 - confidence) / 2, df) * se;
  return { diff, se, df, pValue, halfWidth };
}

/**
 * Compares the per-round values of two variants (e.g. requests/s of each
 * round). `opts.confidence` defaults to 0.95; the field keeps the name ci95.
 */
export function compareSamples(a: number[], b: number[], opts?: { confidence?: number }): Difference {
  if (a.length === 0 || b.length === 0) throw new RangeError('compareSamples needs at least one value on each side');
  const confidence = opts?.confidence ?? 0.95;
  if (!(confidence > 0 && confidence < 1)) throw new RangeError('confidence must be between 0 and 1');
  const canTest = a.length >= 2 && b.length >= 2;
  const positive = a.every((x) => x > 0) && b.every((x) => x > 0);

  if (positive) {
    const la = a.map(Math.log);
    const lb = b.map(Math.log);
    const ga = Math.exp(mean(la));
    const gb = Math.exp(mean(lb));
    const deltaPercent = (gb / ga - 1) * 100;
    if (!canTest) return { a: ga, b: gb, deltaPercent, ci95: null, significant: null };
    const w = welch(la, lb, confidence);
    const ci95: [number, number] = [(Math.exp(w.diff - w.halfWidth) - 1) * 100, (Math.exp(w.diff + w.halfWidth) - 1) * 100];
    const test: TestBehind = { scale: 'log', center: w.diff, se: w.se, df: w.df, pValue: w.pValue, base: 1, agree: null, pairs: null };
    return { a: ga, b: gb, deltaPercent, ci95, significant: !(ci95[0] <= 0 && ci95[1] >= 0), test };
  }

  const ma = mean(a);
  const mb = mean(b);
  const deltaPercent = ma !== 0 ? (mb / ma - 1) * 100 : mb === 0 ? 0 : Math.sign(mb) * Infinity;
  if (!canTest) return { a: ma, b: mb, deltaPercent, ci95: null, significant: null };
  const w = welch(a, b, confidence);
  const lo = w.diff - w.halfWidth;
  const hi = w.diff + w.halfWidth;
  const significant = !(lo <= 0 && hi >= 0);
  // Relative to A's mean (its own uncertainty is left out: a slight understatement, only for values that can be 0).
  const nonNegative = allNonNegative(a, b);
  const ci95 = rawIntervalPercent(lo, hi, ma, nonNegative);
  const test: TestBehind = { scale: 'raw', center: w.diff, se: w.se, df: w.df, pValue: w.pValue, base: ma, agree: null, pairs: null, nonNegative };
  return { a: ma, b: mb, deltaPercent, ci95, significant, test };
}
