// Integration: a sweep of three routes at three levels against a real server
// launched under the inspector — the per-route table, the slow-route list and
// the process per level, through the same service the app and the CLI use.
import { describe, expect, it } from 'vitest';
import { expectOrdered, launchedLoadServer } from './launched-load-server.ts';
import { slowAtLevel, slowRoutesAcrossLevels } from '../../../shared/sweep/sweep-routes.ts';

const { service, at } = launchedLoadServer();

describe('a sweep over three routes', () => {
  it('gives 9 route-levels with ordered percentiles, the planted slow route as the only one over 100 ms at p75, and the process per level', async () => {
    const r = await service.api.runSweep({
      targetId: at.targetId, levels: [1, 2, 4], levelSec: 1, warmupSec: 0.3, profile: 'every',
      load: { url: `${at.base}/`, routes: [{ path: '/hello' }, { path: '/heavy?ms=1' }, { path: '/wait?ms=120' }] },
    });
    expect(r.error).toBeNull();
    const rows = r.levels.flatMap((l) => (l.routes ?? []).map((x) => ({ connections: l.connections, ...x })));
    expect(rows.map((x) => `${x.connections} ${x.path}`)).toEqual([
      '1 /hello', '1 /heavy?ms=1', '1 /wait?ms=120', '2 /hello', '2 /heavy?ms=1', '2 /wait?ms=120', '4 /hello', '4 /heavy?ms=1', '4 /wait?ms=120',
    ]);
    for (const x of rows) {
      expect(x.requests).toBeGreaterThan(0);
      expect(x.errors + x.non2xx).toBe(0);
      expectOrdered(x.latencyMs);
    }
    for (const l of r.levels) {
      expect(slowAtLevel(l.routes!, 100).map((x) => x.path)).toEqual(['/wait?ms=120']);
      // The routes' requests add up to the level's.
      expect(l.routes!.reduce((n, x) => n + x.requests, 0)).toBe(l.requests);
      expect(l.process!.cpuPercent).toBeGreaterThan(0);
      expect(l.process!.rssMb).toBeGreaterThan(l.process!.heapUsedMb);
      expect(l.process!.cpuMsPerRequest).toBeGreaterThan(0);
      // The row agrees with itself and with the CLI's table (issue 31): the burst's CPU %, and the ms per request it says.
      expect(l.process!.cpuPercent).toBeCloseTo(l.process!.summary!.cpuPercent.mean, 1);
      expect(l.process!.cpuMsPerRequest! / ((l.process!.cpuPercent * 10) / l.rps)).toBeCloseTo(1, 2);
    }
    expect(slowRoutesAcrossLevels(r.levels, 100)).toMatchObject([{ route: 'GET /wait?ms=120', levels: [1, 2, 4], from: 1 }]);
  });
});
