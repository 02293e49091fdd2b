// What a fixed-rate burst says when it served less than it was asked (issue
// 13, item 3). Each connection carries one request at a time, so N connections
// whose requests take at least S ms each (the fastest answer of the burst: a
// request that did not queue in the server) can carry at most N / S requests
// per second, however fast the server: asked more than that, the connections
// are the limit, and blaming the server would send the user to fix the wrong
// thing — when the burst did run near that. Served far below it (or asked less
// than it), the server, queueing requests, is what held the rate back.

/** The server kept up when at least this share of the asked rate was served. */
export const KEPT_UP_SHARE = 0.9;
/** Served at least this share of what the connections could carry: they were the limit. */
export const CARRY_REACHED = 0.75;

/**
 * One sentence when less than 90 % of the asked rate was served, else null.
 * `carryRps`: the most the burst's connections could carry (connections ÷ the
 * shortest time a request held its connection), when known.
 */
export function rateShortfall(askedRps: number, servedRps: number, carry?: { connections: number; carryRps: number }): string | null {
  if (servedRps >= askedRps * KEPT_UP_SHARE) return null;
  const asked = `asked ${Math.round(askedRps)} req/s, served ${Math.round(servedRps)}`;
  // The connections are the limit when they could not carry the rate AND the burst ran near what they
  // could carry; served far below it, the server (queueing requests) was the tighter limit.
  if (carry && carry.carryRps < askedRps * KEPT_UP_SHARE && servedRps >= carry.carryRps * CARRY_REACHED) {
    const n = carry.connections;
    return `The connections could not carry the rate: ${asked}. ${n} connection${n === 1 ? '' : 's'}, each holding a request `
      + `at least ${(n / carry.carryRps * 1000).toFixed(1)} ms, can carry at most about ${Math.round(carry.carryRps)} req/s — use more connections, `
      + `about ${Math.ceil((askedRps / carry.carryRps) * n * 1.2)}, to tell what the server can do.`;
  }
  return `The server could not keep up: ${asked}.`;
}
