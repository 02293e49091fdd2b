// Addresses inside the app, after the '#' (the token stays out of them:
// client/token.ts takes it from the query). One parser and one formatter, so
// every screen that gets an address adds a case here.
//
//   #/recordings/<id>       a recording of the library, on the result screen
//   #/compare/<idA>/<idB>   a comparison, A and B in that order
//   #/library, #/record     those screens
export type Route = { screen: 'compare'; a: string; b: string } | { screen: 'recording'; id: string } | { screen: 'library' } | { screen: 'record' };

/** One path segment, decoded; null when it is empty or its escapes are broken (a cut-short address). */
function segment(s: string): string | null {
  try {
    const v = decodeURIComponent(s);
    return v.trim() ? v : null;
  } catch {
    return null;
  }
}

/** The route a location hash names; null for no hash or one the app does not know. */
export function parseRoute(hash: string): Route | null {
  const path = hash.replace(/^#/, '').replace(/^\//, '').replace(/\/$/, '').split('/');
  const ids = path.slice(1).map(segment);
  if (ids.some((id) => id === null)) return null;
  if (path[0] === 'compare' && ids.length === 2) return { screen: 'compare', a: ids[0]!, b: ids[1]! };
  if (path[0] === 'recordings' && ids.length === 1) return { screen: 'recording', id: ids[0]! };
  if (path[0] === 'library' && ids.length === 0) return { screen: 'library' };
  if (path[0] === 'record' && ids.length === 0) return { screen: 'record' };
  return null;
}

export function routeHash(route: Route): string {
  switch (route.screen) {
    case 'compare': return `#/compare/${encodeURIComponent(route.a)}/${encodeURIComponent(route.b)}`;
    case 'recording': return `#/recordings/${encodeURIComponent(route.id)}`;
    default: return `#/${route.screen}`;
  }
}

/** The hash for a route, '' for none. */
export function formatRoute(route: Route | null): string {
  return route ? routeHash(route) : '';
}
