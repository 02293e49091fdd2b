// What a burst measures, whichever engine sent the requests (autocannon for
// closed-loop connections, paced.ts for a fixed rate): per-route HDR
// histograms in µs, status codes, the per-second series, and the summary.
import { performance } from 'node:perf_hooks';
import type { LoadSecond, LoadSummary, RateReport, RouteLoad } from '../../../shared/api.ts';
import { encodeHistogram, latencyOf, newHistogram, percentileCurve, type Histogram } from './histogram.ts';
import { SecondSeries } from './series.ts';
import { rateShortfall } from '../../../shared/load/rate-shortfall.ts';
import type { BurstRoute } from './routes.ts';

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** The generator's thread busier than this means its numbers may be its own limit. */
export const GENERATOR_BUSY_ELU = 0.9;

interface RouteTally {
  route: BurstRoute;
  latency: Histogram;
  requests: number;
  errors: number;
  non2xx: number;
}

export class LoadCollector {
  private readonly tallies: RouteTally[];
  private readonly statusCodes: Record<number, number> = {};
  private readonly series: SecondSeries;
  private readonly started = performance.now();
  private readonly elu0 = performance.eventLoopUtilization();
  /** The generator thread's own CPU (this thread, not the process): bench:load compares it per request with wrk's. */
  private readonly cpu0 = process.threadCpuUsage();
  private readonly showRoutes: boolean;
  requests = 0;
  private bytes = 0;
  errors = 0;
  timeouts = 0;

  constructor(routes: BurstRoute[], showRoutes: boolean, onSecond?: (s: LoadSecond) => void) {
    this.tallies = routes.map((route) => ({ route, latency: newHistogram(), requests: 0, errors: 0, non2xx: 0 }));
    this.series = new SecondSeries(onSecond);
    this.showRoutes = showRoutes;
  }

  /** One response of route `routeIndex`, `us` microseconds after it was sent (or due, at a fixed rate). */
  response(routeIndex: number, statusCode: number, bytes: number, us: number): void {
    const t = this.tallies[routeIndex];
    t.latency.recordValue(us);
    t.requests++;
    if (statusCode < 200 || statusCode > 299) t.non2xx++;
    this.series.record(performance.now() - this.started, us);
    this.requests++;
    this.bytes += bytes;
    this.statusCodes[statusCode] = (this.statusCodes[statusCode] ?? 0) + 1;
  }

  /** A request of route `routeIndex` failed (connection error) or timed out. */
  failure(routeIndex: number, timeout: boolean): void {
    this.tallies[routeIndex].errors++;
    if (timeout) this.timeouts++;
    else this.errors++;
  }

  /** Closes the whole seconds so far (a timer calls it: a silent server still shows its seconds). */
  tick(): void {
    this.series.tick(performance.now() - this.started);
  }

  /** `endedAt` (performance.now()): when the load stopped, if earlier than now. */
  finish(extra: { stoppedEarly: boolean; connections: number; askedRps?: number; endedAt?: number; carryRps?: number }): LoadSummary {
    // The generator's CPU up to here, when the load has stopped: summing up the histograms below
    // (tens of ms) takes nothing from the server, and charged to a short burst it read as µs per request.
    const cpu = process.threadCpuUsage(this.cpu0);
    const elapsedMs = (extra.endedAt || performance.now()) - this.started;
    const durationSec = elapsedMs / 1000;
    const timeline = this.series.finish(elapsedMs);
    const all = newHistogram();
    for (const t of this.tallies) all.add(t.latency);
    const elu = performance.eventLoopUtilization(this.elu0).utilization;
    const codes: Record<string, number> = {};
    for (const [code, n] of Object.entries(this.statusCodes)) codes[code] = n;
    const summary: LoadSummary = {
      // performance.timeOrigin is the epoch of this thread's clock: the recorder's thread reads the same wall clock.
      clock: { startMs: performance.timeOrigin + this.started, endMs: performance.timeOrigin + this.started + elapsedMs },
      requests: this.requests,
      durationSec: round3(durationSec),
      rps: round3(this.requests / durationSec),
      latencyMs: latencyOf(all),
      errors: this.errors,
      timeouts: this.timeouts,
      non2xx: this.tallies.reduce((n, t) => n + t.non2xx, 0),
      statusCodes: codes,
      bytesPerSec: Math.round(this.bytes / durationSec),
      timeline,
      stoppedEarly: extra.stoppedEarly,
      histogram: encodeHistogram(all),
      percentiles: percentileCurve(all),
      connections: extra.connections,
      ...(this.showRoutes ? { routes: this.tallies.map((t) => routeLoad(t, durationSec)) } : {}),
      ...(extra.askedRps ? { rate: rateReport(extra.askedRps, this.requests / durationSec, extra.carryRps ? { connections: extra.connections, carryRps: extra.carryRps } : undefined) } : {}),
      ...(this.requests ? { generatorCpuUsPerRequest: Math.round((10 * (cpu.user + cpu.system)) / this.requests) / 10 } : {}),
      ...(elu > GENERATOR_BUSY_ELU
        ? { generatorBusy: { utilization: round3(elu), sentence: `The load generator's thread was busy ${Math.round(elu * 100)} % of the burst: these requests/s may be its limit, not the server's.` } }
        : {}),
    };
    all.destroy();
    for (const t of this.tallies) t.latency.destroy();
    return summary;
  }
}

function routeLoad(t: RouteTally, durationSec: number): RouteLoad {
  return {
    method: t.route.method, path: t.route.path, requests: t.requests, rps: round3(t.requests / durationSec),
    latencyMs: latencyOf(t.latency), errors: t.errors, non2xx: t.non2xx, histogram: encodeHistogram(t.latency),
  };
}

/** The fixed rate's report: the sentence comes from shared/load/rate-shortfall.ts. */
export function rateReport(askedRps: number, servedRps: number, carry?: { connections: number; carryRps: number }): RateReport {
  return {
    askedRps, servedRps: round3(servedRps), corrected: true,
    shortfall: rateShortfall(askedRps, servedRps, carry),
    ...(carry ? { carryRps: round3(carry.carryRps) } : {}),
  };
}
