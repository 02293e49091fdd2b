// Every "ms of CPU" Flambé prints is decided here, once: a function's (a kind
// of work's, GC's, background work's, a worker's) sampled ms × its thread's
// CPU per sampled busy ms from the OS over the same window — on the main
// thread, the CPU per ms of its requests' own code where the collector timed
// it — ÷ the requests handled in that window. The accounting it reads is measured when the
// recording is made (shared/recording/cpu-accounting.ts,
// electron/services/targets/thread-clock.ts).
//
// Why not the samples alone: a sample's weight is wall time, and a thread
// waiting for a core still charges that wait to whatever is on its stack
// (beside a CPU hog a pbkdf2 route read 2.7× the CPU the server measured
// itself). The samples are right about shares; the OS is right about CPU.
//
// Where no OS clock was read (an imported file, a remote attach on a Node
// without process.threadCpuUsage, an older recording) the figure is the
// sampled time itself, and every place that prints it says "sampled time".
import type { CpuAccounting } from '../recording/cpu-accounting.ts';
import type { CategoryKind } from './classify.ts';
import type { FrameKind, Profile } from './model.ts';
import { MAIN_THREAD_NAME } from './threads.ts';

/** What turns a profile's sampled ms into figures per request. */
export interface PerRequest {
  /** Requests handled in the profile's window. */
  requests: number;
  /** Ms of CPU per sampled busy ms (the thread's CPU from the OS ÷ the profile's busy time, at most 1); null: no OS clock, figures are sampled time. */
  cpuPerSampledMs: number | null;
}

/**
 * Below this much sampled busy time the ratio says nothing (a few samples of
 * an idle server): figures stay sampled time rather than a wild scale.
 */
const MIN_BUSY_MS = 20;

/**
 * Idle is the thread waiting for events, not work: it has no CPU, per request
 * or otherwise. Its samples' weight is wall time spent waiting, which grows as
 * the load falls — charged per request, Compare once listed "(idle)" at 300 →
 * 25 257 ms of CPU per 1 000 requests. Every figure and row of CPU leaves it out
 * by this one rule.
 */
export function hasCpu(kind: FrameKind | CategoryKind): boolean {
  return kind !== 'idle';
}

/** The sampled time of a profile, and the part that was not idle, ms (by the timing rule: the model's weights). */
export function sampledTimes(profile: Profile): { sampledMs: number; sampledBusyMs: number } {
  const idleFrame = new Uint8Array(profile.frames.length);
  profile.frames.forEach((f, i) => { idleFrame[i] = f.kind === 'idle' ? 1 : 0; });
  let idle = 0;
  for (let i = 0; i < profile.samples.length; i++) if (idleFrame[profile.nodeFrame[profile.samples[i]]]) idle += profile.weightsMs[i];
  return { sampledMs: profile.durationMs, sampledBusyMs: Math.max(0, profile.durationMs - idle) };
}

/**
 * Ms of CPU per sampled busy ms of one thread ('main thread' or a worker as
 * the picker names it); null when its CPU was not read by an OS clock.
 */
export function cpuPerSampledMs(accounting: CpuAccounting | null | undefined, thread = MAIN_THREAD_NAME): number | null {
  if (!accounting) return null;
  if (thread === MAIN_THREAD_NAME) {
    const cpu = accounting.mainThread?.cpuMs;
    if (cpu === undefined || accounting.sampledBusyMs < MIN_BUSY_MS) return null;
    return Math.min(busyCpuRate(cpu, accounting.sampledBusyMs), requestCodeRate(accounting.requestCode) ?? 1);
  }
  const worker = accounting.workers.find((w) => w.name === thread);
  return worker?.cpuMs != null && worker.sampledBusyMs >= MIN_BUSY_MS ? busyCpuRate(worker.cpuMs, worker.sampledBusyMs) : null;
}

/** Below this many requests timed by the collector, its rate says too little: the thread's own is used. */
const MIN_TIMED_REQUESTS = 20;
/**
 * Below this much of the requests' code timed (ms of wall time), its rate says too little: the thread's own is used.
 * A thread's CPU clock moves in scheduler ticks (4 ms here, 10 ms on some kernels): code timed for a few ms is charged
 * a whole tick or none, so its CPU is a count of ticks. A hello-world route's 365 timed requests ran ~20 ms, about five
 * ticks (±45 %): its CPU per 1 000 requests read 18 to 155 ms in eight identical recordings beside a CPU hog, while
 * the process's read 313–484. From 250 ms, 60 ticks or more at 4 ms (±13 %; 25 at 10 ms, ±20 %).
 */
const MIN_TIMED_CODE_MS = 250;

/**
 * The main thread's CPU per ms its requests' code ran, from the collector's clock around that code
 * (shared/request-time/code-clock.ts); null when too few requests were timed. The thread's CPU over its
 * sampled busy time also counts what it ran while the profile says idle (see busyCpuRate), which no busy
 * function owns: beside two busy loops on 2 cores (load averages 12–19) a CPU loop read ×1.30–1.57 its
 * own clock by the thread's rate and ×0.97–1.26 by this one, pbkdf2 ×1.32–1.65 and ×0.91–1.23 (over the
 * requests the load tool answered; over those the server handled, 21 of 23 figures were within 20 %:
 * docs/cpu.md "Measured accuracy"). The main thread's rate is the lower of the two: its functions
 * never share more than the thread's CPU.
 */
