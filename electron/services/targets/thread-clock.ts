// The OS's CPU clocks of a target's threads, read at the profile's start and
// stop: what turns sampled time into ms of CPU (shared/recording/cpu-accounting.ts).
//
// The main thread: Node's process.threadCpuUsage() where the target's Node has
// it (≥ 23.9), read over the inspector. Otherwise, for a process on this
// machine, Linux's /proc/PID/task/PID/schedstat (the main thread's id is the
// pid; its first field is the ns the thread ran on a CPU), read by Flambé —
// only when the target's pid namespace is ours (a server in a container has
// another process's pid here). macOS would use thread_info(THREAD_BASIC_INFO)
// and Windows GetThreadTimes, both from native code Flambé does not ship:
// there, on a Node without threadCpuUsage, the figures stay sampled time and
// say so.
import { readFileSync, readlinkSync } from 'node:fs';
import type { CpuAccounting, ThreadClock } from '../../../shared/recording/cpu-accounting.ts';
import type { Profile } from '../../../shared/profile/model.ts';
import { sampledTimes } from '../../../shared/profile/cpu-time.ts';
import type { InspectorSession, TargetCpuClocks } from './inspector.ts';

/** One reading of the clocks, µs. */
export interface ClockReading {
  /** Wall clock of the reading, ms. */
  atMs: number;
  processUs: number | null;
  threadUs: number | null;
  clock: ThreadClock | null;
}

/** The ns a Linux thread has run on a CPU, from its schedstat, as µs; null when it cannot be read. */
export function schedstatUs(pid: number, tid = pid): number | null {
  try {
    const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    return Number.isFinite(ns) && ns >= 0 ? ns / 1000 : null;
  } catch {
    return null;
  }
}

/** True when `pid` in our /proc is the target that answered (same pid namespace as ours, and as the target's own). */
export function sameProcessHere(pid: number, targetNamespace: string | null): boolean {
  if (!targetNamespace || process.platform !== 'linux') return false;
  try {
    return readlinkSync('/proc/self/ns/pid') === targetNamespace && readlinkSync(`/proc/${pid}/ns/pid`) === targetNamespace;
  } catch {
    return false;
  }
}

/**
 * The clocks now. `schedstatOk`: the first reading's answer to "may /proc be
 * read for this pid" (both readings of a window must use the same clock).
 */
export async function readClocks(session: InspectorSession, pid: number, wallMs: () => number, schedstatOk?: boolean): Promise<ClockReading & { schedstatOk: boolean }> {
  const c: TargetCpuClocks | null = await session.cpuClocks().catch(() => null);
  const atMs = wallMs();
  if (!c) return { atMs, processUs: null, threadUs: null, clock: null, schedstatOk: false };
  if (c.threadUs !== null) return { atMs, processUs: c.processUs, threadUs: c.threadUs, clock: 'threadCpuUsage', schedstatOk: false };
  const ok = schedstatOk ?? sameProcessHere(pid, c.pidNamespace);
  const us = ok ? schedstatUs(pid) : null;
  return { atMs, processUs: c.processUs, threadUs: us, clock: us === null ? null : 'schedstat', schedstatOk: ok };
}

/**
 * The recording's CPU accounting from the readings at the profile's start and
 * stop and the main thread's profile; null when the process's clock could not
 * be read at both ends (the figures are then sampled time).
 */
export function cpuAccountingOf(
  start: ClockReading, stop: ClockReading, profile: Profile, askedIntervalUs: number,
  workers: { name: string; cpuMs: number | null; sampledBusyMs: number; clock?: ThreadClock | null }[],
): CpuAccounting | null {
  if (start.processUs === null || stop.processUs === null) return null;
  const sameClock = start.clock !== null && start.clock === stop.clock && start.threadUs !== null && stop.threadUs !== null;
  const { sampledMs, sampledBusyMs } = sampledTimes(profile);
  return {
    windowMs: Math.max(0, stop.atMs - start.atMs),
    mainThread: sameClock ? { clock: start.clock!, cpuMs: Math.max(0, (stop.threadUs! - start.threadUs!) / 1000) } : null,
    processCpuMs: Math.max(0, (stop.processUs - start.processUs) / 1000),
    sampledMs, sampledBusyMs, samples: profile.samples.length, askedIntervalUs,
    // A worker thread's clock is threadCpuUsage; a child process (child-recording.ts) says which it read.
    workers: workers.map((w) => ({ ...w, clock: w.cpuMs === null ? null : w.clock ?? 'threadCpuUsage' as const })),
  };
}
