// How much CPU the recorded thread really used while it was profiled: the one
// accounting every "ms of CPU" is computed from (shared/profile/cpu-time.ts).
//
// Why: a sample's weight is wall time. On a busy machine the profiled thread
// waits for a core, and the sampler charges that wait to whatever is on its
// stack (beside a CPU hog a pbkdf2 route read 2.7× its real cost). The OS
// counts the CPU the thread actually got; the samples still say how it was
// shared between functions. So: a function's ms of CPU = its share of the
// sampled busy time × the thread's CPU from the OS over the same window.
//
// Computed once, when the recording is made, and stored with it; a recording
// made before Flambé stored it (or an imported file) has none, and its
// figures are sampled time, said as such.
import { z } from 'zod';
import { amount, list } from './limits.ts';

/**
 * Where the thread's CPU time came from. 'threadCpuUsage': Node's own
 * process.threadCpuUsage() (Node ≥ 23.9), read in the target over the
 * inspector. 'schedstat': Linux's /proc/PID/task/TID/schedstat (ns on a CPU),
 * read by Flambé for a process on this machine whose Node lacks it.
 */
export const threadClockSchema = z.enum(['threadCpuUsage', 'schedstat']);
export type ThreadClock = z.output<typeof threadClockSchema>;

/** One thread's CPU over the profile's window. */
export const threadCpuSchema = z.object({
  clock: threadClockSchema,
  /** CPU time the OS gave the thread between the readings at the profile's start and stop, ms. */
  cpuMs: amount,
});

/** A worker thread profiled beside the main thread: its name as the thread picker shows it, and its own CPU (null where its Node cannot say). */
export const workerCpuSchema = z.object({
  name: z.string().max(500), clock: threadClockSchema.nullable(), cpuMs: amount.nullable(),
  /** Its profile's busy (not idle) sampled time, ms. */
  sampledBusyMs: amount,
});

/** CPU and wall time of the requests' own code, ms, over the requests whose CPU the collector read. */
export const requestCodeClockSchema = z.object({ requests: z.number().int().min(0), cpuMs: amount, wallMs: amount });
export type RequestCodeClock = z.output<typeof requestCodeClockSchema>;

export const cpuAccountingSchema = z.object({
  /** Wall time between the two readings (the profile's start and stop), ms. */
  windowMs: amount,
  /** The main (JavaScript) thread's CPU over the window; null when no clock could read it (the figures are then sampled time). */
  mainThread: threadCpuSchema.nullable(),
  /** The whole process's CPU (process.cpuUsage(): every thread, user + system) over the same window, ms; null when not read. */
  processCpuMs: amount.nullable(),
  /** The main thread's profile by the timing rule: its sampled time and the part of it that was not idle, ms. */
  sampledMs: amount,
  sampledBusyMs: amount,
  /** Samples in the profile and the interval asked for, µs: the sampler falling behind shows as a mean interval well above it. */
  samples: z.number().int().min(0),
  askedIntervalUs: amount,
  /** Every worker thread profiled beside it, each with its own CPU where it could be read. */
  workers: list(workerCpuSchema, 1000),
  /**
   * The requests' own code, as the request collector timed it in the target (shared/request-time/code-clock.ts):
   * the main thread's CPU in the code of the requests it read the clock for, and the wall time that code ran.
   * Absent where no request was timed so (no collector, a Node without process.threadCpuUsage, older recordings).
   */
  requestCode: requestCodeClockSchema.optional(),
});
export type CpuAccounting = z.output<typeof cpuAccountingSchema>;
