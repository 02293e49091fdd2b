// CPU time of the whole target process per 1 000 requests, from the process
// samples taken while recording (process.cpuUsage: user + system, every
// thread — JavaScript, GC, libuv, the profiler itself).
//
// Why this measure next to requests/s: on a shared machine requests/s says as
// much about the other processes as about the code (per-round req/s ranged
// 345–5 300 on a busy 2-core box), because a server that waits for a core
// serves fewer requests. The CPU time it spends per request barely moves
// when it waits: it is the work the code does. The profile's own ms are
// wall-clock samples (a descheduled thread's sample covers the wait), so they
// move with the load more than this does.
import type { CompareRound } from './types.ts';
import { periodicSamples } from '../recording/process-samples.ts';

/**
 * Null without samples or request counts. Where the recording read the
 * process's CPU over the profile's window (shared/recording/cpu-accounting.ts),
 * that is the figure: the same window as the profile's own CPU per 1 000
 * requests, so "in the profile (JavaScript thread)" can never exceed "whole
 * process" (it did, 382 908 beside 177 285, when one was sampled wall time
 * and the other the CPU % samples of the burst).
 */
export function processCpuMsPer1k(round: CompareRound): number | null {
  const load = round.load;
  const measured = round.cpu?.processCpuMs;
  if (measured != null && load && load.requests > 0) return (measured / load.requests) * 1000;
  const s = periodicSamples(round.samples);
  if (!load || !(load.requests > 0) || !(load.rps > 0) || s.length === 0) return null;
  // Each sample is the CPU % of one core over the interval since the one before (the first: since recording began).
  let cpuMs = 0;
  let spanMs = 0;
  let prev = 0;
  for (const x of s) {
    const dt = x.tMs - prev;
    prev = x.tMs;
    if (!(dt > 0) || !Number.isFinite(x.cpuPercent)) continue;
    cpuMs += (x.cpuPercent / 100) * dt;
    spanMs += dt;
  }
  if (!(spanMs > 0) || !(cpuMs > 0)) return null;
  // CPU per second of the sampled span, over the requests served per second of the load.
  return ((cpuMs / spanMs) * 1000 / load.rps) * 1000;
}
