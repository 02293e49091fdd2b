// What a load asks for, in a few words: "GET /json", or for a multi-route
// burst its routes ("GET /json + GET /log + POST /items + 2 more"), so two
// recordings of one server with different routes can be told apart in the
// Library, and running work is named the way the user set it up.
const SHOWN_ROUTES = 3;

function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}

export function loadTitle(load: { method?: string; url: string; routes?: readonly { method?: string; path: string }[] }): string {
  const routes = load.routes ?? [];
  if (routes.length === 0) return `${load.method ?? 'GET'} ${pathOf(load.url)}`;
  const shown = routes.slice(0, SHOWN_ROUTES).map((r) => `${r.method ?? 'GET'} ${r.path}`);
  const more = routes.length - shown.length;
  return `${shown.join(' + ')}${more > 0 ? ` + ${more} more` : ''}`;
}
