// Addresses inside the app, after the '#' (the token stays out of them:
// client/token.ts takes it from the query). One parser and one formatter, so
// every screen that gets an address adds a case here.
//
//   #/record, #/library          those screens (#/library?q=json&tag=x: its search and filters)
//   #/recordings/<id>            a recording of the library, on the result screen
//                                (?tab=call-tree&range=1200-3400: its tab and time range, in ms)
//   #/compare/<idA>/<idB>        a comparison, A and B in that order (#/compare: pick two)
//   #/experiments/<id>           an A/B experiment: its progress, then its answer
//   #/sweeps/<id>                a concurrency sweep: its progress, then its table and knee
//
// A screen's own state (search, tab, range) travels as `params` after a '?'.
export type Params = Readonly<Record<string, string>>;

export type Route = (
  | { screen: 'compare'; a: string; b: string }
  | { screen: 'compare-pick' }
  | { screen: 'recording'; id: string }
  | { screen: 'experiment'; id: string }
  | { screen: 'sweep'; id: string }
  | { screen: 'library' }
  | { screen: 'record' }
) & { params?: Params };

/** One path segment, decoded; null when it is empty or its escapes are broken (a cut-short address). */
function segment(s: string): string | null {
  try {
    const v = decodeURIComponent(s);
    return v.trim() ? v : null;
  } catch {
    return null;
  }
}

function parseParams(query: string): Params | undefined {
  if (!query) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(query)) if (v !== '') out[k] = v;
  return Object.keys(out).length ? out : undefined;
}

function withParams<R extends Route>(route: R, params: Params | undefined): R {
  return params ? { ...route, params } : route;
}

/** The route a location hash names; null for no hash or one the app does not know. */
export function parseRoute(hash: string): Route | null {
  const raw = hash.replace(/^#/, '');
  const q = raw.indexOf('?');
  const params = parseParams(q >= 0 ? raw.slice(q + 1) : '');
  const path = (q >= 0 ? raw.slice(0, q) : raw).replace(/^\//, '').replace(/\/$/, '').split('/');
  const ids = path.slice(1).map(segment);
  if (ids.some((id) => id === null)) return null;
  const one = (screen: 'recording' | 'experiment' | 'sweep') => withParams({ screen, id: ids[0]! }, params);
  if (path[0] === 'compare' && ids.length === 2) return withParams({ screen: 'compare', a: ids[0]!, b: ids[1]! }, params);
  if (path[0] === 'compare' && ids.length === 0) return withParams({ screen: 'compare-pick' }, params);
  if (path[0] === 'recordings' && ids.length === 1) return one('recording');
  if (path[0] === 'experiments' && ids.length === 1) return one('experiment');
  if (path[0] === 'sweeps' && ids.length === 1) return one('sweep');
  if (path[0] === 'library' && ids.length === 0) return withParams({ screen: 'library' }, params);
  if (path[0] === 'record' && ids.length === 0) return withParams({ screen: 'record' }, params);
  return null;
}

/** The part of an address that names the screen, without its params: the key a screen's params are kept under. */
export function routePath(route: Route): string {
  switch (route.screen) {
    case 'compare': return `#/compare/${encodeURIComponent(route.a)}/${encodeURIComponent(route.b)}`;
    case 'compare-pick': return '#/compare';
    case 'recording': return `#/recordings/${encodeURIComponent(route.id)}`;
    case 'experiment': return `#/experiments/${encodeURIComponent(route.id)}`;
    case 'sweep': return `#/sweeps/${encodeURIComponent(route.id)}`;
    default: return `#/${route.screen}`;
  }
}

export function routeHash(route: Route): string {
  const entries = Object.entries(route.params ?? {}).filter(([, v]) => v !== '');
  return entries.length ? `${routePath(route)}?${new URLSearchParams(entries).toString()}` : routePath(route);
}

/** The hash for a route, '' for none. */
export function formatRoute(route: Route | null): string {
  return route ? routeHash(route) : '';
}