function requestCodeRate(code: CpuAccounting['requestCode']): number | null {
  return code && code.requests >= MIN_TIMED_REQUESTS && code.wallMs >= Math.max(MIN_BUSY_MS, MIN_TIMED_CODE_MS) ? busyCpuRate(code.cpuMs, code.wallMs) : null;
}

/** The main thread's CPU from the OS over its sampled busy time, at most 1 (how much of it the thread had a core); null without both. */
export function mainThreadBusyShare(accounting: CpuAccounting | null | undefined): number | null {
  const cpu = accounting?.mainThread?.cpuMs;
  const busy = accounting?.sampledBusyMs;
  return cpu != null && busy != null && busy > 0 ? busyCpuRate(cpu, busy) : null;
}

/**
 * Ms of CPU per sampled busy ms, at most 1: a thread cannot run longer than
 * the wall time it was sampled busy, so a function's ms of CPU never exceed
 * its sampled ms. What the OS counted beyond it was spent while the profile
 * says idle — the sampler's own signals waking the idle thread (12–14 µs a
 * sample, measured on an idle Node 24 beside other work), and the event loop's
 * native work between callbacks (reading and writing sockets, epoll) — which
 * no busy function owns: shared among them, a pbkdf2 route read ×1.40 its
 * own clock with the thread's 911 ms of CPU over 755 ms sampled busy.
 */
function busyCpuRate(cpuMs: number, sampledBusyMs: number): number {
  return Math.min(1, cpuMs / sampledBusyMs);
}

/**
 * The same for the whole process's profile (every thread merged under the
 * root, as Compare and experiments read it): all threads' CPU ÷ all their
 * sampled busy time. Null when one profiled thread's CPU was not read.
 */
export function processCpuPerSampledMs(accounting: CpuAccounting | null | undefined, wholeProcess: Profile): number | null {
  if (!accounting) return null;
  if (accounting.workers.length === 0) return cpuPerSampledMs(accounting);
  const main = accounting.mainThread?.cpuMs;
  if (main === undefined || accounting.workers.some((w) => w.cpuMs === null)) return null;
  const cpu = accounting.workers.reduce((s, w) => s + (w.cpuMs ?? 0), main);
  const busy = sampledTimes(wholeProcess).sampledBusyMs;
  // The merged profile's busy time is the threads' own, summed (threads.ts mergeThreads).
  return busy >= MIN_BUSY_MS ? busyCpuRate(cpu, busy) : null;
}

/** The basis of per-request figures: null when no request was counted. */
export function perRequestOf(requests: number | null | undefined, accounting?: CpuAccounting | null, thread?: string): PerRequest | null {
  return requests && requests > 0 ? { requests, cpuPerSampledMs: cpuPerSampledMs(accounting, thread) } : null;
}

/** The same basis for another number of requests (a time range's), with the thread's CPU rate of the whole recording. */
export function withRequests(per: PerRequest | null, requests: number | null | undefined): PerRequest | null {
  return requests && requests > 0 ? { requests, cpuPerSampledMs: per?.cpuPerSampledMs ?? null } : null;
}

/** Sampled ms → ms of CPU (or sampled ms, where no OS clock was read). */
export function cpuMsOf(sampledMs: number, per: Pick<PerRequest, 'cpuPerSampledMs'> | null): number {
  return per?.cpuPerSampledMs != null ? sampledMs * per.cpuPerSampledMs : sampledMs;
}

/** Ms per 1000 requests (of CPU, or sampled where no OS clock was read): the fair unit to compare runs whose throughput differs. */
export function msPerThousandRequests(sampledMs: number, per: PerRequest | null): number {
  return per && per.requests > 0 ? (cpuMsOf(sampledMs, per) / per.requests) * 1000 : 0;
}

/** True when the figures are CPU from the OS clock, false when they are sampled time. */
export function isCpuTime(per: Pick<PerRequest, 'cpuPerSampledMs'> | null | undefined): boolean {
  return per?.cpuPerSampledMs != null;
}

/** What the figure is, in the words every sentence and table uses: "of CPU" or "of sampled time". */
export function cpuWords(per: Pick<PerRequest, 'cpuPerSampledMs'> | null | undefined): 'of CPU' | 'of sampled time' {
  return isCpuTime(per) ? 'of CPU' : 'of sampled time';
}

/** Said once where sampled time stands in for CPU: why, in words a student understands. */
export const SAMPLED_TIME_NOTE = 'The thread\'s CPU time could not be read from the operating system for this profile (an imported file, '
  + 'or a server whose Node cannot report it from another machine), so "ms" here is sampled time: it also counts time the thread '
  + 'waited for a CPU core, and reads high on a busy machine.';
