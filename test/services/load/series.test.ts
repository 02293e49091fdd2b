import { describe, expect, it } from 'vitest';
import { SecondSeries } from '../../../electron/services/load/series.ts';

describe('SecondSeries', () => {
  it('keeps the last partial second, weighted by its length, and adds up to the total', () => {
    const s = new SecondSeries();
    // 100 responses per second for 2.5 s.
    for (let i = 0; i < 250; i++) s.record(i * 10 + 5, 1000);
    const t = s.finish(2500);
    expect(t.map((x) => x.requests)).toEqual([100, 100, 50]);
    expect(t.map((x) => x.lengthSec)).toEqual([1, 1, 0.5]);
    expect(t.map((x) => x.rps)).toEqual([100, 100, 100]);
    const total = t.reduce((n, x) => n + x.requests!, 0);
    const seconds = t.reduce((n, x) => n + x.lengthSec!, 0);
    expect(total).toBe(250);
    expect(total / seconds).toBe(100); // the header's req/s
  });

  it('joins a tail shorter than a quarter second to the second before it, still adding up', () => {
    const s = new SecondSeries();
    // 200 responses per second for 2 s, then 1 more in the last millisecond (2.001 s).
    for (let i = 0; i < 400; i++) s.record(i * 5 + 2, 1000);
    s.record(2000.5, 9000);
    const t = s.finish(2001);
    expect(t.map((x) => x.requests)).toEqual([200, 201]);
    expect(t.map((x) => x.lengthSec)).toEqual([1, 1.001]);
    expect(t[1].rps).toBeCloseTo(200.8, 1); // not a 1000 req/s spike
    expect(t[1].p99Ms).toBe(1); // the joined second's p99 reads both parts' latencies (399 × 1 ms, 1 × 9 ms)
    expect(t.reduce((n, x) => n + x.requests!, 0)).toBe(401);
  });

  it('shows the silent seconds of a stalled server as zeros', () => {
    const s = new SecondSeries();
    s.record(100, 1000);
    s.tick(3200);
    s.record(3300, 5000);
    const t = s.finish(3400);
    expect(t.map((x) => x.requests)).toEqual([1, 0, 0, 1]);
    expect(t[3].lengthSec).toBeCloseTo(0.4, 3);
    expect(t[3].rps).toBeCloseTo(2.5, 3);
  });
});
