// Addresses inside the app, after the '#' (the token stays out of them:
// client/token.ts takes it from the query). One parser and one formatter, so
// every screen that gets an address adds a case here.
//
//   #/recordings/<id>     a recording of the library, on the result screen
export type Route = { kind: 'recording'; id: string };

/** The route a location hash names; null for no hash or one the app does not know. */
export function parseRoute(hash: string): Route | null {
  const path = hash.replace(/^#/, '');
  const m = /^\/recordings\/([^/?#]+)\/?$/.exec(path);
  if (m) {
    try {
      const id = decodeURIComponent(m[1]);
      return id.trim() ? { kind: 'recording', id } : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** The hash for a route ('#/recordings/abc'), '' for none. */
export function formatRoute(route: Route | null): string {
  if (!route) return '';
  switch (route.kind) {
    case 'recording': return `#/recordings/${encodeURIComponent(route.id)}`;
  }
}
