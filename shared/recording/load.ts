// What a load burst measured (RecordingResult.load): throughput, latency
// percentiles and the full distribution, per second, per route, at a fixed
// rate, and when its phases happened. Declared once: the contract, bundles,
// the library and the CLI's --json all read these schemas.
import { z } from 'zod';
import { amount, clockMs, count, list, text } from './limits.ts';

/** Latency percentiles in milliseconds (three decimals: microsecond resolution). */
export const latencyMsSchema = z.object({
  p50: amount,
  p90: amount,
  p99: amount,
  max: amount,
  mean: amount,
  // Kept since the full distribution is: absent in older recordings.
  min: amount.optional(),
  p75: amount.optional(),
  p95: amount.optional(),
  p999: amount.optional(),
});
export type LatencyMs = z.output<typeof latencyMsSchema>;

export const loadSecondSchema = z.object({
  /** Seconds since the measured burst started (1 = the first second). */
  second: amount,
  /** Requests answered in this second divided by its length: the last, partial second is weighted by its length. */
  rps: amount,
  p99Ms: amount,
  /** Requests answered in this second (absent in recordings made before it was kept). */
  requests: count.optional(),
  /** Length of this second of the burst, about 0..1 (below 1 only for the last one; a timer may make one a little over 1). */
  lengthSec: amount.optional(),
});
export type LoadSecond = z.output<typeof loadSecondSchema>;

/** A latency distribution in µs, HDR histogram V2 compressed base64 (hdr-histogram-js). */
const histogram = text(50_000_000);

/** One route of a multi-route burst, measured on its own. */
export const routeLoadSchema = z.object({
  method: text(20),
  path: text(100_000),
  requests: count,
  rps: amount,
  latencyMs: latencyMsSchema,
  errors: count,
  non2xx: count,
  /** This route's latency distribution (several load threads' routes are merged from it). */
  histogram: histogram.optional(),
});
export type RouteLoad = z.output<typeof routeLoadSchema>;

/** A fixed-rate (open model) burst: what was asked, what was served, and which latency is shown. */
export const rateReportSchema = z.object({
  askedRps: amount,
  servedRps: amount,
  /** True: latencies are corrected for coordinated omission (the time a request waited for its turn counts). */
  corrected: z.boolean(),
  /** One sentence when the server — or too few connections — could not keep up ("asked 400 req/s, served 310"), else null (shared/load/rate-shortfall.ts). */
  shortfall: text(10_000).nullable(),
  /** The most the connections could carry: connections ÷ the shortest time a request held its connection (absent in older recordings). */
  carryRps: amount.optional(),
});
export type RateReport = z.output<typeof rateReportSchema>;

/** A moment on the wall clock, ms since 1970 (about 1.8e12 today). */
const epochMs = z.number().min(0).max(1e15);

const spanMs = z.object({ fromMs: clockMs, toMs: clockMs });

/**
 * The phases of a recording, in ms after the CPU profiler started (the 0 of
 * the process samples; the chart's 0 is the first sample, a sampling interval
 * later): the warm-up ran before it (negative times), then the measured burst.
 */
export const recordingPhasesSchema = z.object({
  /** The warm-up burst; null without warm-up. */
  warmup: spanMs.nullable(),
  /** The measured burst: the load generator started at fromMs (its connections open then), it ended at toMs. */
  burst: spanMs,
  /** When Flambé asked the profiler to stop. */
  profileStopMs: clockMs,
});
export type RecordingPhases = z.output<typeof recordingPhasesSchema>;

export const loadSummarySchema = z.object({
  requests: count,
  durationSec: amount,
  rps: amount,
  latencyMs: latencyMsSchema,
  errors: count,
  timeouts: count,
  non2xx: count,
  statusCodes: z.record(z.string().regex(/^\d{1,3}$/), count),
  bytesPerSec: amount,
  /** One entry per second of the burst. */
  timeline: list(loadSecondSchema, 1_000_000),
  /** True when the burst was ended early by Stop. */
  stoppedEarly: z.boolean(),
  // Added with the full distribution, routes and rates: absent in older recordings.
  /** The whole latency distribution in µs: any percentile can be read later. */
  histogram: histogram.optional(),
  /** The percentile curve drawn by the UI (log-spaced up to 99.999 %), read from the histogram. */
  percentiles: list(z.object({ percentile: z.number().min(0).max(100), ms: amount }), 100_000).optional(),
  /** Connections actually used (fewer than asked when -n is below the connection count). */
  connections: count.optional(),
  /** Threads that sent the requests, when more than one (shared/load/load-threads.ts). */
  loadThreads: count.optional(),
  /** Per route, when the burst had several routes. */
  routes: list(routeLoadSchema, 1000).optional(),
  /** When the burst ran at a fixed rate. */
  rate: rateReportSchema.optional(),
  /** The load generator's own thread was busy most of the burst: the numbers may be its limit, not the server's. */
  generatorBusy: z.object({ utilization: z.number().min(0).max(1000), sentence: text(10_000) }).optional(),
  /** CPU time the generator's thread spent per answered request, µs (bench:load sets it beside wrk's and the server's). */
  generatorCpuUsPerRequest: amount.optional(),
  /** The burst's first and last moment on the wall clock (epoch ms, sub-ms; performance.timeOrigin + now): the recorder turns them into `phases`. */
  clock: z.object({ startMs: epochMs, endMs: epochMs }).optional(),
  /** When a recording's phases happened on the profile's clock (absent in recordings made before it was kept, and without a profile). */
  phases: recordingPhasesSchema.optional(),
  /**
   * The user sent the load (record --no-load): counted and timed in the server, latency from reading a request to
   * writing its response's last byte, durationSec from the first request's start to the last one's end (absent: Flambé's burst).
   */
  measuredInServer: z.boolean().optional(),
});
export type LoadSummary = z.output<typeof loadSummarySchema>;

/**
 * The part of a load the verdict's checks read (requests, rps, latency
 * percentiles, per-second series): a library written by another version may
 * keep a load without the rest, and the views that only read these go on.
 */
export const loadCoreSchema = loadSummarySchema.pick({ requests: true, rps: true, durationSec: true }).extend({
  latencyMs: latencyMsSchema.pick({ p50: true, p99: true, max: true }),
  timeline: z.array(z.unknown()),
});
