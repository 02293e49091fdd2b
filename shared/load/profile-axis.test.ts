// The load's seconds on the profile's axis, and the requests of a time range.
import { describe, expect, it } from 'vitest';
import type { LoadSecond, RecordingPhases } from '../api.ts';
import { loadOnAxis, loadSecondAt, requestsInRange } from './profile-axis.ts';

const timeline: LoadSecond[] = [
  { second: 1, rps: 100, p99Ms: 5, requests: 100, lengthSec: 1 },
  { second: 2, rps: 300, p99Ms: 9, requests: 300, lengthSec: 1 },
  { second: 3, rps: 200, p99Ms: 7, requests: 100, lengthSec: 0.5 },
];
const phases: RecordingPhases = { warmup: { fromMs: -2100, toMs: -50 }, burst: { fromMs: 400, toMs: 2900 }, profileStopMs: 2950 };

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
