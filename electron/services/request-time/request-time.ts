// The request collector's hand-over (request-collector.ts): checked, and
// summarized into the recording's `requestTime` with the load generator's
// latency (shared/request-time/summarize.ts).
import type { LoadSummary } from '../../../shared/api.ts';
import type { RequestTime } from '../../../shared/recording/request-time.ts';
import { collectedBatchSchema, withAbsoluteTimes, type CollectedBatch } from '../../../shared/request-time/collected.ts';
import { keepPorts, portOfUrl } from '../../../shared/request-time/ports.ts';
import { summarizeRequestTime } from '../../../shared/request-time/summarize.ts';
import { requestCodeClock } from '../../../shared/request-time/code-clock.ts';
import type { CpuAccounting } from '../../../shared/recording/cpu-accounting.ts';
import { importProfile } from '../../../shared/profile/import/any-format.ts';
import type { Profile } from '../../../shared/profile/model.ts';
import type { InspectorSession } from '../targets/inspector.ts';
import { rawExtrasOf } from '../../../shared/recording/profile-extras.ts';

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
  return batch.success ? withAbsoluteTimes(batch.data) : null;
}

/**
 * The port(s) whose requests count: the one the load goes to, when the target listens on it (a URL through a
 * proxy names a port the target does not have: then all). Under the user's own load, only a port they named.
 */
export function loadedPorts(url: string, ownLoad: boolean, listening: readonly number[]): number[] {
  const port = portOfUrl(url, ownLoad);
  return port !== null && listening.includes(port) ? [port] : [];
}

/** The recording's requestTime; `load` is the load generator's when Flambé sent the load (null when the user did). */
export function requestTimeOf(batches: readonly CollectedBatch[], load: LoadSummary | null, profile: unknown, ports: readonly number[] = []): RequestTime | null {
  const kept = keepPorts(batches, ports);
  const client = load && load.requests > 0
    ? { p50: load.latencyMs.p50, mean: load.latencyMs.mean, routes: load.routes, ...(load.connections ? { connections: load.connections } : {}) }
    : null;
  const rt = summarizeRequestTime(kept.batches, client, profileModel(profile), workerScripts(profile));
  return rt && ports.length ? { ...rt, ports: [...ports], ...(kept.otherPorts ? { otherPorts: kept.otherPorts } : {}) } : rt;
}

/** The CPU accounting with the loaded port's requests' code clock (shared/request-time/code-clock.ts) beside it, when the collector timed any. */
export function withRequestCode(cpu: CpuAccounting, batches: readonly CollectedBatch[], ports: readonly number[] = []): CpuAccounting {
  const requestCode = requestCodeClock(keepPorts(batches, ports).batches);
  return requestCode ? { ...cpu, requestCode } : cpu;
}

/** "thread 2" → "hasher.js", from the worker threads' profiles the recording keeps (workers.ts names them "worker 2 (hasher.js)"). */
function workerScripts(profile: unknown): Map<string, string> {
  const threads = rawExtrasOf(profile).threads;
  const out = new Map<string, string>();
  for (const t of Array.isArray(threads) ? threads as { name?: unknown }[] : []) {
    const m = typeof t.name === 'string' ? /^worker (\d+) \((.+)\)$/.exec(t.name) : null;
    if (m) out.set(`thread ${m[1]}`, m[2]);
  }
  return out;
}

/**
 * The recording's profile as the model (shared/profile/model.ts): requests are tied to samples in time order,
 * weighed by the one timing rule. No profile, or one the importer refuses: no samples to tie.
 */
function profileModel(p: unknown): Profile | null {
  if (!p || typeof p !== 'object') return null;
  try {
    return importProfile(p);
  } catch {
    return null;
  }
}
