// The request collector's hand-over (request-collector.ts): checked, and
// summarized into the recording's `requestTime` with the load generator's
// latency (shared/request-time/summarize.ts).
import type { LoadSummary } from '../../../shared/api.ts';
import type { RequestTime } from '../../../shared/recording/request-time.ts';
import { collectedBatchSchema, type CollectedBatch } from '../../../shared/request-time/collected.ts';
import { summarizeRequestTime } from '../../../shared/request-time/summarize.ts';
import type { SampledProfile } from '../../../shared/request-time/samples.ts';
import type { InspectorSession } from './inspector.ts';

/**
 * Takes what the collector recorded so far and removes it from the target;
 * null when it was not there. `uninstall`: the last batch, the collector taken
 * out too. The recorder drains it every second during the burst: kept in the
 * target until the end, a burst's records would grow the server's heap, and
 * the memory check would call that a leak of the server's.
 */
export async function takeCollected(session: InspectorSession, uninstall = true): Promise<CollectedBatch | null> {
  const raw = await session.takeRequestCollector(uninstall).catch(() => null);
  const batch = collectedBatchSchema.safeParse(raw);
  return batch.success ? batch.data : null;
}

/** The recording's requestTime; `load` is the load generator's when Flambé sent the load (null when the user did). */
export function requestTimeOf(batches: readonly CollectedBatch[], load: LoadSummary | null, profile: unknown): RequestTime | null {
  const client = load && load.requests > 0
    ? { p50: load.latencyMs.p50, mean: load.latencyMs.mean, routes: load.routes }
    : null;
  return summarizeRequestTime(batches, client, isSampledProfile(profile) ? profile : null);
}

function isSampledProfile(p: unknown): p is SampledProfile {
  const x = p as Partial<SampledProfile> | null;
  return !!x && typeof x.startTime === 'number' && Array.isArray(x.samples) && Array.isArray(x.timeDeltas) && Array.isArray(x.nodes);
}
