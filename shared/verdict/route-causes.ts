// A mixed burst answers every route (issue 35): one burst over five routes of
// a service named 0–2 of its causes in the first answer — the findings are of
// the whole profile, and a cheap route's cause is under their threshold — the
// rest only in the per-route lines of "where each request's time went". The
// verdict now gives each route its main cause in one line, heaviest first:
//
//   GET /orders (96 requests): 20 ms per request waiting on the file system (from loadOrders, shop.js:34), 11 ms of CPU, most in loadOrders
//   GET /ranking (94 requests): 3.8 ms of CPU per request, most in rankProducts
//
// A route's main cause is the largest part of its own time (CPU or a wait it
// started; queueing behind other routes' work is theirs, not its own). Routes
// are ordered by what they cost in all: that own time times their requests.
import type { RequestTime, RouteTime } from '../recording/request-time.ts';
import { partText } from '../request-time/sentence.ts';
import { formatCount, formatMsInText } from '../number-format.ts';
import { routeCpuCaveat, routeCpuFigure, routeCpuText } from '../request-time/route-cpu-text.ts';

export interface RouteCause {
  route: string;
  requests: number;
  /** The route's own time per request: its CPU and what it waited on (queueing left out), ms. */
  ownMsPerRequest: number;
  /** The sentence after the route's name. */
  text: string;
}

/** Only a burst of several routes has routes to tell apart. */
const MIN_ROUTES = 2;


/** Each route's main cause, heaviest in all first; empty for a burst of one route. */
export function routeCauses(rt: RequestTime | null | undefined): RouteCause[] {
  const routes = (rt?.byRoute ?? []).filter((r) => r.requests > 0);
  if (routes.length < MIN_ROUTES) return [];
  return routes.map(routeCause).sort((a, b) => b.ownMsPerRequest * b.requests - a.ownMsPerRequest * a.requests || a.route.localeCompare(b.route));
}

function routeCause(r: RouteTime): RouteCause {
  const cpuMs = r.cpuMsPerRequest;
  const waits = r.parts.filter((p) => p.kind !== 'cpu' && p.kind !== 'queue' && p.kind !== 'other' && p.msPerRequest > 0).sort((a, b) => b.msPerRequest - a.msPerRequest);
  const wait = waits[0];
  const ownMs = cpuMs + waits.reduce((sum, p) => sum + p.msPerRequest, 0);
  // Where the clock read it too coarsely for one number: "about", its range and why (route-cpu-text.ts).
  const caveat = routeCpuCaveat(r) ? ` (${routeCpuCaveat(r)})` : '';
  const cpu = `${routeCpuFigure(r)} of CPU${caveat}${r.topFunction ? `, most in ${r.topFunction}` : ''}`;
  const text = wait && wait.msPerRequest > cpuMs
    ? `${formatMsInText(wait.msPerRequest)} per request ${partText(wait)}, ${cpu}`
    : `${routeCpuText(r)}${r.topFunction ? `, most in ${r.topFunction}` : ''}${wait ? `; ${formatMsInText(wait.msPerRequest)} ${partText(wait)}` : ''}`;
  return { route: `${r.method} ${r.path}`, requests: r.requests, ownMsPerRequest: ownMs, text };
}

/** The lines the verdict prints: a lead, then one per route. */
export function routeCauseLines(causes: readonly RouteCause[]): string[] {
  if (causes.length === 0) return [];
  return [
    `Each route's main cost, heaviest in all first (its own time per request: CPU by the server's clock, and what it waited on):`,
    ...causes.map((c) => `  ${c.route} (${formatCount(c.requests)} requests): ${c.text}.`),
  ];
}
