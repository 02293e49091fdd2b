// "Real", "no clear difference" or "no meaningful difference": one measure's
// judgement after the corrections (multiplicity.ts), from the test behind its
// interval. A change is called real only when all three hold:
// 1. its interval, widened for the many measures judged together, leaves out 0;
// 2. in paired rounds, most pairs (at least 3 in 4) moved the same way — a
//    mean pulled by one or two bursts of other work is not a change;
// 3. it is at least the smallest change worth reporting (criterion's noise
//    threshold): a 1% change on a shared machine is below what any two runs
//    differ by, however many pairs say it.
// "No meaningful difference" when the change is real but below that size, or
// when the whole interval lies within ± that size (then Flambé knows the
// change is small, not only that it cannot see one).
import { rawIntervalPercent, type TestBehind } from './compare-samples.ts';
import { studentTQuantile } from './student-t.ts';

export interface Judgement {
  /** The interval of B against A in %, at `confidence` (null when it cannot be put in % of A). */
  ci: [number, number] | null;
  confidence: number;
  significant: boolean;
  /** The change is known to be smaller than the smallest meaningful one. */
  negligible: boolean;
  /** Paired: at least 3 in 4 pairs moved the way of the estimate (true when unpaired). */
  pairsAgree: boolean;
}

/** The share of pairs that must move the same way for a change to be called real. */
export const AGREEING_PAIRS = 0.75;

/** The interval of B against A in % at another confidence, from the same test. */
export function intervalAt(t: TestBehind, confidence: number): [number, number] | null {
  const half = t.se === 0 || !Number.isFinite(t.df) ? 0 : studentTQuantile(1 - (1 - confidence) / 2, t.df) * t.se;
  if (t.scale === 'log') return [(Math.exp(t.center - half) - 1) * 100, (Math.exp(t.center + half) - 1) * 100];
  return rawIntervalPercent(t.center - half, t.center + half, t.base, !!t.nonNegative);
}

/** The estimate in % of A (Infinity when A is 0 and B is not). */
export function effectPercent(t: TestBehind): number {
  if (t.scale === 'log') return (Math.exp(t.center) - 1) * 100;
  return t.base > 0 ? (t.center / t.base) * 100 : t.center === 0 ? 0 : Math.sign(t.center) * Infinity;
}

/**
 * `alpha`: this measure's error rate after the correction (effectiveAlpha);
 * `minEffectPercent`: the smallest change worth reporting, in % of A.
 */
export function judge(t: TestBehind, alpha: number, minEffectPercent: number): Judgement {
  const confidence = 1 - alpha;
  const ci = intervalAt(t, confidence);
  const excludesZero = ci ? !(ci[0] <= 0 && ci[1] >= 0) : t.pValue < alpha;
  const pairsAgree = t.agree === null || t.pairs === null || t.agree >= Math.ceil(AGREEING_PAIRS * t.pairs);
  const big = Math.abs(effectPercent(t)) >= minEffectPercent;
  const withinBand = !!ci && minEffectPercent > 0 && ci[0] > -minEffectPercent && ci[1] < minEffectPercent;
  const significant = excludesZero && pairsAgree && big;
  return { ci, confidence, significant, negligible: !significant && ((excludesZero && !big) || withinBand), pairsAgree };
}
