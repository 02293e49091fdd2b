// Groups of recordings kept together — an A/B experiment's rounds, a sweep's
// levels — as results: the shapes the library stores, the contract returns
// and a version-2 .flambe file carries (shared/formats/group-bundle.ts).
import { z } from 'zod';
import { amount, count, id, isoDate, list, text } from './limits.ts';
import { latencyMsSchema } from './load.ts';
import { experimentSpecSchema } from './settings.ts';
import { roundInterferenceSchema } from '../experiment/interference.ts';
import { untilOutcomeSchema } from '../experiment/until.ts';
import { levelProcessSchema, sweepRouteSchema } from '../sweep/sweep-level.ts';
import { levelOutputSchema } from '../sweep/sweep-output.ts';
import { processSummarySchema } from './process-samples.ts';
import { growthVerdictSchema } from './memory.ts';

export const groupKindSchema = z.enum(['experiment', 'sweep']);
export type GroupKind = z.output<typeof groupKindSchema>;

// ---------- sweeps ----------

export const sweepLevelSchema = z.object({
  connections: count.min(1),
  /** The level's recording in the library (its profile, when profiled). */
  recordingId: id,
  requests: count,
  rps: amount,
  latencyMs: latencyMsSchema,
  errors: count,
  non2xx: count,
  profiled: z.boolean(),
  /** Each route of a multi-route burst at this level (sweeps from before routes were kept have none). */
  routes: list(sweepRouteSchema, 50).optional(),
  /** The process during the level, when it was profiled (its samples come over the inspector). */
  process: levelProcessSchema.nullable().optional(),
  /** What the machine did during the level, by the experiments' rule (shared/sweep/sweep-machine.ts); null off Linux, absent in older sweeps. */
  machine: roundInterferenceSchema.nullable().optional(),
  /** What the server wrote to stdout/stderr during the level's burst (profiled levels; shared/sweep/sweep-output.ts). */
  output: levelOutputSchema.nullable().optional(),
});
export type SweepLevel = z.output<typeof sweepLevelSchema>;

export const sweepResultSchema = z.object({
  id,
  /** Its name in the library ("Sweep GET /hello"); absent in sweeps from before they were kept as groups. */
  name: text(200).optional(),
  createdAt: isoDate,
  url: text(10_000),
  levels: list(sweepLevelSchema, 1000),
  /** Where throughput stops rising while latency grows (shared/sweep/knee.ts), or null. */
  knee: z.object({ connections: count, reason: text(10_000) }).nullable(),
  /** One sentence when the sweep ended early; the levels measured are kept. */
  error: text(10_000).nullable(),
});
export type SweepResult = z.output<typeof sweepResultSchema>;

// ---------- experiments ----------

export const variantKeySchema = z.enum(['A', 'B']);
export type VariantKey = z.output<typeof variantKeySchema>;

export const experimentVariantSchema = z.object({
  name: text(200),
  /** What this variant is, in words: "LOG=0", "args: --fast", "after.js", "/hello". */
  what: text(10_000),
});
export type ExperimentVariant = z.output<typeof experimentVariantSchema>;

const msOrNull = amount.nullable();

/** One finished (or stopped) round: one recording of one variant. */
export const experimentRoundSchema = z.object({
  /** Position in the run, 0-based. */
  index: count,
  variant: variantKeySchema,
  /** 1-based within its variant. */
  round: count.min(1),
  recordingId: id,
  requests: count.nullable(),
  rps: msOrNull,
  p50Ms: msOrNull,
  p90Ms: msOrNull,
  p99Ms: msOrNull,
  /** Non-idle CPU of the target per 1 000 requests (null without a profile). */
  cpuMsPer1k: z.number().nullable(),
  /** CPU time of the whole target process per 1 000 requests (process.cpuUsage; absent in experiments saved before it existed). */
  processCpuMsPer1k: z.number().nullable().optional(),
  /** CPU ms per 1 000 requests of each kind of work (logging, JSON, …). */
  bucketsMsPer1k: z.record(text(200), z.number()).nullable(),
  error: text(10_000).nullable(),
  /** False for the round Stop cut short: kept in the library, left out of the statistics. */
  complete: z.boolean(),
  /** Where the target's stdout went during this round: 'pipe', 'file', 'terminal' or 'unknown' (null without a launched target). */
  stdout: text(20).nullable(),
  /**
   * True when the library could not save this round's recording: it counts in
   * the statistics and stays listed (kept in memory until Flambé closes),
   * rather than vanishing from the rounds the verdict was computed from.
   */
  notSaved: z.boolean().optional(),
  /** What the machine did to this round (shared/experiment/interference.ts); absent off Linux and in experiments saved before it was measured. */
  interference: roundInterferenceSchema.nullable().optional(),
  /** The target process over the round's burst: CPU %, event loop, heap, external, RSS (min/mean/max); null without samples, absent in experiments saved before. */
  process: processSummarySchema.nullable().optional(),
  /** Whether memory grew during the round (shared/memory/growth.ts); null when too short to judge. */
  growth: growthVerdictSchema.nullable().optional(),
});
export type ExperimentRound = z.output<typeof experimentRoundSchema>;

/** 'interrupted': its process died while it ran (marked when the library is next opened). */
export const experimentStatusSchema = z.enum(['running', 'done', 'stopped', 'failed', 'interrupted']);
export type ExperimentStatus = z.output<typeof experimentStatusSchema>;

// The statistics (shared/experiment/comparison.ts computes them) are checked as
// far as the screens read them, each part bounded; the rest travels as it was computed.
const COMPARISON_LIST_MAX = 100_000;
const COMPARISON_MAX_CHARS = 20_000_000;
export const experimentComparisonSchema = z.looseObject({
  verdict: text(10_000),
  rounds: count,
  perRequest: z.boolean(),
  warnings: list(z.looseObject({ message: text(10_000) }), COMPARISON_LIST_MAX),
  buckets: list(z.looseObject({ id: text(200), name: text(200) }), COMPARISON_LIST_MAX),
  functions: list(z.looseObject({ key: text(100_000), name: text(10_000), location: text(100_000) }), COMPARISON_LIST_MAX),
  unavailable: list(text(10_000), COMPARISON_LIST_MAX),
  oneSided: z.looseObject({ name: text(200), side: z.enum(['a', 'b']), minMs: z.number(), maxMs: z.number() }).nullable().optional(),
}).refine((c) => JSON.stringify(c).length <= COMPARISON_MAX_CHARS, 'is over 20 MB');

export const experimentResultSchema = z.object({
  id,
  name: z.string().trim().min(1, 'has no name').max(200),
  createdAt: isoDate,
  spec: experimentSpecSchema,
  /** Which variant ran first in the first pair of rounds (a coin decided); the pairs alternate from there (order.ts). */
  order: z.enum(['AB', 'BA']),
  status: experimentStatusSchema,
  /** Why it failed or stopped, in one sentence. */
  error: text(10_000).nullable(),
  variants: z.object({ a: experimentVariantSchema, b: experimentVariantSchema }),
  rounds: list(experimentRoundSchema, 10_000),
  /** The statistics of the complete rounds (null until a round of each side is done). */
  comparison: experimentComparisonSchema.nullable(),
  /** Rounds until it knows (spec.until): how it ended, after how many pairs (shared/experiment/until.ts); absent otherwise. */
  until: untilOutcomeSchema.nullable().optional(),
  /** Where the launched target's stdout/stderr went: 'file' (tailed by Flambé, synchronous like a terminal) or 'pipe'; null without a launched target. */
  output: z.enum(['file', 'pipe']).nullable(),
});
