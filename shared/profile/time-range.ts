// Time: when each sample happened, and the profile of a time range.
//
// Samples are in time order (timing.ts sorts them); sample i starts at the
// sum of the weights before it, measured from the first sample:
//
//   t = 0     w0      w0+w1        …                       durationMs
//   |── s0 ──|── s1 ──|── s2 ──| … |── s(n-1) ────────────|
//
// timeRange(p, from, to) keeps the samples that START in [from, to) — the
// same rule a time-ordered flame chart draws by — so ranges that tile the
// profile split every sample exactly once. V8's positionTicks are counted per
// node for the whole profile, not per sample: the lines of a node keep their
// proportions (lines.ts splits the node's time-filtered self time by them).
import type { Profile } from './model.ts';

/** Each sample's start, in ms from the first sample. */
export function sampleTimesMs(profile: Profile): Float64Array {
  const t = new Float64Array(profile.samples.length);
  let at = 0;
  for (let i = 0; i < t.length; i++) {
    t[i] = at;
    at += profile.weightsMs[i];
  }
  return t;
}

/** The profile of the samples that start in [fromMs, toMs) (ms from the first sample). */
export function timeRange(profile: Profile, fromMs: number, toMs: number): Profile {
  const times = sampleTimesMs(profile);
  let first = 0;
  while (first < times.length && times[first] < fromMs) first++;
  let end = first;
  while (end < times.length && times[end] < toMs) end++;
  const samples = profile.samples.slice(first, end);
  const weightsMs = profile.weightsMs.slice(first, end);
  let durationMs = 0;
  for (let i = 0; i < weightsMs.length; i++) durationMs += weightsMs[i];
  const firstSampleUs = profile.endTimeUs - profile.durationMs * 1000;
  const startUs = firstSampleUs + (first < times.length ? times[first] : profile.durationMs) * 1000;
  return { ...profile, samples, weightsMs, durationMs, startTimeUs: startUs, endTimeUs: startUs + durationMs * 1000 };
}

export interface TimeBin {
  /** Start of the bin, ms from the first sample. */
  fromMs: number;
  /** Time in the bin that was not idle. */
  busyMs: number;
  /** Time in the bin on your code's frames (self). */
  userMs: number;
  /** Time in the bin spent in garbage collection. */
  gcMs: number;
}

/** The profile cut in `count` equal bins of time: how busy each was (for the timeline). */
export function timeBins(profile: Profile, count: number, isIdle: (frame: number) => boolean, isUser: (frame: number) => boolean, isGc: (frame: number) => boolean): TimeBin[] {
  const n = Math.max(1, Math.floor(count));
  const width = profile.durationMs / n || 1;
  const bins: TimeBin[] = Array.from({ length: n }, (_, i) => ({ fromMs: i * width, busyMs: 0, userMs: 0, gcMs: 0 }));
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const b = bins[Math.min(n - 1, Math.floor(at / width))];
    const frame = profile.nodeFrame[profile.samples[i]];
    const w = profile.weightsMs[i];
    if (!isIdle(frame)) b.busyMs += w;
    if (isUser(frame)) b.userMs += w;
    if (isGc(frame)) b.gcMs += w;
    at += w;
  }
  return bins;
}
