import { describe, expect, it } from 'vitest';
import { AUTOCANNON_LIST_MIN, autocannonRequests, burstRequests, type BurstRoute } from '../../../electron/services/load/routes.ts';

const route = (path: string, weight: number): BurstRoute => ({ method: 'GET', path, headers: {}, weight });

describe("autocannon's request list", () => {
  it('repeats whole cycles to at least 32 requests, in the same order and the same mix', () => {
    const routes = [route('/a', 3), route('/b', 1)];
    const cycle = burstRequests(routes);
    const list = autocannonRequests(routes);
    expect(list.length).toBeGreaterThanOrEqual(AUTOCANNON_LIST_MIN);
    expect(list.length).toBeLessThan(AUTOCANNON_LIST_MIN + cycle.length);
    expect(list.length % cycle.length).toBe(0);
    for (let i = 0; i < list.length; i++) expect(list[i]).toEqual(cycle[i % cycle.length]);
    expect(list.filter((r) => r.path === '/a').length).toBe(3 * list.filter((r) => r.path === '/b').length);
  });

  it('leaves a cycle already that long as it is', () => {
    const routes = Array.from({ length: 20 }, (_, i) => route(`/r${i}`, 7 + (i % 2)));
    expect(autocannonRequests(routes)).toEqual(burstRequests(routes));
  });
});
