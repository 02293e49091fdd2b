// The library's repeated recordings of A's and B's settings, as the noise
// estimate shared/compare uses for comparisons of one run each (its noise.ts
// says the method). Reads metadata only, never a profile.
import { requestsHandledCount } from '../../../shared/load/request-counts.ts';
import { estimateNoise, machineNoise, runMetaOf, type LibraryNoise, type NoiseRun, type RunMeta } from '../../../shared/compare/index.ts';
import type { Library, RunLike } from '../library/library.ts';

/** A library run's numbers: its load, and what the library keeps with its profile. */
export function noiseRunOf(rec: RunLike): NoiseRun {
  const { durationMs, cpuSplit, bytesPerRequest } = rec;
  const load = rec.load!;
  const values: NoiseRun['values'] = { rps: load.rps, p50Ms: load.latencyMs.p50, p90Ms: load.latencyMs.p90, p99Ms: load.latencyMs.p99, maxMs: load.latencyMs.max };
  // Non-idle CPU per 1000 requests, as shared/compare's cpuMsPer1k computes it from the profile (the same requests: request-counts.ts).
  const requests = requestsHandledCount(rec);
  if (durationMs && cpuSplit && requests) values.cpuMsPer1k = ((durationMs * (1 - cpuSplit.idle / 100)) / requests) * 1000;
  if (bytesPerRequest !== null && bytesPerRequest > 0) values.bytesPerRequest = bytesPerRequest;
  return { id: rec.id, meta: runMetaOf(rec), values };
}

/** "<cpu model>/<cores>", or null when the recording did not say. */
export function machineKey(m: Pick<RunMeta, 'machine'>): string | null {
  return m.machine ? `${m.machine.cpuModel}/${m.machine.cores}` : null;
}

export function libraryNoise(lib: Library, a: RunMeta, b: RunMeta): LibraryNoise {
  const present = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))];
  const runs = lib.runsLike(present([a.targetLabel, b.targetLabel]), present([a.url, b.url])).map(noiseRunOf);
  // What repeats of any code have differed by on A's machine: the rounds of each experiment's variant (machine-noise.ts).
  const repeats = lib.experimentRoundRuns().filter((r) => r.run.id !== a.id && r.run.id !== b.id).map(({ repeatKey, run }) => {
    const { meta, values } = noiseRunOf(run);
    return { repeatKey, machine: machineKey(meta), values };
  });
  return { ...estimateNoise(runs, a, b), machine: machineNoise(repeats, machineKey(a)) };
}
