// Where each request's wall time went (shared/request-time/): the recording's
// `requestTime`, measured by the request collector in the target. Absent in
// recordings made without it (imported profiles, attach without a collector,
// older recordings).
import { z } from 'zod';

const ms = z.number().min(0).max(1e12);
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** What a part of a request's time is: its own CPU, or what it waited on. */
export const requestTimeKinds = ['cpu', 'http', 'socket', 'fs', 'dns', 'threadpool', 'worker', 'child', 'ipc', 'timer', 'queue', 'other'] as const;
export type RequestTimeKind = (typeof requestTimeKinds)[number];

/** Where in the code a wait was started: the first frame outside Node and node_modules (1-based line). */
export const codePlaceSchema = z.object({ function: z.string().max(500), url: z.string().max(4000), line: z.number().int().min(0).max(1e9) });
export type CodePlace = z.infer<typeof codePlaceSchema>;

export const requestTimePartSchema = z.object({
  kind: z.enum(requestTimeKinds),
  /** What it waited on: "GET 127.0.0.1:4001/quote", "127.0.0.1:5432 (postgres)", "20 ms", a worker's script ("hasher.js"), a forked child's ("pool.js", kind 'ipc'); '' when nothing more is known. */
  target: z.string().max(2000),
  /** Waits of this kind and target per request (0 for cpu, queue and other). */
  callsPerRequest: ms,
  msPerRequest: ms,
  /** Of the mean latency, 0..1. */
  share: z.number().min(0).max(1),
  from: codePlaceSchema.nullable(),
  /**
   * A database or cache call (kind 'socket'), read from the wire: the statement with its literals replaced (never
   * a bound value), the server its bytes said it is, the library that wrote it ("pg"), and how many of its calls
   * per request waited for the one before (an N+1 when many).
   */
  statement: z.string().max(2000).optional(),
  server: z.string().max(40).optional(),
  via: z.string().max(200).optional(),
  oneAfterAnotherPerRequest: ms.optional(),
});
export type RequestTimePart = z.infer<typeof requestTimePartSchema>;

export const routeTimeSchema = z.object({
  method: z.string().max(20),
  path: z.string().max(2000),
  requests: count,
  /** Latency of this route: the load generator's when it had the route, else server-side. */
  perRequestMs: z.object({ p50: ms, mean: ms }),
  parts: z.array(requestTimePartSchema).max(100),
  /**
   * The main thread's CPU one request took: the mean CPU time of the requests whose CPU the collector read
   * (cpuTimedRequests, a random quarter after the first 200, each weighed by 1 / its chance of being read),
   * else (absent) the wall time its code ran.
   */
  cpuMsPerRequest: ms,
  cpuTimedRequests: count.optional(),
  /** The standard error of cpuMsPerRequest, from its timed requests' spread (weighed as the mean); absent with the wall time. */
  cpuErrorMs: ms.optional(),
  /**
   * The thread clock's step as its reads showed it (the smallest read above 0), when the route's mean is under it: a
   * request then reads 0 or a whole step (4 ms on a 250 Hz Linux kernel), and only a mean over many means anything.
   */
  cpuClockStepMs: ms.optional(),
  /**
   * Its requests' CPU at the start of the burst and at the end: the means over the requests the collector timed in
   * the first and in the last fifth, and the standard error of their difference (shared/request-time/cost-trend.ts).
   * Absent when either end had too few timed requests.
   */
  cpuThroughBurst: z.object({ firstMs: ms, lastMs: ms, errorMs: ms, timedFirst: count, timedLast: count }).optional(),
  /** The function its requests spent most CPU in (from the profile's samples inside them); null when unknown. */
  topFunction: z.string().max(500).nullable(),
});
export type RouteTime = z.infer<typeof routeTimeSchema>;

/** The most background spans a recording keeps (a 1 ms interval over 20 s); later ones are left out, and their CPU counts as requests'. */
export const MAX_BACKGROUND_SPANS = 20_000;

/** CPU spent outside any request: timers and intervals, other callbacks. */
export const backgroundSchema = z.object({
  /** Of the CPU the process's main thread spent (idle left out), 0..100. */
  percent: z.number().min(0).max(100),
  cpuMs: ms,
  functions: z.array(z.object({
    function: z.string().max(500), url: z.string().max(4000), line: z.number().int().min(0).max(1e9),
    percent: z.number().min(0).max(100),
    source: z.enum(['timer', 'interval', 'immediate', 'startup', 'other']),
    /** An interval's period (ms). */
    everyMs: ms.optional(),
  })).max(50),
  /**
   * When the background callbacks ran: flat [fromUs, toUs, …] on the CPU profile's clock, sorted, at most
   * MAX_BACKGROUND_SPANS. The verdict leaves their samples out of every per-request figure (shared/profile/background.ts).
   */
  spans: z.array(z.number().finite()).max(2 * 20_000).optional(),
});
export type Background = z.infer<typeof backgroundSchema>;

export const requestTimeSchema = z.object({
  /** Requests the server finished while the collector ran (counted in the target, whoever sent them). */
  requests: count,
  /** Latency: the load generator's when Flambé sent the load, else measured in the server. */
  perRequestMs: z.object({ p50: ms, mean: ms }),
  /** Measured from request start to response finish in the server. */
  serverMs: z.object({ p50: ms, p99: ms, mean: ms }),
  parts: z.array(requestTimePartSchema).max(100),
  byRoute: z.array(routeTimeSchema).max(1000),
  /**
   * Requests' worth of work inside the profile's window: each by the share of its code that ran while the profile
   * did (shared/request-time/in-profile.ts); what figures per request from the profile divide by. Absent without a
   * profile, or in recordings made before it was kept.
   */
  inProfile: z.number().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  /** Requests the collector could not keep (over its limit). */
  dropped: count,
  /** The port(s) whose requests are counted (the one the load was sent to); absent when every port's were. */
  ports: z.array(z.number().int().min(1).max(65535)).max(20).optional(),
  /** Requests to the process's other ports (an upstream stub in the same process), left out of every figure. */
  otherPorts: count.optional(),
  /** CPU outside any request, from the profile's samples (absent without a profile). */
  background: backgroundSchema.optional(),
});
export type RequestTime = z.infer<typeof requestTimeSchema>;
