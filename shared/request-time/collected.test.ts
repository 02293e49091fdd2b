import { describe, expect, it } from 'vitest';
import { collectedBatchSchema, withAbsoluteTimes, type CollectedBatch } from './collected.ts';

describe('a batch handed over in tenths of a µs after its base', () => {
  it('comes back in µs on the profile clock: requests, segments, waits (from, to, answered) and background, nothing else moved', () => {
    const batch = collectedBatchSchema.parse({
      clockUs: 5_000_100.25, timeBaseUs: 5_000_000, open: 0, dropped: 0, stacks: [['f (a.js:1:1)']],
      requests: [[7, 'GET', '/cart', -25, 1_005, 200, 8080, 31]],
      segments: [7, -25, 40, 7, 900, 1_005],
      waits: [[7, 'socket', '127.0.0.1:5432', 41, 899, 0, 'postgres', ['SELECT 1'], 905, 1], [7, 'timer', '5 ms', 41, 60, -1]],
      background: ['interval', 10, 20, 'tick', 250],
    });
    const b = withAbsoluteTimes(batch);
    expect(b.timeBaseUs).toBeUndefined();
    expect(b.clockUs).toBe(5_000_100.25);
    expect(b.requests).toEqual([[7, 'GET', '/cart', 4_999_997.5, 5_000_100.5, 200, 8080, 31]]);
    expect(b.segments).toEqual([7, 4_999_997.5, 5_000_004, 7, 5_000_090, 5_000_100.5]);
    expect(b.waits).toEqual([[7, 'socket', '127.0.0.1:5432', 5_000_004.1, 5_000_089.9, 0, 'postgres', ['SELECT 1'], 5_000_090.5, 1], [7, 'timer', '5 ms', 5_000_004.1, 5_000_006, -1]]);
    expect(b.background).toEqual(['interval', 5_000_001, 5_000_002, 'tick', 250]);
    expect(b.stacks).toEqual([['f (a.js:1:1)']]);
  });

  it('leaves a batch already in µs (no base) as it is', () => {
    const batch: CollectedBatch = { clockUs: 10, open: 0, dropped: 0, stacks: [], requests: [[1, 'GET', '/', 1.5, 2.5, 200]], segments: [1, 1.5, 2], waits: [], background: [] };
    expect(withAbsoluteTimes(batch)).toBe(batch);
  });
});
