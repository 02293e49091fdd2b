// What a sweep keeps per level beyond the overall numbers: each route of a
// multi-route burst (as record's routes), and the process while it ran
// (profiled levels only: the samples come over the inspector).
import { z } from 'zod';
import { amount } from '../recording/limits.ts';
import { routeLoadSchema } from '../recording/load.ts';
import { processSummarySchema } from '../recording/process-samples.ts';
import { growthVerdictSchema } from '../recording/memory.ts';

/** One route at one level: the same fields as `record --json`'s routes, plus its CPU when it was profiled on its own. */
export const sweepRouteSchema = routeLoadSchema.omit({ histogram: true }).extend({
  /** CPU ms per request of this route alone at this level (sweep with per-route CPU), else absent. */
  cpuMsPerRequest: amount.optional(),
  /** Its top function in that burst ("name (file:line)"). */
  topFunction: z.string().max(10_000).nullable().optional(),
  /** Lines and bytes its requests wrote to stdout/stderr, per request (profiled levels with the request collector; sweep-output.ts). */
  logLinesPerRequest: amount.optional(),
  logBytesPerRequest: amount.optional(),
});
export type SweepRoute = z.infer<typeof sweepRouteSchema>;

/** The target process during a profiled level: mean CPU % of one core, heap and RSS at their highest. */
export const levelProcessSchema = z.object({
  cpuPercent: amount,
  heapUsedMb: amount,
  rssMb: amount,
  /** The process's CPU per request over the burst, ms: cpuPercent of a core ÷ requests/s (older sweeps: the profile's busy time ÷ requests). */
  cpuMsPerRequest: amount.nullable(),
  /** CPU %, event-loop utilisation, heap used, external and RSS over the level's burst, min/mean/max (absent in sweeps from before it was kept). */
  summary: processSummarySchema.nullable().optional(),
  /** Whether memory grew during the level (shared/memory/growth.ts); null when the level was too short to judge (under 4 s). */
  growth: growthVerdictSchema.nullable().optional(),
});
export type LevelProcess = z.infer<typeof levelProcessSchema>;
