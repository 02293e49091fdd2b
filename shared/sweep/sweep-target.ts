// What a sweep loaded, for its screen's header and its report: the routes its levels sent, on the server
// ("GET /warn + GET /quiet on http://127.0.0.1:3000"), or its URL. A multi-route sweep's URL is only the form's URL
// field: the header read "…/log" over a sweep of /warn and /quiet (issue 38's walk).
import { loadTitle } from '../load/load-title.ts';

export function sweepTarget(sweep: { url: string; levels: readonly { routes?: readonly { method: string; path: string }[] }[] }): string {
  const routes = sweep.levels.find((l) => l.routes?.length)?.routes;
  if (!routes) return sweep.url;
  let origin = sweep.url;
  try {
    origin = new URL(sweep.url).origin;
  } catch {
    // Not a URL we can parse: shown as it was stored.
  }
  return `${loadTitle({ url: sweep.url, routes })} on ${origin}`;
}
