// How the target process held up while it was recorded, every ~250 ms.
import { z } from 'zod';
import { amount, percent } from './limits.ts';
import { processMemoryFieldsSchema } from './memory.ts';

export const processSampleSchema = z.object({
  /** Milliseconds since profiling started. */
  tMs: amount,
  /** Event-loop utilization over the last interval, 0..1. */
  elu: z.number().min(0).max(1),
  /** Event-loop delay p99 over the last interval, ms (null when unavailable). */
  loopDelayP99Ms: amount.nullable(),
  heapUsedMb: amount,
  rssMb: amount,
  /** CPU of the target over the last interval, % of one core. */
  cpuPercent: percent,
  /** CPU of the target's main thread over the last interval, % of one core (Node ≥ 23.9: process.threadCpuUsage); what turns sampled ms into CPU ms (verdict/cpu-scale.ts). */
  mainThreadCpuPercent: percent.optional(),
}).extend(processMemoryFieldsSchema.shape);
export type ProcessSample = z.output<typeof processSampleSchema>;

/**
 * The samples taken every ~250 ms, without the two read after Flambé's own
 * full collections (memory.ts `fullGcForced`): what CPU, event-loop and
 * memory series are drawn and summarised from.
 */
export function periodicSamples<S extends Pick<ProcessSample, 'fullGcForced'>>(samples: readonly S[]): S[] {
  return samples.filter((s) => !s.fullGcForced);
}

/** One measure over the burst: its lowest, mean and highest sample. */
export const spreadSchema = z.object({ min: z.number(), mean: z.number(), max: z.number() });
export type Spread = z.output<typeof spreadSchema>;

/**
 * The process over a burst in a few numbers (shared/memory/process-summary.ts
 * computes it): what `record`, each sweep level and each experiment round
 * carry as --json "process".
 */
export const processSummarySchema = z.object({
  /** % of one core. */
  cpuPercent: spreadSchema,
  /** Event-loop utilisation, 0..1. */
  elu: spreadSchema,
  heapUsedMb: spreadSchema,
  /** Null when the samples did not measure it (recordings made before Flambé did). */
  externalMb: spreadSchema.nullable(),
  rssMb: spreadSchema,
});
export type ProcessSummary = z.output<typeof processSummarySchema>;
