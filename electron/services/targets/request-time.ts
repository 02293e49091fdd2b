// The request collector's hand-over (request-collector.ts): checked, and
// summarized into the recording's `requestTime` with the load generator's
// latency (shared/request-time/summarize.ts).
import type { LoadSummary } from '../../../shared/api.ts';
import type { RequestTime } from '../../../shared/recording/request-time.ts';
import { collectedBatchSchema } from '../../../shared/request-time/collected.ts';
import { summarizeRequestTime } from '../../../shared/request-time/summarize.ts';
import type { SampledProfile } from '../../../shared/request-time/samples.ts';
import type { InspectorSession } from './inspector.ts';

/** Takes what the collector recorded and removes it from the target; null when it was not there or saw no request. */
export async function takeRequestTime(session: InspectorSession, load: LoadSummary | null, profile: unknown): Promise<RequestTime | null> {
  const raw = await session.takeRequestCollector(true).catch(() => null);
  const batch = collectedBatchSchema.safeParse(raw);
  if (!batch.success) return null;
  const client = load && load.requests > 0
    ? { p50: load.latencyMs.p50, mean: load.latencyMs.mean, routes: load.routes }
    : null;
  return summarizeRequestTime([batch.data], client, isSampledProfile(profile) ? profile : null);
}

function isSampledProfile(p: unknown): p is SampledProfile {
  const x = p as Partial<SampledProfile> | null;
  return !!x && typeof x.startTime === 'number' && Array.isArray(x.samples) && Array.isArray(x.timeDeltas) && Array.isArray(x.nodes);
}
