// "Routes slower than X ms at p75": the list a performance team reports.
// One rule for the UI, the CLI and the JSON.
import type { RouteLoad } from '../recording/load.ts';

export const DEFAULT_SLOW_P75_MS = 100;

/** Routes whose p75 is above `thresholdMs`, slowest first. */
export function slowRoutes(routes: readonly RouteLoad[], thresholdMs = DEFAULT_SLOW_P75_MS): RouteLoad[] {
  return routes
    .filter((r) => r.requests > 0 && (r.latencyMs.p75 ?? r.latencyMs.p50) > thresholdMs)
    .sort((a, b) => (b.latencyMs.p75 ?? b.latencyMs.p50) - (a.latencyMs.p75 ?? a.latencyMs.p50));
}

/** One sentence for the list (or for its absence). */
export function slowRoutesSentence(routes: readonly RouteLoad[], thresholdMs = DEFAULT_SLOW_P75_MS): string {
  const slow = slowRoutes(routes, thresholdMs);
  if (!slow.length) return `No route is slower than ${thresholdMs} ms at p75.`;
  const names = slow.map((r) => `${r.method} ${r.path} (${(r.latencyMs.p75 ?? r.latencyMs.p50).toFixed(1)} ms)`);
  return `${slow.length} of ${routes.length} routes ${slow.length === 1 ? 'is' : 'are'} slower than ${thresholdMs} ms at p75: ${names.join(', ')}.`;
}
