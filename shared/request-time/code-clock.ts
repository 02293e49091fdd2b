// How much CPU the requests' own code got per ms it ran: the rate that turns
// the profile's sampled ms into ms of CPU (shared/profile/cpu-time.ts).
//
// Why not the thread's CPU over its sampled busy time: the OS also counts the
// CPU the thread spends while the profile says idle — the event loop reading
// and writing sockets between callbacks, V8's sampler waking it — and shared
// among the busy functions that CPU made a CPU loop read ×1.30–1.57 its own
// clock beside two busy loops. The collector reads the thread's clock as each
// timed request's code starts and stops running (request-collector.ts), so
// this rate counts only CPU spent in JavaScript the profile samples as busy
// (the same recordings: ×0.97–1.26; docs/cpu.md "Measured accuracy").
import type { RequestCodeClock } from '../recording/cpu-accounting.ts';
import type { CollectedBatch } from './collected.ts';

/**
 * The timed requests' CPU (the collector's clock) and the wall time of their code's segments, clipped to each
 * request's start and finish as the clock was (its code after the response is in neither). Null when none was timed.
 */
export function requestCodeClock(batches: readonly CollectedBatch[]): RequestCodeClock | null {
  const timed = new Map<number, { start: number; end: number; cpuUs: number }>();
  for (const b of batches) {
    for (const [id, , , start, end, , , cpuUs] of b.requests) if (cpuUs !== undefined && cpuUs >= 0 && end >= start) timed.set(id, { start, end, cpuUs });
  }
  if (timed.size === 0) return null;
  let wallUs = 0;
  for (const b of batches) {
    for (let i = 0; i + 2 < b.segments.length; i += 3) {
      const r = timed.get(b.segments[i]);
      if (r) wallUs += Math.max(0, Math.min(b.segments[i + 2], r.end) - Math.max(b.segments[i + 1], r.start));
    }
  }
  let cpuUs = 0;
  for (const r of timed.values()) cpuUs += r.cpuUs;
  return { requests: timed.size, cpuMs: cpuUs / 1000, wallMs: wallUs / 1000 };
}
