// Rounds for tests: a text profile (shared/profile/test-support/text-profile.ts) with a
// synthetic load summary and settings, as a recording would carry them.
import type { LoadSummary } from '../../api.ts';
import type { Profile } from '../../profile/model.ts';
import { sampledTimes } from '../../profile/cpu-time.ts';
import { profileFromText } from '../../profile/test-support/text-profile.ts';
import type { CompareRound, RunMeta } from '../types.ts';

export function syntheticLoad(o: { requests: number; rps?: number; p50?: number; p90?: number; p99?: number; errors?: number; non2xx?: number }): LoadSummary {
  const rps = o.rps ?? o.requests / 10;
  const p99 = o.p99 ?? 10;
  return {
    requests: o.requests, durationSec: o.requests / rps, rps,
    latencyMs: { p50: o.p50 ?? p99 / 4, p90: o.p90 ?? p99 / 2, p99, max: p99 * 2, mean: p99 / 3 },
    errors: o.errors ?? 0, timeouts: 0, non2xx: o.non2xx ?? 0, statusCodes: { 200: o.requests }, bytesPerSec: 0, timeline: [], stoppedEarly: false,
  };
}

export function meta(over: Partial<RunMeta> = {}): RunMeta {
  return {
    id: 'r1', name: 'run', createdAt: '2026-11-23T10:00:00.000Z', source: 'recorded', targetLabel: 'server.js', nodeVersion: 'v24.1.0',
    method: 'GET', url: 'http://127.0.0.1:3000/hello', connections: 10, durationSec: 10, requestLimit: null, samplingIntervalUs: 1000,
    machine: { cpuModel: 'Test CPU', cores: 2 }, ...over,
  };
}

export function round(o: { profile?: string | Profile | null; load?: LoadSummary | null; meta?: Partial<RunMeta>; elu?: number[] }): CompareRound {
  const profile = o.profile === undefined || o.profile === null ? null : typeof o.profile === 'string' ? profileFromText(o.profile) : o.profile;
  return {
    meta: meta(o.meta), load: o.load === undefined ? syntheticLoad({ requests: 1000 }) : o.load, profile,
    samples: (o.elu ?? []).map((elu, i) => ({ tMs: i * 250, elu, loopDelayP99Ms: null, heapUsedMb: 10, rssMb: 50, cpuPercent: elu * 100 })),
  };
}

/**
 * The round as a recording with the OS clock read: its main thread ran on a CPU for all of its sampled busy time, so
 * its figures are the same ms, said "of CPU" (Compare and experiments say "of sampled time" where a round lacks it).
 */
export function withOsClock(r: CompareRound): CompareRound {
  if (!r.profile) return r;
  const { sampledMs, sampledBusyMs } = sampledTimes(r.profile);
  return {
    ...r,
    cpu: { windowMs: sampledMs, mainThread: { clock: 'threadCpuUsage', cpuMs: sampledBusyMs }, processCpuMs: null, sampledMs, sampledBusyMs, samples: r.profile.samples.length, askedIntervalUs: 1000, workers: [] },
  };
}
