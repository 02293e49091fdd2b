// A mixed burst answers every route: one line each, heaviest in all first (route-causes.ts).
import { describe, expect, it } from 'vitest';
import { routeCauseLines, routeCauses } from './route-causes.ts';
import type { RequestTime, RouteTime } from '../recording/request-time.ts';

const route = (path: string, requests: number, cpuMsPerRequest: number, topFunction: string | null, parts: RouteTime['parts'] = []): RouteTime => ({
  method: 'GET', path, requests, perRequestMs: { p50: 1, mean: 1 }, parts, cpuMsPerRequest, topFunction,
});
const rt = (byRoute: RouteTime[]): RequestTime => ({ requests: 100, perRequestMs: { p50: 1, mean: 1 }, serverMs: { p50: 1, p99: 1, mean: 1 }, parts: [], byRoute, dropped: 0 });

describe('routeCauses', () => {
  it('gives every route its main cause, ordered by its own time in all — a wait it started counts, queueing does not', () => {
    const causes = routeCauses(rt([
      route('/settings', 100, 0.6, 'cloneDeep'),
      route('/orders', 90, 10, 'loadOrders', [
        { kind: 'fs', target: '', callsPerRequest: 1, msPerRequest: 20, share: 0.5, from: { function: 'loadOrders', url: 'file:///srv/shop.cjs', line: 34 } },
        { kind: 'queue', target: '', callsPerRequest: 0, msPerRequest: 500, share: 0.4, from: null },
      ]),
      route('/ranking', 95, 1.8, 'rankProducts', [{ kind: 'queue', target: '', callsPerRequest: 0, msPerRequest: 900, share: 0.9, from: null }]),
    ]));
    expect(causes.map((c) => c.route)).toEqual(['GET /orders', 'GET /ranking', 'GET /settings']);
    expect(routeCauseLines(causes)).toEqual([
      "Each route's main cost, heaviest in all first (its own time per request: CPU by the server's clock, and what it waited on):",
      '  GET /orders (90 requests): 20 ms per request waiting on the file system (from loadOrders, shop.cjs:34), 10 ms of CPU, most in loadOrders.',
      '  GET /ranking (95 requests): 1.8 ms of CPU per request, most in rankProducts.',
      '  GET /settings (100 requests): 0.6 ms of CPU per request, most in cloneDeep.',
    ]);
  });

  it('says a route\'s CPU as "about", with its range and why, where the clock read it too coarsely to give one number', () => {
    const sub = { ...route('/errors', 210, 0.87, 'countErrors'), cpuErrorMs: 0.31, cpuClockStepMs: 4, cpuTimedRequests: 52 };
    const [, , line] = routeCauseLines(routeCauses(rt([route('/hash', 200, 3, 'hashToken'), sub])));
    expect(line).toBe('  GET /errors (210 requests): about 0.87 ms of CPU per request (0.26 to 1.5 ms: this machine\'s CPU clock counts in steps of 4 ms '
      + 'and one request takes less than a step, so it reads 0 or 4 ms; read on 52 requests), most in countErrors.');
  });

  it('says nothing for a burst of one route', () => {
    expect(routeCauses(rt([route('/', 100, 1, 'handler')]))).toEqual([]);
    expect(routeCauses(null)).toEqual([]);
  });
});
