// Statistics for comparing repeated measurements (experiment rounds, runs of
// the same target): see compare-samples.ts (independent rounds, Welch) and
// paired.ts (an experiment's back-to-back pairs) for the methods and why.
export { compareSamples, welch, mean, variance } from './compare-samples.ts';
export type { Difference, WelchResult } from './compare-samples.ts';
export { comparePaired, type SpreadPrior } from './paired.ts';
export { studentTCdf, studentTQuantile } from './student-t.ts';
export { seededRandom, normalRandom } from './random.ts';
export type { TestBehind } from './compare-samples.ts';
export { pairsAgreeing } from './paired.ts';
export { holm, benjaminiHochberg, effectiveAlpha } from './multiplicity.ts';
export { judge, intervalAt, effectPercent, AGREEING_PAIRS, type Judgement } from './judge.ts';
