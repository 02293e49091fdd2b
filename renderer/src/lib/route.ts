// The address of a screen, after the token: #/compare/<idA>/<idB> opens a
// comparison, #/recordings/<id> a recording — so a comparison can be
// bookmarked in browser mode and survives a reload. Pure: parse and format.

export type Route = { screen: 'compare'; a: string; b: string } | { screen: 'recording'; id: string } | { screen: 'library' } | { screen: 'record' };

const part = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export function parseRoute(hash: string): Route | null {
  const path = hash.replace(/^#/, '').split('/').filter(Boolean);
  if (path[0] === 'compare' && path.length === 3) return { screen: 'compare', a: part(path[1]), b: part(path[2]) };
  if (path[0] === 'recordings' && path.length === 2) return { screen: 'recording', id: part(path[1]) };
  if (path[0] === 'library' && path.length === 1) return { screen: 'library' };
  if (path[0] === 'record' && path.length === 1) return { screen: 'record' };
  return null;
}

export function routeHash(route: Route): string {
  switch (route.screen) {
    case 'compare': return `#/compare/${encodeURIComponent(route.a)}/${encodeURIComponent(route.b)}`;
    case 'recording': return `#/recordings/${encodeURIComponent(route.id)}`;
    default: return `#/${route.screen}`;
  }
}
