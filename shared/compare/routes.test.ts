import { describe, expect, it } from 'vitest';
import { compareRoutes } from './routes.ts';
import { surenessWords } from './words.ts';
import type { RouteLoad } from '../api.ts';

function route(name: string, rps: number, p75: number): RouteLoad {
  const [method, path] = name.split(' ');
  return { method, path, requests: rps * 5, rps, latencyMs: { p50: p75 * 0.8, p75, p90: p75 * 1.1, p95: p75 * 1.2, p99: p75 * 1.5, max: p75 * 2, mean: p75 * 0.8 }, errors: 0, non2xx: 0 };
}

describe('compare per route', () => {
  it('matches routes by method and path; one run each cannot tell', () => {
    const rows = compareRoutes([[route('GET /items', 400, 10), route('POST /checkout', 100, 50)]], [[route('POST /checkout', 80, 70), route('GET /items', 400, 10), route('GET /new', 5, 1)]]);
    expect(rows.map((r) => `${r.method} ${r.path} ${r.only ?? ''}`)).toEqual(['GET /items ', 'POST /checkout ', 'GET /new b']);
    const checkout = rows[1];
    expect(checkout.p75Ms!.deltaPercent).toBeCloseTo(40);
    expect(checkout.rps!.deltaPercent).toBeCloseTo(-20);
    expect(surenessWords(checkout.p75Ms!)).toBe('cannot tell: one run each');
    expect(rows[2].rps).toBeNull();
  });

  it('from rounds (an experiment), a route that got slower in every pair is a real change', () => {
    const a = [48, 50, 52, 49, 51].map((p) => [route('POST /checkout', 100, p)]);
    const b = [70, 71, 69, 72, 70].map((p) => [route('POST /checkout', 80, p)]);
    const [row] = compareRoutes(a, b, true);
    expect(row.p75Ms!.basis).toBe('rounds');
    expect(row.p75Ms!.significant).toBe(true);
    expect(surenessWords(row.p75Ms!)).toMatch(/^real \(95%: \+/);
  });
});
