// The public API of shared/compare: A against B (each one or more rounds),
// as one Comparison object; README.md explains the method.
export type {
  AllocationChange, AllocationsComparison, Basis, NoiseBand, BucketChange, ChangeRow, Comparison, CompareRound, CompareWarning, HowSure, LoadComparison, Metric, RunMeta, SideSummary,
} from './types.ts';
export { buildComparison, cpuMsPer1k, type CompareOptions } from './compare.ts';
export { roundFromRecording, roundRequests, runMetaOf } from './round.ts';
export { estimateNoise, MIN_NOISE_DF, NOISE_METRICS, settingsKey, singleRunInterval, type MetricNoise, type NoiseEstimate, type NoiseMetric, type NoiseRun } from './noise.ts';
export { metricOf } from './metric.ts';
export {
  DEFAULT_SPREAD_PERCENT, FAR_BEYOND_TIMES, farBeyondRatio, isFarBeyond, machineNoise, noiseBand, type LibraryNoise, type MachineNoise, type RepeatRun,
} from './machine-noise.ts';
export { processCpuMsPer1k } from './process-cpu.ts';
export { unavailableViews, unlikeRunWarnings } from './warnings.ts';
export { verdictOf, formatChange, formatMs, formatRatio, type VerdictExtras } from '../verdict/compare-verdict.ts';
export { oneSidedWork, type OneSidedWork, type RoundBuckets } from './one-sided.ts';
export { farBeyondWords, per1kUnit, signed, signedPercent, surenessOf, surenessWords, type Sureness } from './words.ts';
