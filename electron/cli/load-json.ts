// The load part of the CLI's --json output (record, sweep): one shape, in docs/cli.md.
import type { LatencyMs, LoadSummary, RouteLoad } from '../../shared/api.ts';
import { slowRoutes } from '../../shared/load/slow-routes.ts';
import { serverClockSentence } from '../../shared/request-time/server-load.ts';

export function latencyJson(l: LatencyMs) {
  return { min: l.min ?? null, p50: l.p50, p75: l.p75 ?? null, p90: l.p90, p95: l.p95 ?? null, p99: l.p99, p999: l.p999 ?? null, max: l.max };
}

export function routeJson(r: RouteLoad) {
  return { method: r.method, path: r.path, requests: r.requests, rps: r.rps, latencyMs: latencyJson(r.latencyMs), errors: r.errors, non2xx: r.non2xx };
}

export function loadJson(l: LoadSummary, slowMs: number) {
  return {
    requests: l.requests, rps: l.rps, durationSec: l.durationSec, connections: l.connections ?? null, loadThreads: l.loadThreads ?? 1,
    latencyMs: latencyJson(l.latencyMs), errors: l.errors, timeouts: l.timeouts, non2xx: l.non2xx,
    ...(l.routes ? { slowRoutes: { thresholdMs: slowMs, routes: slowRoutes(l.routes, slowMs).map((r) => `${r.method} ${r.path}`) } } : {}),
    ...(l.rate ? { rate: l.rate } : {}),
    ...(l.generatorBusy ? { generatorBusy: l.generatorBusy.sentence } : {}),
    ...(l.generatorCpuUsPerRequest !== undefined ? { generatorCpuUsPerRequest: l.generatorCpuUsPerRequest } : {}),
    ...(l.measuredInServer ? { measuredInServer: true, serverClock: serverClockSentence(l) } : {}),
    histogram: l.histogram ?? null,
  };
}
