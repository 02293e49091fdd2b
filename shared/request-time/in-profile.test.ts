// Requests count by the share of their code the profile saw: a request queued
// from the warm-up that the profile caught halfway through counts half, one
// that finished after the profiler stopped counts none.
import { describe, expect, it } from 'vitest';
import { profileWindow, requestsInProfile } from './in-profile.ts';

describe('requests in the profile', () => {
  const window = profileWindow({ endTimeUs: 10_000, durationMs: 8 }); // 2 000–10 000 µs

  it('counts each request by the share of its code inside the window', () => {
    const requests = [{ id: 1, end: 2_500 }, { id: 2, end: 6_000 }, { id: 3, end: 9_900 }, { id: 4, end: 12_000 }];
    const segments = new Map([
      [1, [{ from: 1_500, to: 2_500 }]], // half before the profile began
      [2, [{ from: 4_000, to: 5_000 }, { from: 5_500, to: 6_000 }]], // whole
      [3, [{ from: 9_000, to: 9_900 }]], // whole
      [4, [{ from: 11_000, to: 12_000 }]], // after the profiler stopped
    ]);
    expect(requestsInProfile(requests, segments, window)).toBeCloseTo(2.5, 9);
  });

  it('counts a request without timed code by where it finished', () => {
    expect(requestsInProfile([{ id: 1, end: 5_000 }, { id: 2, end: 11_000 }], new Map(), window)).toBe(1);
  });
});
