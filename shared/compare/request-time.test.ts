import { describe, expect, it } from 'vitest';
import type { RequestTime, RequestTimePart } from '../recording/request-time.ts';
import { compareRequestTime, statementChangeLines } from './request-time.ts';

const part = (kind: RequestTimePart['kind'], target: string, msPerRequest: number, total: number): RequestTimePart =>
  ({ kind, target, msPerRequest, share: msPerRequest / total, callsPerRequest: kind === 'http' ? 1 : 0, from: null });
const rt = (httpMs: number, cpuMs: number): RequestTime => ({
  requests: 100, perRequestMs: { p50: httpMs + cpuMs, mean: httpMs + cpuMs }, serverMs: { p50: 0, p99: 0, mean: 0 }, byRoute: [], dropped: 0,
  parts: [part('http', 'GET 127.0.0.1:4001/quote', httpMs, httpMs + cpuMs), part('cpu', '', cpuMs, httpMs + cpuMs)],
});

describe('compareRequestTime', () => {
  it('puts each part side by side, with the change and how sure', () => {
    const c = compareRequestTime([rt(200, 2), rt(204, 2.2), rt(198, 1.9)], [rt(60, 2), rt(62, 2.1), rt(61, 2)], true)!;
    expect(c.parts.map((p) => p.label)).toEqual(['GET 127.0.0.1:4001/quote', 'own code']);
    const call = c.parts[0].msPerRequest;
    expect(call.a).toBeCloseTo(200.7, 0);
    expect(call.b).toBeCloseTo(61, 0);
    expect(call.significant).toBe(true);
    expect(c.perRequestMs.deltaPercent!).toBeLessThan(-60);
  });

  it('never says a part fell by more than all of it: a call gone in B is −100% at most', () => {
    const gone = (cpuMs: number): RequestTime => ({ ...rt(0, cpuMs), parts: [part('cpu', '', cpuMs, cpuMs)] });
    const c = compareRequestTime([rt(50, 1.4), rt(52, 1.5), rt(49, 1.4)], [gone(0.5), gone(0.52), gone(0.5)], true)!;
    const call = c.parts.find((p) => p.kind === 'http')!.msPerRequest;
    expect(call.b).toBe(0);
    expect(call.ci95![0]).toBeGreaterThanOrEqual(-100);
  });

  it('cannot tell from one run each, and has nothing to say when a side was recorded without the collector', () => {
    const c = compareRequestTime([rt(200, 2)], [rt(60, 2)])!;
    expect(c.parts[0].msPerRequest.significant).toBeNull();
    expect(compareRequestTime([rt(200, 2)], [null])).toBeNull();
  });
});

describe('per statement', () => {
  const sql = 'SELECT id, total FROM invoices WHERE account_id = $1';
  const db = (msPerCall: number, calls: number, cpuMs: number): RequestTime => {
    const total = msPerCall * calls + cpuMs;
    return {
      requests: 100, perRequestMs: { p50: total, mean: total }, serverMs: { p50: 0, p99: 0, mean: 0 }, byRoute: [], dropped: 0,
      parts: [
        { ...part('socket', '127.0.0.1:5433 (postgres)', msPerCall * calls, total), statement: sql, server: 'postgres', callsPerRequest: calls },
        // Another statement on the same server: its own row, never merged with the first by their shared target.
        { ...part('socket', '127.0.0.1:5433 (postgres)', 2 * calls, total), statement: 'SELECT name FROM accounts WHERE id = $1', server: 'postgres', callsPerRequest: calls },
        part('cpu', '', cpuMs, total),
      ],
    };
  };

  it('says each statement’s change per call, before and after an index, apart from the other statements on the server', () => {
    const c = compareRequestTime([db(224, 1, 2)], [db(3, 1, 2)])!;
    const invoices = c.parts.find((p) => p.statement === sql)!;
    expect(invoices.msPerCall).toMatchObject({ a: 224, b: 3 });
    expect(c.parts.find((p) => p.statement === 'SELECT name FROM accounts WHERE id = $1')!.msPerCall).toMatchObject({ a: 2, b: 2 });
    expect(statementChangeLines(c)[0]).toMatch(/^`SELECT id, total FROM invoices WHERE account_id = \$1`: 224 → 3 ms per call \(−99%, /);
  });

  it('per call even when the calls per request changed (an N+1 made one query): ms per request alone would mislead', () => {
    const c = compareRequestTime([db(5, 20, 2)], [db(6, 1, 2)])!;
    const p = c.parts.find((x) => x.statement === sql)!;
    expect(p.msPerRequest.deltaPercent!).toBeLessThan(-90);
    expect(p.msPerCall).toMatchObject({ a: 5, b: 6 });
  });
});
