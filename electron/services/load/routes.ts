// The requests of a burst: the one URL, or several routes on its origin,
// each repeated by its weight in the cycle autocannon walks through.
import type { LoadSettingsResolved } from '../../../shared/api.ts';

export interface BurstRoute {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  weight: number;
}

export function routeList(settings: LoadSettingsResolved): BurstRoute[] {
  // The burst's headers go with every route; a route's own headers win.
  if (settings.routes?.length) return settings.routes.map((r) => ({ ...r, headers: { ...settings.headers, ...r.headers } }));
  const u = new URL(settings.url);
  return [{ method: settings.method, path: u.pathname + u.search, headers: settings.headers, body: settings.body, weight: 1 }];
}

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);

/**
 * autocannon's `requests`: each route repeated weight/gcd times, interleaved
 * (a, b, a, b, a rather than a, a, a, b, b) so every connection mixes them.
 * Each carries its index as `flambeRoute`, read back at its response.
 */
export function burstRequests(routes: BurstRoute[]): { method: string; path: string; headers: Record<string, string>; body?: string; flambeRoute: number }[] {
  const g = routes.reduce((acc, r) => gcd(acc, r.weight), 0) || 1;
  const left = routes.map((r) => r.weight / g);
  const out = [];
  while (left.some((n) => n > 0)) {
    for (let i = 0; i < routes.length; i++) {
      if (left[i] <= 0) continue;
      left[i]--;
      const r = routes[i];
      out.push({ method: r.method, path: r.path, headers: r.headers, ...(r.body !== undefined ? { body: r.body } : {}), flambeRoute: i });
    }
  }
  return out;
}

export const AUTOCANNON_LIST_MIN = 32;

/**
 * The cycle handed to autocannon: whole cycles repeated to at least 32
 * requests. autocannon deep-clones its request context each time it wraps
 * around its list (lodash.clonedeep per request for a one-URL burst, about
 * 2 % of the generator's time); the same requests in the same order, a
 * longer list, wrap around 32 times less often. Not longer: each connection
 * builds every entry's request buffer when it starts (256 entries × 10
 * connections cost as much as they saved in a 5 s burst).
 */
export function autocannonRequests(routes: BurstRoute[]): ReturnType<typeof burstRequests> {
  const cycle = burstRequests(routes);
  const times = Math.max(1, Math.ceil(AUTOCANNON_LIST_MIN / cycle.length));
  return Array.from({ length: times }, () => cycle).flat();
}
