// How many requests' worth of work the profile saw: the denominator of every
// figure per request read from the profile (request-counts.ts).
//
// The collector counts every request that finished while it listened, and it
// is read after the profiler stops: the requests still queued when the burst
// ended finish in between, and those queued from the warm-up began before the
// profile did. Counted whole, their CPU is not in the profile. Beside a CPU
// hog a route that spends 60 ms of its thread's CPU per request read 47.6 ms
// (34 requests counted, 31.7 requests' worth of CPU profiled on a quiet run).
// Each request here counts by the share of its code's time that ran inside
// the profile's window, on the profile's clock (the collector's segments are).
import type { Span } from './samples.ts';

/** The profile's window on the V8 clock, µs: its first sample's time to its end (samples.ts sampleTimesUs). */
export interface ProfileWindow { fromUs: number; toUs: number }

export function profileWindow(profile: { endTimeUs: number; durationMs: number }): ProfileWindow {
  return { fromUs: profile.endTimeUs - profile.durationMs * 1000, toUs: profile.endTimeUs };
}

const overlapUs = (s: Span, w: ProfileWindow) => Math.max(0, Math.min(s.to, w.toUs) - Math.max(s.from, w.fromUs));

/**
 * Requests' worth of code inside the window: each request by the share of its code segments' time inside it; one
 * without a timed segment counts whole if it finished inside, else not at all.
 */
export function requestsInProfile(requests: readonly { id: number; end: number }[], segmentsOf: ReadonlyMap<number, readonly Span[]>, window: ProfileWindow): number {
  let worth = 0;
  for (const r of requests) {
    const segs = segmentsOf.get(r.id) ?? [];
    const total = segs.reduce((t, s) => t + (s.to - s.from), 0);
    if (total > 0) worth += segs.reduce((t, s) => t + overlapUs(s, window), 0) / total;
    else if (r.end >= window.fromUs && r.end <= window.toUs) worth += 1;
  }
  return worth;
}
