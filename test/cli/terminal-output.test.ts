// The CLI's tables: numbers right-aligned under their headers, text left-aligned.
import { describe, expect, it } from 'vitest';
import { formatLoadSummary, formatRouteCpu, urlLine } from '../../electron/cli/terminal-output.ts';
import { syntheticLoad } from '../../shared/compare/test-support/rounds.ts';
import { wrap } from '../../electron/cli/verdict-lines.ts';

describe('formatRouteCpu', () => {
  it('puts the heaviest route first, left-aligns the route and its top function, and groups thousands (the one number style)', () => {
    const row = (path: string, cpu: number, top: string | null) => ({
      method: 'GET', path, recordingId: path, rps: 1000 / cpu, p75Ms: cpu, p99Ms: cpu * 2, cpuMsPerRequest: cpu, error: null,
      topFunction: top ? { name: top, location: 'app.ts:7', selfMs: 1 } : null,
    });
    const lines = formatRouteCpu([row('/fast', 0.025, 'writeUtf8String'), row('/orders?q=1', 0.354, '(anonymous)')]);
    expect(lines).toEqual([
      'Route               Req/s  p75 ms  p99 ms  CPU ms/req  Top function',
      'GET /orders?q=1   2 824.9   0.354   0.708       0.354  (anonymous) (app.ts:7)',
      'GET /fast        40 000.0   0.025   0.050       0.025  writeUtf8String (app.ts:7)',
    ]);
  });
});

describe('the verdict\'s wrapping', () => {
  it('never breaks a number between its thousands ("11 910 ms of CPU per 1 000 requests" read "per 1" / "000 requests")', () => {
    const lines = wrap("priceOrders's own code takes 47% of the time (50% of the busy time), 11 910 ms of CPU per 1 000 requests.", 94);
    expect(lines).toEqual(["priceOrders's own code takes 47% of the time (50% of the busy time), 11 910 ms of CPU per", '1 000 requests.']);
    expect(wrap('a 12 345 678 b', 8)).toEqual(['a', '12 345 678', 'b']);
  });
});

describe('urlLine', () => {
  it('says what was sent: the method and URL, or with routes their origin and the route (a POST route read "GET /")', () => {
    expect(urlLine({ method: 'GET', url: 'http://127.0.0.1:3000/hello' })).toBe('URL      GET http://127.0.0.1:3000/hello');
    expect(urlLine({ method: 'GET', url: 'http://127.0.0.1:3000/', routes: [{ method: 'POST', path: '/orders' }] })).toBe('URL      http://127.0.0.1:3000 — POST /orders');
    expect(urlLine({ method: 'GET', url: 'http://127.0.0.1:3000/', routes: [{ method: 'GET', path: '/a' }, { method: 'GET', path: '/b' }] })).toBe('URL      http://127.0.0.1:3000 — 2 routes');
  });
});

describe('formatLoadSummary', () => {
  it('with --no-load, says the traffic was not measured instead of "Traffic 0 B/s" beside the requests the server counted (issue 38)', () => {
    const load = syntheticLoad({ requests: 4000 });
    expect(formatLoadSummary(load, 100, true).find((l) => l.startsWith('Traffic'))).toBe('Traffic  not measured: your own tool sent the load, Flambé counted the requests in the server');
    expect(formatLoadSummary({ ...load, bytesPerSec: 2048 }).find((l) => l.startsWith('Traffic'))).toBe('Traffic  2 KiB/s');
  });
});
