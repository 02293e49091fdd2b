// The load on the profile's time axis. The timeline's 0 is the profile's
// first sample; the burst started later (the load worker has to start after
// the profiler: a few hundred ms), so its seconds are placed from the burst's
// real start, stored as `phases` (RecordingPhases: ms after the profiler
// started; the first sample is `firstSampleMs` after that):
//
//   profiler start   first sample            burst start
//   |────────────────|───────────────────────|── second 1 ──|── second 2 ──|…
//   0 (phases)       0 (chart)                burst.fromMs - firstSampleMs
//
// Recordings made before phases were kept place the burst at the profile's
// start (`aligned: false`: the UI says so). Also: how many requests completed
// in a time range of the chart, prorated from the per-second series — what
// "ms per 1 000 requests" divides by inside a selected range.
import type { LoadSecond, LoadSummary, RecordingPhases } from '../recording/load.ts';

/** One second of the burst on the chart's axis (ms from the first sample). */
export interface AxisSecond {
  fromMs: number;
  toMs: number;
  rps: number;
  p99Ms: number;
  /** Requests answered in it (older recordings: rps × length). */
  requests: number;
}

export interface LoadOnAxis {
  seconds: AxisSecond[];
  /** The recording stored when its burst started (false: placed at the profile's start). */
  aligned: boolean;
  /** The recording's phases on the chart's axis, when stored. */
  phases: RecordingPhases | null;
}

/**
 * Where a profile's first sample is, in ms after the recording's profiler
 * started (`originUs`: the recorded process's main-thread profile's start) —
 * the `firstSampleMs` loadOnAxis takes. A worker thread's or a child
 * process's profile starts a little after the main thread's, so its 0 is not
 * the phases' 0: measured from its own start, a worker of a cluster was drawn
 * ahead of the burst it served. V8 stamps every profile with the system's
 * monotonic clock (one clock for every process on a machine): their starts
 * subtract. Never before the origin.
 */
export function firstSampleAfterMs(profile: { startTimeUs: number; endTimeUs: number; durationMs: number }, originUs = profile.startTimeUs): number {
  return Math.max(0, (profile.endTimeUs - profile.durationMs * 1000 - originUs) / 1000);
}

const requestsOf = (s: LoadSecond) => s.requests ?? s.rps * (s.lengthSec ?? 1);

/** Shifts phases (ms after the profiler started) onto the chart's axis (ms after the first sample). */
function shiftPhases(p: RecordingPhases, byMs: number): RecordingPhases {
  const at = (t: number) => t - byMs;
  return {
    warmup: p.warmup ? { fromMs: at(p.warmup.fromMs), toMs: at(p.warmup.toMs) } : null,
    burst: { fromMs: at(p.burst.fromMs), toMs: at(p.burst.toMs) },
    profileStopMs: at(p.profileStopMs),
  };
}

export function loadOnAxis(load: Pick<LoadSummary, 'timeline' | 'phases'>, firstSampleMs: number): LoadOnAxis {
  const phases = load.phases ? shiftPhases(load.phases, firstSampleMs) : null;
  const start = phases ? phases.burst.fromMs : 0;
  // `second` is 1-based: second 1 is the burst's first second.
  const seconds = load.timeline.map((s) => {
    const fromMs = start + (s.second - 1) * 1000;
    return { fromMs, toMs: fromMs + (s.lengthSec ?? 1) * 1000, rps: s.rps, p99Ms: s.p99Ms, requests: requestsOf(s) };
  });
  return { seconds, aligned: phases !== null, phases };
}

/**
 * Requests that completed in [fromMs, toMs) of the chart, each second's count
 * prorated by how much of it lies in the range; null when the load has no
 * per-second series or none of it lies in the range (then "per 1 000
 * requests" cannot be said for the range).
 */
export function requestsInRange(onAxis: LoadOnAxis, fromMs: number, toMs: number): number | null {
  let n = 0;
  let covered = 0;
  for (const s of onAxis.seconds) {
    const overlap = Math.min(toMs, s.toMs) - Math.max(fromMs, s.fromMs);
    if (overlap <= 0 || s.toMs <= s.fromMs) continue;
    covered += overlap;
    n += s.requests * (overlap / (s.toMs - s.fromMs));
  }
  return covered > 0 && n > 0 ? Math.round(n) : null;
}

/** The second of the burst at t (ms from the first sample), for hover. */
export function loadSecondAt(onAxis: LoadOnAxis, tMs: number): AxisSecond | null {
  return onAxis.seconds.find((s) => tMs >= s.fromMs && tMs < s.toMs) ?? null;
}
