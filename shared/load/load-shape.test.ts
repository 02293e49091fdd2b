import { describe, expect, it } from 'vitest';
import { hasLoadShape } from './load-shape.ts';

const good = {
  requests: 1000, durationSec: 1, rps: 1000, latencyMs: { p50: 1, p90: 2, p99: 3, max: 4, mean: 1 },
  errors: 0, timeouts: 0, non2xx: 0, statusCodes: {}, bytesPerSec: 0, timeline: [], stoppedEarly: false,
};

describe('hasLoadShape', () => {
  it('accepts a load summary as the recorder writes it', () => {
    expect(hasLoadShape(good)).toBe(true);
  });
  it.each([
    ['null', null],
    ['a number', 7],
    ['only a request count (a damaged library row)', { requests: 7 }],
    ['latency without p99', { ...good, latencyMs: { p50: 1, max: 4 } }],
    ['requests as text', { ...good, requests: '1000' }],
    ['no per-second series', { ...good, timeline: undefined }],
  ])('refuses %s', (_what, load) => {
    expect(hasLoadShape(load)).toBe(false);
  });
});
