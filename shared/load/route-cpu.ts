// Per-route CPU: each route profiled in its own burst gives its CPU ms per
// request (what APM tools show in production) and the function that spent
// most of it. Busy time is every sample that is not idle.
import type { LoadSummary } from '../recording/load.ts';
import { bottomUp, categoryBreakdown, cpuPerSampledMs, type Profile } from '../profile/index.ts';
import type { CpuAccounting } from '../recording/cpu-accounting.ts';

export interface RouteCpu {
  cpuMsPerRequest: number;
  /** The function with the most self time (idle, program and root left out), or null. */
  topFunction: { name: string; location: string; selfMs: number } | null;
}

const META = new Set(['(idle)', '(program)', '(root)']);

/** `cpu`: the route's recording's accounting: its busy time in CPU from the OS clock (shared/profile/cpu-time.ts); sampled time without it. */
export function routeCpu(profile: Profile, load: LoadSummary, cpu?: CpuAccounting | null): RouteCpu {
  const sampledBusyMs = categoryBreakdown(profile).filter((r) => r.kind !== 'idle').reduce((n, r) => n + r.ms, 0);
  // The route's whole CPU is the thread's from the OS (its native work between callbacks, sampled idle, serves the route too); sampled busy time without it.
  const busyMs = cpuPerSampledMs(cpu) !== null ? cpu!.mainThread!.cpuMs : sampledBusyMs;
  let top: RouteCpu['topFunction'] = null;
  for (const row of bottomUp(profile)) {
    if (META.has(row.name)) continue;
    if (!top || row.selfMs > top.selfMs) top = { name: row.name || '(anonymous)', location: row.location, selfMs: Math.round(row.selfMs * 10) / 10 };
  }
  return { cpuMsPerRequest: load.requests > 0 ? Math.round((busyMs / load.requests) * 1000) / 1000 : 0, topFunction: top };
}
