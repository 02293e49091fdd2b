// How a RecordingRow reads in the Library table and panel.

/** "GET /log?x=1" from the method and the URL of the load; null for an imported profile. */
export function routeOf(method: string | null, url: string | null): string | null {
  if (!url) return null;
  let path = url;
  try {
    const u = new URL(url);
    path = u.pathname + u.search;
  } catch {
    // Not a URL we can parse: show it as it was stored.
  }
  return method ? `${method} ${path}` : path;
}

/**
 * What a recording's load sent, for a header: "GET /log", or for a burst over several routes "5 routes: GET /health,
 * GET /users, …" — the URL of such a load is only its first route, and a header naming it read as if only
 * /health was loaded (issue 38).
 */
export function loadRouteText(load: { method: string; url: string; routes?: readonly { method: string; path: string }[] } | null | undefined): string | null {
  if (!load) return null;
  const routes = load.routes ?? [];
  if (routes.length === 1) return `${routes[0].method} ${routes[0].path}`;
  if (!routes.length) return routeOf(load.method, load.url);
  const names = routes.map((r) => `${r.method} ${r.path}`);
  return `${routes.length} routes: ${names.slice(0, 2).join(', ')}${names.length > 2 ? ', …' : ''}`;
}

/**
 * A Library row's Route cell: its load's route, or for a burst over several routes "5 routes: GET /hello, GET /json, …"
 * as the result's header says it — the row's URL is then only the form's URL field, not a route the burst sent.
 */
export function rowRouteText(row: { method: string | null; url: string | null; routes?: readonly { method: string; path: string }[] }): string | null {
  if (!row.routes?.length) return routeOf(row.method, row.url);
  return loadRouteText({ method: row.method ?? 'GET', url: row.url ?? '', routes: row.routes });
}

/** The Route cell's tooltip: the URL, or every route of a multi-route burst (the URL alone named one it may not have sent). */
export function rowRouteTitle(row: { url: string | null; routes?: readonly { method: string; path: string }[] }): string | undefined {
  if (!row.routes?.length) return row.url ?? undefined;
  return row.routes.map((r) => `${r.method} ${r.path}`).join(', ');
}

/** The file name of a launched script ("/srv/app/server.js" → "server.js"); host:port stays whole. */
export function shortTarget(label: string | null): string | null {
  if (!label) return null;
  const parts = label.split(/[\\/]/).filter(Boolean);
  return parts.length ? parts[parts.length - 1] : label;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-03 14:05" in the user's time zone: short, sortable, the same in every locale. */
export function formatRowDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A name as the table lists it: a default name ends with its date
 * ("GET /json · 2026-11-28 00:56"), which the Date column shows already — cut,
 * the names of a narrow table stay different ("GET /json", "GET /log").
 */
export function listedName(name: string, createdAt: string): string {
  const suffix = ` · ${formatRowDate(createdAt)}`;
  return name.endsWith(suffix) && name.length > suffix.length ? name.slice(0, -suffix.length) : name;
}

/** The tags typed into the tag box: comma-separated, trimmed, no empties, no repeats. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))];
}

/** The toast after a delete: "Deleted “GET /log · 14:05”." or "Deleted 3 recordings.". */
export function deletedMessage(names: readonly string[]): string {
  if (names.length === 1) return `Deleted “${names[0]}”.`;
  return `Deleted ${names.length} recordings.`;
}
