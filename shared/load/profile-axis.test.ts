// The load's seconds on the profile's axis, and the requests of a time range.
import { describe, expect, it } from 'vitest';
import type { LoadSecond, RecordingPhases } from '../api.ts';
import { firstSampleAfterMs, loadOnAxis, loadSecondAt, requestsInRange } from './profile-axis.ts';

const timeline: LoadSecond[] = [
  { second: 1, rps: 100, p99Ms: 5, requests: 100, lengthSec: 1 },
  { second: 2, rps: 300, p99Ms: 9, requests: 300, lengthSec: 1 },
  { second: 3, rps: 200, p99Ms: 7, requests: 100, lengthSec: 0.5 },
];
const phases: RecordingPhases = { warmup: { fromMs: -2100, toMs: -50 }, burst: { fromMs: 400, toMs: 2900 }, profileStopMs: 2950 };

describe('firstSampleAfterMs', () => {
  // Times in µs of the machine's monotonic clock, as V8 stamps them. The main thread's profiler started at 10 s.
  const main = { startTimeUs: 10_000_000, endTimeUs: 13_000_000, durationMs: 2_990 };
  // A cluster worker's profiler started 180 ms later (its inspector opened, its collector installed); first sample 2 ms after that.
  const worker = { startTimeUs: 10_180_000, endTimeUs: 13_010_000, durationMs: 2_828 };

  it('is the main thread\'s first sample after its own start', () => {
    expect(firstSampleAfterMs(main)).toBe(10);
  });

  it('places another process\'s first sample after the main thread\'s start: the burst is drawn where that process served it', () => {
    expect(firstSampleAfterMs(worker, main.startTimeUs)).toBe(182);
    expect(firstSampleAfterMs(worker)).toBe(2); // on its own clock: 180 ms early
    // The burst started 400 ms after the main profiler: 218 ms into the worker's chart, not 398.
    expect(loadOnAxis({ timeline, phases }, firstSampleAfterMs(worker, main.startTimeUs)).seconds[0].fromMs).toBe(218);
  });

  it('never puts a first sample before the origin', () => {
    expect(firstSampleAfterMs(main, worker.startTimeUs)).toBe(0);
  });
});

describe('loadOnAxis', () => {
  it('starts the first second where the burst really started, after the first sample', () => {
    const a = loadOnAxis({ timeline, phases }, 1);
    expect(a.aligned).toBe(true);
    expect(a.seconds.map((s) => [s.fromMs, s.toMs])).toEqual([[399, 1399], [1399, 2399], [2399, 2899]]);
    expect(a.phases).toEqual({ warmup: { fromMs: -2101, toMs: -51 }, burst: { fromMs: 399, toMs: 2899 }, profileStopMs: 2949 });
  });

  it('places an older recording (no phases) from the profile start, second 1 at 0 — not at 1 s', () => {
    const a = loadOnAxis({ timeline }, 1);
    expect(a.aligned).toBe(false);
    expect(a.seconds[0]).toMatchObject({ fromMs: 0, toMs: 1000 });
    expect(loadSecondAt(a, 999)?.rps).toBe(100);
    expect(loadSecondAt(a, 1000)?.rps).toBe(300);
  });
});

describe('requestsInRange', () => {
  const a = loadOnAxis({ timeline, phases: { ...phases, burst: { fromMs: 0, toMs: 2500 } } }, 0);

  it('counts the requests completed in the range, prorating partly covered seconds', () => {
    expect(requestsInRange(a, 0, 2500)).toBe(500);
    expect(requestsInRange(a, 1000, 2000)).toBe(300);
    // Half of second 1 (50) + a quarter of second 2 (75).
    expect(requestsInRange(a, 500, 1250)).toBe(125);
    // The last second is half a second long: a quarter of a second of it is half its requests.
    expect(requestsInRange(a, 2000, 2250)).toBe(50);
  });

  it('is null when the range lies outside the burst: no per-1k figure can be given', () => {
    expect(requestsInRange(a, 3000, 4000)).toBeNull();
    expect(requestsInRange(loadOnAxis({ timeline: [] }, 0), 0, 1000)).toBeNull();
  });

  it('is not the whole recording\'s count inside a range', () => {
    expect(requestsInRange(a, 0, 1000)).toBe(100);
  });
});
