// Integration: log lines and bytes per request, per route and level, in a
// sweep (issue 38) — a real server that writes a planted number of lines and
// bytes per request (test/fixtures/log-server), launched under the inspector,
// swept through the same service the app and the CLI use. The truth is the
// fixture's own: /warn writes 3 lines, 67 bytes (two console.warn, one
// process.stdout.write), /fd 1 line of 8 bytes straight to fd 1, /quiet none.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlambeService } from '../../../electron/services/service.ts';
import { repo, waitFor } from '../../helpers/demo.ts';

const service = createFlambeService({ libraryPath: null });
const at = { targetId: '', base: '' };
beforeAll(async () => {
  const t = await service.api.launchTarget({ script: path.join(repo, 'test/fixtures/log-server/server.js') });
  at.targetId = t.targetId;
  at.base = (await waitFor(async () => (await service.api.getTarget({ targetId: t.targetId })).suggestedUrls[0], 10_000, 'port')).replace(/\/$/, '');
});
afterAll(() => service.dispose());

const PLANTED: Record<string, { lines: number; bytes: number }> = {
  '/warn?from=sweep': { lines: 3, bytes: 'no index on /warn?from=sweep\n'.length + 'scanning the whole table for /warn?from=sweep\n'.length + 'served /warn\n'.length },
  '/fd': { lines: 1, bytes: 'fd line\n'.length },
  '/quiet': { lines: 0, bytes: 0 },
};

describe('a sweep of a server that logs', () => {
  it('gives each profiled level its lines and bytes per request, and each route its own, within 5 % of what the server wrote', async () => {
    const r = await service.api.runSweep({
      targetId: at.targetId, levels: [1, 2], levelSec: 1, warmupSec: 0.3, profile: 1,
      load: { url: `${at.base}/`, routes: Object.keys(PLANTED).map((p) => ({ path: p })) },
    });
    expect(r.error).toBeNull();
    const [one, two] = r.levels;
    // Counted over the inspector: the profiled level has it, the other none (said as "–", never as 0).
    expect(two.output ?? null).toBeNull();
    expect(two.routes!.every((x) => x.logLinesPerRequest === undefined)).toBe(true);
    const o = one.output!;
    const routes = one.routes!;
    const planted = (f: 'lines' | 'bytes') => routes.reduce((n, x) => n + PLANTED[x.path][f] * x.requests, 0);
    expect(Math.abs(o.lines - planted('lines')) / planted('lines')).toBeLessThan(0.05);
    expect(Math.abs(o.bytes! - planted('bytes')) / planted('bytes')).toBeLessThan(0.05);
    expect(o.linesPerRequest! * one.requests / o.lines).toBeCloseTo(1, 2);
    expect(o.bytesPerRequest! * one.requests / o.bytes!).toBeCloseTo(1, 2);
    for (const x of routes) {
      const want = PLANTED[x.path];
      expect(x.requests).toBeGreaterThan(0);
      if (want.lines === 0) {
        expect([x.path, x.logLinesPerRequest, x.logBytesPerRequest]).toEqual([x.path, 0, 0]);
      } else {
        expect(Math.abs(x.logLinesPerRequest! - want.lines) / want.lines, x.path).toBeLessThan(0.05);
        expect(Math.abs(x.logBytesPerRequest! - want.bytes) / want.bytes, x.path).toBeLessThan(0.05);
      }
    }
  }, 90_000);
});
