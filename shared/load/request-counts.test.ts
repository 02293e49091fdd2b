// Which requests a figure counts (issue 31): the same quantity is the same
// number on every screen, or the difference is said.
import { describe, expect, it } from 'vitest';
import { answeredBesideSeen, failedPer1kSent, failedRequests, requestsHandled } from './request-counts.ts';
import { recordingContext } from '../verdict/recording-context.ts';

const load = { requests: 31, errors: 0, timeouts: 3 };

describe('request counts', () => {
  it('counts failed requests as errors + timeouts, per 1 000 sent (answered + failed), not per answered', () => {
    expect(failedRequests(load)).toBe(3);
    expect(failedPer1kSent(load)).toBeCloseTo(88.235, 3);
    expect(failedPer1kSent({ requests: 0, errors: 0, timeouts: 0 })).toBe(0);
  });

  it('says the answers beside what the server saw when they differ, and why', () => {
    expect(answeredBesideSeen(40, load)).toBe(', 31 answered within the burst (3 timed out; the server also finished requests the burst had stopped waiting for)');
    expect(answeredBesideSeen(31, load)).toBe('');
    expect(answeredBesideSeen(100, { requests: 99, errors: 0, timeouts: 0, measuredInServer: true })).toBe('');
  });

  it('divides a profile’s figures by the requests the server handled in its window, else by the answers', () => {
    expect(requestsHandled({ load, requestTime: { requests: 40, dropped: 2 } })).toEqual({ count: 42, countedBy: 'server' });
    expect(requestsHandled({ load, requestTime: null })).toEqual({ count: 31, countedBy: 'load generator' });
    // The requests' worth the profile saw, where it was measured: 40 finished, 36.5 of them ran while it did.
    expect(requestsHandled({ load, requestTime: { requests: 40, dropped: 2, inProfile: 36.5 } })).toEqual({ count: 38.5, countedBy: 'server' });
    expect(requestsHandled({ load: { requests: 0 } })).toBeNull();
  });

  it('is what the verdict divides by', () => {
    const full = { requests: 31, durationSec: 6.3, rps: 4.9, latencyMs: { p50: 1, p90: 2, p99: 3, max: 4, mean: 1 }, errors: 0, timeouts: 3, non2xx: 0, statusCodes: {}, bytesPerSec: 0, timeline: [], stoppedEarly: false };
    const requestTime = { requests: 40, dropped: 0, perRequestMs: { p50: 1, mean: 1 }, serverMs: { p50: 1, p99: 1, mean: 1 }, parts: [], byRoute: [] };
    expect(recordingContext({ load: full, settings: null, samples: [], requestTime }).requests).toBe(40);
    expect(recordingContext({ load: full, settings: null, samples: [] }).requests).toBe(31);
  });
});
