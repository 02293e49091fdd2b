// A request's cost through the burst (cost-trend.ts).
import { describe, expect, it } from 'vitest';
import type { RouteTime } from '../recording/request-time.ts';
import { cpuThroughBurst, risingCostSentence } from './cost-trend.ts';

/** n requests a ms apart, each timed, costing cost(i) ms of CPU. */
const burst = (n: number, cost: (i: number) => number) => Array.from({ length: n }, (_, i) => ({ start: i * 1000, cpuUs: cost(i) * 1000 }));
const route = (t: Partial<NonNullable<RouteTime['cpuThroughBurst']>> | null, path = '/quote'): RouteTime => ({
  method: 'GET', path, requests: 500, perRequestMs: { p50: 1, mean: 1 }, parts: [], cpuMsPerRequest: 0.2, topFunction: null,
  ...(t ? { cpuThroughBurst: { firstMs: 0.06, lastMs: 0.36, errorMs: 0.01, timedFirst: 200, timedLast: 120, ...t } } : {}),
});

describe('cpuThroughBurst', () => {
  it('gives the means of the first and last fifth, by start, over the timed requests only', () => {
    // Every request adds a listener an emit then calls: 0.06 ms at first, 0.0006 ms more each request after.
    const reqs = burst(500, (i) => 0.06 + 0.0006 * i).reverse();
    const t = cpuThroughBurst(reqs.map((r, i) => (i % 2 ? { ...r, cpuUs: -1 } : r)))!;
    expect(t.firstMs).toBeCloseTo(0.06 + 0.0006 * 49.5, 3);
    expect(t.lastMs).toBeCloseTo(0.06 + 0.0006 * 449.5, 3);
    expect([t.timedFirst, t.timedLast]).toEqual([50, 50]);
  });

  it('says nothing with too few timed requests at either end', () => {
    expect(cpuThroughBurst(burst(45, () => 1))).toBeNull();
  });

  it("keeps a clock that ticks from looking like a rise: reads of 0 or a whole 4 ms tick give a wide error", () => {
    // 0.2 ms a request, read by a 4 ms tick: one request in 20 reads a tick, the rest 0; the end reads six more ticks.
    const ticks = burst(500, (i) => (i % 20 === 0 || (i > 400 && i % 10 === 5) ? 4 : 0));
    const t = cpuThroughBurst(ticks)!;
    expect(t.lastMs).toBeGreaterThan(t.firstMs * 2); // past the factor: only the error bound keeps it silent
    expect(risingCostSentence([route(t)])).toBeNull();
  });
});

describe('risingCostSentence', () => {
  it('says the start and the end when the cost rose by half or more, past its error, and what grows', () => {
    expect(risingCostSentence([route({})]))
      .toMatch(/^Each request cost 0\.06 ms of CPU at the start of the burst and 0\.36 ms at the end \(means of the 200 and 120 requests the server's thread clock timed in the first and the last fifth\): the work grows with something that grows\. Look for what every request adds to/);
  });

  it('names the route when the burst had several, the one that rose the most', () => {
    const text = risingCostSentence([route({ firstMs: 1, lastMs: 2.5 }, '/a'), route({ firstMs: 0.1, lastMs: 0.9 }, '/b')]);
    expect(text).toMatch(/^Each request to GET \/b cost 0\.1 ms/);
  });

  it('is silent when the cost rose by less than half, rose by a trifle or within its error, or was not measured', () => {
    expect(risingCostSentence([route({ firstMs: 0.2, lastMs: 0.29 })])).toBeNull();
    expect(risingCostSentence([route({ firstMs: 0.004, lastMs: 0.03 })])).toBeNull();
    expect(risingCostSentence([route({ errorMs: 0.11 })])).toBeNull();
    expect(risingCostSentence([route(null)])).toBeNull();
  });
});
