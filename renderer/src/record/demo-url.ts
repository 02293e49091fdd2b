// The demo server's index page `/` only lists its routes: a recording of it
// measures nothing a user came for. Its load URL defaults to a route that
// does work (JSON.stringify of a large object), on the port it listens on.
export const DEMO_DEFAULT_ROUTE = '/json';

/** `suggested`: the address the demo server listens at ("http://127.0.0.1:3000/"). */
export function demoLoadUrl(suggested: string): string {
  try {
    return new URL(DEMO_DEFAULT_ROUTE, suggested).href;
  } catch {
    return suggested;
  }
}
