// Integration: a burst sent by two load threads (issue 13, item 7) against a
// real node:http server in another process. On this 2-core machine the rule
// keeps one thread, so the test asks for two (`threads: 2`), and checks that
// the merged summary is one burst: counts, series, percentiles, routes, rate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettingsSchema, type LoadSecond, type LoadSettings, type LoadSummary } from '../../../shared/api.ts';
import { runBurstInWorker } from '../../../electron/services/load/run.ts';
import { decodeHistogram } from '../../../electron/services/load/histogram.ts';
import { mergeSeries } from '../../../electron/services/load/merge.ts';
import { startLoadServer, type LoadServer } from './load-server.ts';

let server: LoadServer;
beforeAll(async () => { server = await startLoadServer(); });
afterAll(() => server?.stop());

const burst = (load: LoadSettings, onSecond?: (s: LoadSecond) => void): Promise<LoadSummary> =>
  runBurstInWorker({ settings: loadSettingsSchema.parse(load), onSecond }).done;

describe('two load threads', () => {
  it('make one burst: requests, series, histogram and status codes add up; the connections are shared out', async () => {
    const live: LoadSecond[] = [];
    const l = await burst({ url: `${server.base}/hello`, connections: 5, durationSec: 2.5, threads: 2 }, (s) => live.push(s));
    expect(l.loadThreads).toBe(2);
    expect(l.connections).toBe(5);
    expect(l.requests).toBeGreaterThan(0);
    expect(l.timeline.reduce((n, s) => n + s.requests!, 0)).toBe(l.requests);
    expect(l.timeline.map((s) => s.second)).toEqual(l.timeline.map((_, i) => i + 1));
    const h = decodeHistogram(l.histogram!);
    expect(h.totalCount).toBe(l.requests);
    expect(Math.round(h.getValueAtPercentile(99)) / 1000).toBeCloseTo(l.latencyMs.p99, 2);
    h.destroy();
    const order = [l.latencyMs.min!, l.latencyMs.p50, l.latencyMs.p75!, l.latencyMs.p90, l.latencyMs.p95!, l.latencyMs.p99, l.latencyMs.max];
    for (let i = 1; i < order.length; i++) expect(order[i]).toBeGreaterThanOrEqual(order[i - 1]);
    expect(l.statusCodes['200']).toBe(l.requests);
    expect(Math.abs(l.rps - l.requests / l.durationSec) / l.rps).toBeLessThan(0.002);
    // The live seconds: each sent once both threads closed it, with both threads' requests.
    expect(live.length).toBeGreaterThanOrEqual(2);
    expect(live[0].second).toBe(1);
    expect(live[0].requests).toBe(l.timeline[0].requests);
  });

  it('-n is shared out and met exactly', async () => {
    const l = await burst({ url: `${server.base}/hello`, connections: 4, requests: 301, threads: 2 });
    expect(l.loadThreads).toBe(2);
    expect(l.requests).toBe(301);
  });

  it('merge each route from its histograms: per-route requests add up, the heavy route stays slower', async () => {
    const l = await burst({
      url: `${server.base}/`, connections: 4, durationSec: 1.5, threads: 2,
      routes: [{ path: '/hello', weight: 3 }, { path: '/heavy?ms=3' }],
    });
    const [hello, heavy] = l.routes!;
    expect(hello.requests + heavy.requests).toBe(l.requests);
    for (const r of l.routes!) expect(decodeHistogram(r.histogram!).totalCount).toBe(r.requests);
    expect(heavy.latencyMs.p50).toBeGreaterThan(hello.latencyMs.p50);
    expect(hello.requests).toBeGreaterThan(heavy.requests);
  });

  it('share a fixed rate: the whole burst is served at the asked rate', async () => {
    const l = await burst({ url: `${server.base}/hello`, connections: 8, durationSec: 2, rate: 200, threads: 2 });
    expect(l.loadThreads).toBe(2);
    expect(l.rate!.askedRps).toBe(200);
    // Each thread paces half the rate: the two together never send more than asked (a thread pacing the whole
    // rate would serve ~400 req/s).
    expect(l.rps).toBeLessThan(200 * 1.05);
    // Answers still in flight when the burst ends are not counted (as wrk2 does): beside other test files on this
    // busy 2-core machine the server answered late enough to serve 173, and at load 30 79, of 200 req/s. The burst then says so.
    if (l.rps >= 200 * 0.9) expect(l.rate!.shortfall).toBeNull();
    else expect(l.rate!.shortfall).toMatch(/^The server could not keep up: asked 200 req\/s, served \d+\.$/);
    expect(l.requests).toBeGreaterThan(0);
  });
});

describe('mergeSeries', () => {
  const row = (second: number, requests: number, lengthSec = 1, p99Ms = 1): LoadSecond => ({ second, requests, lengthSec, rps: requests / lengthSec, p99Ms });
  it("adds the threads second by second; a second's p99 is the highest of theirs", () => {
    expect(mergeSeries([[row(1, 10, 1, 2), row(2, 5, 0.5, 3)], [row(1, 12, 1, 4), row(2, 6, 0.5, 1)]])).toEqual([
      { second: 1, requests: 22, lengthSec: 1, rps: 22, p99Ms: 4 },
      { second: 2, requests: 11, lengthSec: 0.5, rps: 22, p99Ms: 3 },
    ]);
  });
  it('folds the extra rows of a thread that ran a little longer into its last row, so the total is kept', () => {
    const merged = mergeSeries([[row(1, 10), row(2, 10), row(3, 3, 0.3)], [row(1, 10), row(2, 12, 1.2)]]);
    expect(merged).toHaveLength(2);
    expect(merged.reduce((n, s) => n + s.requests!, 0)).toBe(45);
    expect(merged[1]).toEqual({ second: 2, requests: 25, lengthSec: 1.3, rps: 19.231, p99Ms: 1 });
  });
});
