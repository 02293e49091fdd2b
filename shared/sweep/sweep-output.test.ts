import { describe, expect, it } from 'vitest';
import { outputVolume } from '../recording/output.ts';
import { levelOutput, routeOutputs } from './sweep-output.ts';

const routes = [
  { method: 'GET', path: '/orders?page=2', requests: 200 },
  { method: 'POST', path: '/checkout', requests: 50 },
  { method: 'GET', path: '/health', requests: 100 },
];

describe('log lines and bytes per request, per route', () => {
  const o = outputVolume(700, [], 350, 1, 'pipe', { bytes: 42_000, routes: [
    { route: 'GET /orders', lines: 600, bytes: 40_000 }, { route: 'POST /checkout', lines: 100, bytes: 2000 },
  ] });

  it('divides each route\'s own lines and bytes by its requests; a route that wrote nothing has 0', () => {
    expect(routeOutputs(routes, o)).toEqual([
      { logLinesPerRequest: 3, logBytesPerRequest: 200 }, { logLinesPerRequest: 2, logBytesPerRequest: 40 }, { logLinesPerRequest: 0, logBytesPerRequest: 0 },
    ]);
    expect(levelOutput(o)).toEqual({ lines: 700, bytes: 42_000, linesPerRequest: 2, bytesPerRequest: 120 });
  });

  it('gives no figure to two routes on one path (the server names neither query), nor without the routes counted', () => {
    const two = [{ method: 'GET', path: '/wait?ms=1', requests: 10 }, { method: 'GET', path: '/wait?ms=120', requests: 10 }, { method: 'GET', path: '/x', requests: 0 }];
    expect(routeOutputs(two, outputVolume(5, [], 20, 1, null, { routes: [{ route: 'GET /wait', lines: 5, bytes: 50 }] }))).toEqual([null, null, null]);
    expect(routeOutputs(routes, outputVolume(5, [], 20, 1, null))).toEqual([null, null, null]);
    expect(levelOutput(undefined)).toBeNull();
    // A recording from before bytes were counted.
    expect(levelOutput(outputVolume(5, [], 20, 1, null))).toEqual({ lines: 5, bytes: null, linesPerRequest: 0.25, bytesPerRequest: null });
  });
});
