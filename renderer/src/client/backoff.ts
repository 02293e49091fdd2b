// Reconnect delays for the event WebSocket: quick at first (a server
// restart), then slower, capped, with jitter so many tabs do not retry in step.
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(10_000, 500 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}
