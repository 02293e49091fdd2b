// The numbers of one round, read from its recording, for the table of rounds
// and the live progress: load, CPU per 1 000 requests, kinds of work. The
// comparison of the rounds themselves is shared/compare's buildComparison.
import type { RecordingResult } from '../recording/recording.ts';
import { cpuMsPer1k, processCpuMsPer1k, roundFromRecording, roundRequests, type CompareRound } from '../compare/index.ts';
import { bucketBreakdown, msPerThousandRequests } from '../profile/views/categories.ts';
import type { Profile } from '../profile/model.ts';
import { processOfBurst, type ProcessSummary } from '../memory/process-summary.ts';
import type { GrowthVerdict } from '../recording/memory.ts';
import type { ThreadAllocations } from '../profile/import/all-threads.ts';

export interface RoundMeasures {
  requests: number | null;
  rps: number | null;
  p50Ms: number | null;
  p90Ms: number | null;
  p99Ms: number | null;
  cpuMsPer1k: number | null;
  processCpuMsPer1k: number | null;
  bucketsMsPer1k: Record<string, number> | null;
  /** CPU %, event loop, heap, external and RSS over the round's burst, min/mean/max (null without process samples). */
  process: ProcessSummary | null;
  /** Whether memory grew during the round (null: too short to judge, or no samples). */
  growth: GrowthVerdict | null;
}

/** `profile`: the recording's profile, imported once by the caller (null for a load-only round); `allocations`: each thread's, read with it. */
export function measureRound(rec: RecordingResult, profile: Profile | null, allocations: ThreadAllocations[] | null = null): { measures: RoundMeasures; round: CompareRound } {
  const round = roundFromRecording(rec, profile, allocations);
  const load = rec.load;
  const requests = roundRequests(round);
  return {
    round,
    measures: {
      requests: load?.requests ?? null,
      rps: load?.rps ?? null,
      p50Ms: load?.latencyMs.p50 ?? null,
      p90Ms: load?.latencyMs.p90 ?? null,
      p99Ms: load?.latencyMs.p99 ?? null,
      cpuMsPer1k: cpuMsPer1k(round),
      processCpuMsPer1k: processCpuMsPer1k(round),
      bucketsMsPer1k: profile && requests ? Object.fromEntries(bucketBreakdown(profile).map((b) => [b.name, msPerThousandRequests(b.ms, requests)])) : null,
      ...processOfBurst(rec.samples ?? [], load?.phases?.burst),
    },
  };
}
