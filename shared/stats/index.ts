// Statistics for comparing repeated measurements (experiment rounds, runs of
// the same target): see compare-samples.ts for the method and why.
export { compareSamples, welch, mean, variance } from './compare-samples.ts';
export type { Difference, WelchResult } from './compare-samples.ts';
export { studentTCdf, studentTQuantile } from './student-t.ts';
export { seededRandom, normalRandom } from './random.ts';
