// A burst sent by several load threads (run.ts) is one burst: each thread's
// summary is merged into the one the recording keeps. Counts add up; the
// latency percentiles, the curve and each route's come from the threads' HDR
// histograms added together (exact, not an average of percentiles); the
// per-second series adds the threads' requests second by second — a second's
// p99 is the highest of the threads' p99s for it (their histograms per second
// are not kept), an upper bound docs/load.md states.
import type { LoadSecond, LoadSummary, RouteLoad } from '../../../shared/api.ts';
import { GENERATOR_BUSY_ELU, rateReport } from './collector.ts';
import { decodeHistogram, encodeHistogram, latencyOf, newHistogram, percentileCurve, type Histogram } from './histogram.ts';

const round3 = (x: number) => Math.round(x * 1000) / 1000;

function added(encoded: (string | undefined)[]): Histogram {
  const all = newHistogram();
  for (const e of encoded) {
    if (!e) continue;
    const h = decodeHistogram(e);
    all.add(h);
    h.destroy();
  }
  return all;
}

/** One thread's series with its rows from `length - 1` on folded into one, so every thread has `length` rows. */
function foldedTo(series: LoadSecond[], length: number): LoadSecond[] {
  if (series.length <= length) return series;
  const tail = series.slice(length - 1);
  const requests = tail.reduce((n, s) => n + (s.requests ?? 0), 0);
  const lengthSec = round3(tail.reduce((n, s) => n + (s.lengthSec ?? 1), 0));
  return [...series.slice(0, length - 1), { second: length, requests, lengthSec, rps: round3(requests / lengthSec), p99Ms: Math.max(...tail.map((s) => s.p99Ms)) }];
}

/** The threads' series second by second (a thread that ended a little earlier has its last rows folded). */
export function mergeSeries(parts: LoadSecond[][]): LoadSecond[] {
  const length = Math.min(...parts.map((p) => p.length));
  if (!Number.isFinite(length) || length === 0) return [];
  const folded = parts.map((p) => foldedTo(p, length));
  return Array.from({ length }, (_, i) => {
    const rows = folded.map((p) => p[i]);
    const requests = rows.reduce((n, s) => n + (s.requests ?? 0), 0);
    const lengthSec = Math.max(...rows.map((s) => s.lengthSec ?? 1));
    return { second: i + 1, requests, lengthSec, rps: round3(requests / lengthSec), p99Ms: Math.max(...rows.map((s) => s.p99Ms)) };
  });
}

function mergeRoutes(parts: LoadSummary[], durationSec: number): RouteLoad[] | undefined {
  const first = parts[0].routes;
  if (!first) return undefined;
  return first.map((r, i) => {
    const same = parts.map((p) => p.routes![i]);
    const h = added(same.map((s) => s.histogram));
    const requests = same.reduce((n, s) => n + s.requests, 0);
    const route: RouteLoad = {
      method: r.method, path: r.path, requests, rps: round3(requests / durationSec), latencyMs: latencyOf(h),
      errors: same.reduce((n, s) => n + s.errors, 0), non2xx: same.reduce((n, s) => n + s.non2xx, 0), histogram: encodeHistogram(h),
    };
    h.destroy();
    return route;
  });
}

/** The threads' connections together, and the most they could carry (the sum of each thread's). */
function carryOf(parts: LoadSummary[]): { connections: number; carryRps: number } | undefined {
  if (parts.some((p) => p.rate?.carryRps === undefined)) return undefined;
  return { connections: parts.reduce((n, p) => n + (p.connections ?? 0), 0), carryRps: parts.reduce((n, p) => n + p.rate!.carryRps!, 0) };
}

/** The summaries of one burst's threads, as one summary. `askedRps`: the whole burst's fixed rate. */
export function mergeSummaries(parts: LoadSummary[], askedRps?: number): LoadSummary {
  if (parts.length === 1) return parts[0];
  const sum = (f: (s: LoadSummary) => number) => parts.reduce((n, s) => n + f(s), 0);
  const startMs = Math.min(...parts.map((p) => p.clock?.startMs ?? Infinity));
  const endMs = Math.max(...parts.map((p) => p.clock?.endMs ?? -Infinity));
  const durationSec = round3(Number.isFinite(startMs) && Number.isFinite(endMs) ? (endMs - startMs) / 1000 : Math.max(...parts.map((p) => p.durationSec)));
  const requests = sum((p) => p.requests);
  const statusCodes: Record<string, number> = {};
  for (const p of parts) for (const [code, n] of Object.entries(p.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  const all = added(parts.map((p) => p.histogram));
  const cpuUs = sum((p) => (p.generatorCpuUsPerRequest ?? 0) * p.requests);
  const busiest = Math.max(...parts.map((p) => p.generatorBusy?.utilization ?? 0));
  const summary: LoadSummary = {
    ...(Number.isFinite(startMs) && Number.isFinite(endMs) ? { clock: { startMs, endMs } } : {}),
    requests,
    durationSec,
    rps: round3(requests / durationSec),
    latencyMs: latencyOf(all),
    errors: sum((p) => p.errors),
    timeouts: sum((p) => p.timeouts),
    non2xx: sum((p) => p.non2xx),
    statusCodes,
    bytesPerSec: sum((p) => p.bytesPerSec),
    timeline: mergeSeries(parts.map((p) => p.timeline)),
    stoppedEarly: parts.some((p) => p.stoppedEarly),
    histogram: encodeHistogram(all),
    percentiles: percentileCurve(all),
    connections: sum((p) => p.connections ?? 0),
    loadThreads: parts.length,
    ...(parts[0].routes ? { routes: mergeRoutes(parts, durationSec) } : {}),
    ...(askedRps ? { rate: rateReport(askedRps, requests / durationSec, carryOf(parts)) } : {}),
    ...(requests ? { generatorCpuUsPerRequest: Math.round((10 * cpuUs) / requests) / 10 } : {}),
    ...(busiest > GENERATOR_BUSY_ELU
      ? { generatorBusy: { utilization: round3(busiest), sentence: `A load generator thread (of ${parts.length}) was busy ${Math.round(busiest * 100)} % of the burst: these requests/s may be its limit, not the server's.` } }
      : {}),
  };
  all.destroy();
  return summary;
}
