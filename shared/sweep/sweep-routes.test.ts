import { describe, expect, it } from 'vitest';
import { levelProcess, routeP95Series, slowAtLevel, slowRoutesAcrossLevels, slowRoutesSweepSentences, type LevelRoutes } from './sweep-routes.ts';
import type { SweepRoute } from './sweep-level.ts';

/** A route at one level with its p75 (and p95 = p75 + 10). */
function route(name: string, p75: number, requests = 100): SweepRoute {
  const [method, path] = name.split(' ');
  return { method, path, requests, rps: requests / 5, latencyMs: { p50: p75 / 2, p75, p90: p75 + 5, p95: p75 + 10, p99: p75 + 20, max: p75 + 30, mean: p75 / 2 }, errors: 0, non2xx: 0 };
}

// The team's wiki page: checkout's p75 50.0 / 69.7 / 82.8 / 140.5 ms at 1, 5, 8, 20 users.
const team: LevelRoutes[] = [
  { connections: 1, routes: [route('GET /items', 8), route('POST /checkout', 50)] },
  { connections: 5, routes: [route('GET /items', 9), route('POST /checkout', 69.7)] },
  { connections: 8, routes: [route('GET /items', 11), route('POST /checkout', 82.8)] },
  { connections: 20, routes: [route('GET /items', 30), route('POST /checkout', 140.5)] },
];

describe('routes slower than X ms at p75 across a sweep', () => {
  it('names the only route over 100 ms and the level it passes it from', () => {
    expect(slowRoutesSweepSentences(team, 100)).toEqual(['POST /checkout passes 100 ms at p75 from 20 connections (140.5 ms).']);
    expect(slowAtLevel(team[3].routes!, 100).map((r) => r.path)).toEqual(['/checkout']);
    expect(slowAtLevel(team[2].routes!, 100)).toEqual([]);
  });

  it('a lower threshold: from the first level it stays above at every higher one', () => {
    expect(slowRoutesAcrossLevels(team, 60)).toEqual([{ route: 'POST /checkout', levels: [5, 8, 20], from: 5, p75Ms: 69.7 }]);
  });

  it('a route slow at one level only, not at the highest, is said so', () => {
    const dip: LevelRoutes[] = [
      { connections: 1, routes: [route('GET /a', 20)] },
      { connections: 5, routes: [route('GET /a', 150)] },
      { connections: 8, routes: [route('GET /a', 40)] },
    ];
    expect(slowRoutesSweepSentences(dip, 100)).toEqual(['GET /a passes 100 ms at p75 at 5 connections, but not at the highest level (40.0 ms there).']);
  });

  it('says when none is, and ignores a route that served nothing', () => {
    expect(slowRoutesSweepSentences([{ connections: 1, routes: [route('GET /a', 500, 0)] }, { connections: 2 }], 100)).toEqual(['No route passes 100 ms at p75 at any level.']);
  });
});

describe('the chart of p95 per route against connections', () => {
  it('gives each route its points in the order of connections', () => {
    const series = routeP95Series([...team].reverse());
    expect(series.map((s) => s.route)).toEqual(['GET /items', 'POST /checkout']);
    expect(series[1].points).toEqual([{ connections: 1, p95Ms: 60 }, { connections: 5, p95Ms: 79.7 }, { connections: 8, p95Ms: 92.8 }, { connections: 20, p95Ms: 150.5 }]);
  });
});

describe('the process during a level', () => {
  const s = (cpuPercent: number, heapUsedMb: number, rssMb: number) => ({ tMs: 0, elu: 0.5, loopDelayP99Ms: 1, cpuPercent, heapUsedMb, rssMb });
  it('mean CPU, highest heap and RSS, and the CPU per request they say', () => {
    // 50 % of a core at 100 requests/s: 5 ms of CPU per request.
    expect(levelProcess([s(40, 10, 80), s(60, 12, 90)], 100)).toMatchObject({ cpuPercent: 50, heapUsedMb: 12, rssMb: 90, cpuMsPerRequest: 5 });
    expect(levelProcess([s(40, 10, 80)], 0)!.cpuMsPerRequest).toBeNull();
    expect(levelProcess([], 100)).toBeNull();
  });

  it('agrees with itself and with the CLI: CPU % of a core ÷ requests/s is its CPU ms per request, over the burst (issue 31)', () => {
    // Idle before and after the burst, 22 % during it: the row must say the burst's 22, as the CLI's table does.
    const at = (tMs: number, cpu: number) => ({ ...s(cpu, 10, 80), tMs });
    const samples = [at(250, 2), at(500, 2), ...Array.from({ length: 20 }, (_, i) => at(750 + i * 250, 22)), at(6000, 3), at(6250, 3)];
    const p = levelProcess(samples, 27.9, { fromMs: 600, toMs: 5500 })!;
    expect(p.cpuPercent).toBe(p.summary!.cpuPercent.mean);
    expect(p.cpuPercent).toBe(22);
    expect(p.cpuMsPerRequest).toBeCloseTo(7.885, 3);
  });

  it('carries the burst\'s min/mean/max as record gives them, and the growth verdict (null: too short to judge)', () => {
    const p = levelProcess([s(40, 10, 80), s(60, 12, 90)], 100)!;
    expect(p.summary).toMatchObject({ cpuPercent: { min: 40, mean: 50, max: 60 }, heapUsedMb: { min: 10, mean: 11, max: 12 }, rssMb: { min: 80, mean: 85, max: 90 } });
    expect(p.growth).toBeNull();
    // 6 s of a heap that only climbs, with Flambé's full collections before and after: grows, as record says.
    const climbing = Array.from({ length: 25 }, (_, i) => ({ ...s(50, 20 + 4 * i, 100 + 4 * i), tMs: i * 250, gcCount: 2, majorGcCount: 1 }));
    const forced = [{ ...s(5, 18, 95), tMs: 0, fullGcForced: true as const }, { ...s(5, 110, 200), tMs: 6000, fullGcForced: true as const }];
    const g = levelProcess([forced[0], ...climbing, forced[1]], 100, { fromMs: 0, toMs: 6000 })!.growth!;
    expect(g.grows).toBe(true);
    expect(g.sentence).toMatch(/^Memory grows by/);
  });
});
