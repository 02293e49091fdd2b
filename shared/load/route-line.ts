// "METHOD /path [weight]": one route as typed in the UI's routes box or given
// to the CLI's --route. One parser, one sentence for a bad line.
import type { LoadRoute } from '../recording/settings.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

export type RouteLine = { ok: true; value: LoadRoute } | { ok: false; message: string };

export function parseRouteLine(raw: string): RouteLine {
  const parts = raw.trim().split(/\s+/);
  const hasMethod = METHODS.includes(parts[0]?.toUpperCase() ?? '');
  const method = hasMethod ? parts[0].toUpperCase() : 'GET';
  const [path, weight, ...rest] = hasMethod ? parts.slice(1) : parts;
  const w = weight === undefined ? 1 : Number(weight);
  if (!path?.startsWith('/') || rest.length || !Number.isInteger(w) || w < 1 || w > 100) {
    return { ok: false, message: `A route is "METHOD /path", optionally with a weight from 1 to 100, like "GET /users" or "POST /orders 3"; "${raw.trim()}" is not that.` };
  }
  return { ok: true, value: { method: method as LoadRoute['method'], path, ...(weight !== undefined ? { weight: w } : {}) } };
}

/** Every non-empty line of a routes box; the first bad line decides the message. */
export function parseRouteLines(text: string): { ok: true; value: LoadRoute[] } | { ok: false; message: string } {
  const routes: LoadRoute[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const r = parseRouteLine(line);
    if (!r.ok) return r;
    routes.push(r.value);
  }
  return { ok: true, value: routes };
}
