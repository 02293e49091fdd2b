// Samples give shares; the OS gives CPU (DESIGN.md). A sample's weight is wall
// time: on a busy machine a descheduled main thread still charges the elapsed
// time to whatever is on its stack, and "ms of CPU per 1 000 requests" read from
// the samples alone came out 3× the function's own clock (issue 35: totalCart
// 4.1 ms per request by samples, 1.3 ms by process.threadCpuUsage(), beside a
// load average of 12 on 2 cores).
//
// The fix is one ratio per recording: the main thread's CPU time, which the
// process samples read from the OS every ~250 ms, over the busy time the
// profile sampled in the same window. A finding's sampled ms times that ratio
// is its CPU. Never above 1 (the samples' share is what tells functions apart;
// the ratio only takes out the time the thread did not run), and none when the
// recording has no main-thread CPU (Node < 23.9, an imported profile).
import type { Profile } from '../profile/model.ts';
import { sampleTimesMs } from '../profile/time-range.ts';
import { periodicSamples, type ProcessSample } from '../recording/process-samples.ts';

/** Under this much sampled busy time in the window, the ratio says nothing firm: none is given. */
const MIN_BUSY_MS = 50;

/** The main thread's CPU ms per sampled busy ms (0..1], or null when the recording cannot tell. */
export function cpuPerSampledMs(profile: Profile, samples: readonly ProcessSample[] | undefined): number | null {
  const timed = periodicSamples(samples ?? []).filter((s) => s.mainThreadCpuPercent !== undefined && s.tMs <= profile.durationMs);
  if (timed.length < 2) return null;
  // Each sample is the CPU over the interval since the one before: the window starts at the first sample.
  let cpuMs = 0;
  for (let i = 1; i < timed.length; i++) cpuMs += (timed[i].mainThreadCpuPercent! / 100) * Math.max(0, timed[i].tMs - timed[i - 1].tMs);
  const busyMs = sampledBusyMs(profile, timed[0].tMs, timed[timed.length - 1].tMs);
  if (busyMs < MIN_BUSY_MS || !(cpuMs > 0)) return null;
  return Math.min(1, cpuMs / busyMs);
}

/** The profile's non-idle sampled time in [fromMs, toMs) (ms from its first sample). */
function sampledBusyMs(profile: Profile, fromMs: number, toMs: number): number {
  const times = sampleTimesMs(profile);
  let busy = 0;
  for (let i = 0; i < times.length; i++) {
    if (times[i] < fromMs || times[i] >= toMs) continue;
    if (profile.frames[profile.nodeFrame[profile.samples[i]]].kind !== 'idle') busy += profile.weightsMs[i];
  }
  return busy;
}
