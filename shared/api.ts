// The one contract between the UI and the services (docs/ARCHITECTURE.md "One contract,
// three transports"). Every method takes one plain-object argument and returns
// a Promise; events are pushed to subscribers. The zod schemas below validate
// every argument where it arrives (IPC handler, HTTP handler, CLI), so a
// transport never trusts its sender.
import { z } from 'zod';
import type { RequestTime } from './recording/request-time.ts';
import { apiMethodNames, type ApiMethodName, type EventNameFromList } from './api-methods.ts';
import { HTTP_METHODS } from './http.ts';
import { envProblem, headerProblem } from './headers.ts';
import type { ExperimentProgress, ExperimentResult, ExperimentRow } from './experiment/types.ts';
import type { NoiseEstimate } from './compare/noise.ts';
import type { GroupKind, GroupRow } from './groups.ts';

// ---------- targets ----------

/** Environment variables for a process, by the forms' rules (shared/headers.ts). */
const envSchema = z.record(z.string(), z.string()).superRefine((env, ctx) => {
  for (const [k, v] of Object.entries(env)) {
    const problem = envProblem(k, v);
    if (problem) return ctx.addIssue({ code: 'custom', message: `Environment variable "${k}": ${problem}` });
  }
});

export const launchSpecSchema = z.object({
  script: z.string().trim().min(1, 'Choose the script to launch.'),
  args: z.array(z.string()).default([]),
  cwd: z.string().optional(),
  env: envSchema.default({}),
  nodePath: z.string().optional(),
  /**
   * Send stdout/stderr to a file Flambé tails instead of a pipe: Node writes
   * files synchronously, like a terminal, but pipes asynchronously on POSIX —
   * so with a pipe console.log costs less than in the user's own terminal.
   */
  outputToFile: z.boolean().default(false),
});
export type LaunchSpec = z.input<typeof launchSpecSchema>;

export const attachSpecSchema = z.object({
  host: z.string().trim().min(1, 'Enter the host the inspector listens on.'),
  port: z.number().int().min(1, 'The port must be between 1 and 65535.').max(65535, 'The port must be between 1 and 65535.'),
  /** Which inspector target (from listInspectorTargets); the first one when absent. */
  inspectorId: z.string().optional(),
  /** The inspector can run any code in that process: a non-loopback host must be confirmed. */
  confirmRemote: z.boolean().default(false),
});
export type AttachSpec = z.input<typeof attachSpecSchema>;

export const pidSchema = z.object({
  pid: z.number({ error: 'Enter the process id (pid): a whole number.' }).int('A process id is a whole number.').min(1, 'A process id is a whole number of 1 or more.'),
});

/** A Node process running on this machine (attach by pid). */
export interface NodeProcessInfo {
  pid: number;
  /** The command line, as one string. */
  command: string;
  argv: string[];
  /** Working directory; null when it cannot be read (another user's process). */
  cwd: string | null;
  user: string | null;
}

export const hostPortSchema = z.object({
  host: z.string().trim().min(1),
  port: z.number().int().min(1).max(65535),
});

export interface InspectorEntry {
  id: string;
  title: string;
  url: string;
  webSocketDebuggerUrl: string;
}

export interface TargetInfo {
  targetId: string;
  kind: 'launched' | 'attached';
  /** Script path for a launched target, host:port for an attached one. */
  label: string;
  pid: number;
  nodeVersion: string;
  argv: string[];
  /** Ports the target listens on (TCP servers found in the process). */
  listeningPorts: number[];
  /** Load URLs suggested from those ports. */
  suggestedUrls: string[];
  running: boolean;
  /** For a launched target that has exited: the error line it printed, if any. */
  lastError?: string;
  /** A launched target: the environment variables and arguments it was given (not Flambé's own environment). */
  env?: Record<string, string>;
  args?: string[];
  /** What the target's stdout and stderr are attached to, as the process itself reports it. */
  stdio?: TargetStdio;
}

/** 'terminal' and 'file' are written synchronously by Node; 'pipe' asynchronously on POSIX (so console.log is cheaper there). */
export type StdioKind = 'terminal' | 'file' | 'pipe' | 'unknown';
export interface TargetStdio {
  stdout: StdioKind;
  stderr: StdioKind;
  /** True when Flambé launched it writing to files it tails (LaunchSpec.outputToFile). */
  tailedFile: boolean;
}

/** A target with the newest output it printed (up to 64 KB), so a reloaded UI shows its console as it was. */
export interface TargetSnapshot extends TargetInfo {
  output: { stream: 'stdout' | 'stderr'; text: string }[];
}

// ---------- load and recording ----------

const URL_HINT = 'Enter the full URL to load, starting with http://, like http://127.0.0.1:3000/hello.';

export const samplingIntervalsUs = [100, 250, 500, 1000, 5000] as const;

const ROUTE_PATH_HINT = 'A route path starts with "/", like /users/42.';

/** One request of a multi-route burst; `path` is relative to the URL's origin. */
export const loadRouteSchema = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']).default('GET'),
  path: z.string().trim().refine((p) => p.startsWith('/'), ROUTE_PATH_HINT),
  headers: z.record(z.string(), z.string()).default({}),
  body: z.string().optional(),
  /** Relative share of the requests (1..100): weight 3 is sent three times as often as weight 1. */
  weight: z.number().int().min(1, 'A route weight is a whole number from 1 to 100.').max(100, 'A route weight is a whole number from 1 to 100.').default(1),
});
/** A --routes FILE: a list of at least one route. */
export const loadRoutesFileSchema = z.array(loadRouteSchema).min(1, 'The routes file lists no route.');
export type LoadRoute = z.input<typeof loadRouteSchema>;
export type LoadRouteResolved = z.output<typeof loadRouteSchema>;

export const loadSettingsSchema = z
  .object({
    url: z.url({ message: URL_HINT }).refine((u) => /^https?:\/\/[^/]/i.test(u), URL_HINT),
    method: z.enum(HTTP_METHODS).default('GET'),
    headers: z.record(z.string(), z.string()).default({}).superRefine((headers, ctx) => {
      for (const [k, v] of Object.entries(headers)) {
        const problem = headerProblem(k, v);
        if (problem) return ctx.addIssue({ code: 'custom', message: `Header "${k}": ${problem}` });
      }
    }),
    body: z.string().optional(),
    connections: z.number().int().min(1, 'Use at least 1 connection.').max(1000, 'Use at most 1000 connections.').default(10),
    /** Seconds of load; ignored when `requests` is set. */
    durationSec: z.number().positive('The duration must be more than 0 seconds.').max(3600).default(10),
    /** Stop after this many requests instead of after a duration. */
    requests: z.number().int().positive().max(100_000_000).optional(),
    /** Per-request timeout in seconds. */
    timeoutSec: z.number().positive().max(600).default(10),
    /** Several requests in one burst (replaces method/path/headers/body of `url`; its origin is kept). */
    routes: z.array(loadRouteSchema).min(1, 'List at least one route.').max(50, 'Use at most 50 routes.').optional(),
    /** Open model: send this many requests per second in total, whatever the server does. */
    rate: z.number().positive('The rate must be more than 0 requests per second.').max(1_000_000).optional(),
    /** Threads sending the requests (default: shared/load/load-threads.ts, one where the machine has 2 cores or fewer). */
    threads: z.number().int().min(1, 'Use at least 1 load thread.').max(16, 'Use at most 16 load threads.').optional(),
  });
export type LoadSettings = z.input<typeof loadSettingsSchema>;
export type LoadSettingsResolved = z.output<typeof loadSettingsSchema>;

export const recordRequestSchema = z.object({
  /** The target to profile; null runs the load burst alone (no profile). */
  targetId: z.string().nullable(),
  load: loadSettingsSchema,
  warmupSec: z.number().min(0).max(600).default(2),
  samplingIntervalUs: z.number().int().min(50, 'The sampling interval must be at least 50 µs.').max(100_000, 'The sampling interval must be at most 100 000 µs (0.1 s).').default(1000),
  /** Name in the library (default "<METHOD path> · <date time>"). */
  name: z.string().trim().max(200).optional(),
  tags: z.array(z.string().trim().min(1).max(50)).default([]),
  /** The user sends the load with their own tool: Flambé records for load.durationSec (or until Stop) and counts requests in the server. */
  ownLoad: z.boolean().optional(),
  /** false: no request collector in the target (where each request's time went); it costs tiny requests some CPU. */
  requestTimes: z.boolean().optional(),
});
export type RecordRequest = z.input<typeof recordRequestSchema>;
export type RecordRequestResolved = z.output<typeof recordRequestSchema>;

// ---------- sweeps and profiling overhead (issue 13) ----------

export const sweepRequestSchema = z.object({
  /** The target to profile; null runs the levels without profiling. */
  targetId: z.string().nullable(),
  /** connections is replaced by each level's. */
  load: loadSettingsSchema,
  levels: z.array(z.number().int().min(1, 'A level needs at least 1 connection.').max(1000, 'Use at most 1000 connections.'))
    .min(2, 'A sweep needs at least 2 levels, like 1, 5, 8, 20.').max(20, 'Use at most 20 levels.').default([1, 5, 8, 20]),
  /** Seconds of load per level. */
  levelSec: z.number().positive('A level lasts more than 0 seconds.').max(600).default(5),
  /** Load before the first level, not measured. */
  warmupSec: z.number().min(0).max(600).default(2),
  /** Profile no level, every level, or the level with this many connections. */
  profile: z.union([z.literal('none'), z.literal('every'), z.number().int().min(1)]).default('none'),
  samplingIntervalUs: z.number().int().min(50).max(100_000).default(1000),
  name: z.string().trim().max(200).optional(),
  tags: z.array(z.string().trim().min(1).max(50)).default([]),
}).refine((r) => typeof r.profile !== 'number' || r.levels.includes(r.profile), { message: 'Profile one of the sweep\'s levels.', path: ['profile'] })
  .refine((r) => r.profile === 'none' || r.targetId !== null, { message: 'Profiling a level needs a target: launch or attach first.', path: ['profile'] });
export type SweepRequest = z.input<typeof sweepRequestSchema>;
export type SweepRequestResolved = z.output<typeof sweepRequestSchema>;

export interface SweepLevel {
  connections: number;
  /** The level's recording in the library (its profile, when profiled). */
  recordingId: string;
  requests: number;
  rps: number;
  latencyMs: LatencyMs;
  errors: number;
  non2xx: number;
  profiled: boolean;
}

export interface SweepResult {
  id: string;
  /** Its name in the library ("Sweep GET /hello"); absent in sweeps from before they were kept as groups. */
  name?: string;
  createdAt: string;
  url: string;
  levels: SweepLevel[];
  /** Where throughput stops rising while latency grows (shared/load/knee.ts), or null. */
  knee: { connections: number; reason: string } | null;
  /** One sentence when the sweep ended early; the levels measured are kept. */
  error: string | null;
}

export const overheadRequestSchema = z.object({
  targetId: z.string().min(1, 'Measuring the profiler\'s cost needs a target: launch or attach first.'),
  load: loadSettingsSchema,
  /** Pairs of bursts, one with and one without the profiler, in alternating order. */
  rounds: z.number().int().min(2, 'Use at least 2 rounds: one round gives no interval.').max(50).default(4),
  samplingIntervalUs: z.number().int().min(50).max(100_000).default(1000),
  warmupSec: z.number().min(0).max(600).default(2),
});
export type OverheadRequest = z.input<typeof overheadRequestSchema>;

export interface OverheadResult {
  rounds: number;
  samplingIntervalUs: number;
  withoutProfiler: { rps: number; p99Ms: number };
  withProfiler: { rps: number; p99Ms: number };
  /** How many fewer requests/s with the profiler, in % (geometric means of the rounds). */
  rpsCostPercent: number;
  /** 95 % interval of rpsCostPercent (Welch on log rounds, shared/stats), null with too few rounds. */
  ci95: [number, number] | null;
  /** How much higher p99 is with the profiler, in %. */
  p99CostPercent: number;
  /** When it was measured (a result shows the last one for its interval). */
  measuredAt: string;
}

/** One route profiled in its own burst (profileRoutes). */
export interface RouteCpuRow {
  method: string;
  path: string;
  /** That route's recording in the library, with its profile. */
  recordingId: string;
  rps: number;
  p75Ms: number;
  p99Ms: number;
  /** Busy CPU time of the profile divided by the requests served. */
  cpuMsPerRequest: number;
  topFunction: { name: string; location: string; selfMs: number } | null;
  error: string | null;
}

export type RecordingPhase = 'connecting' | 'warmup' | 'recording' | 'stopping' | 'done' | 'failed';

export interface LoadSecond {
  /** Seconds since the measured burst started (1 = the first second). */
  second: number;
  /** Requests answered in this second divided by its length: the last, partial second is weighted by its length. */
  rps: number;
  p99Ms: number;
  /** Requests answered in this second (absent in recordings made before it was kept). */
  requests?: number;
  /** Length of this second of the burst, 0..1 (below 1 only for the last one). */
  lengthSec?: number;
}

/** Latency percentiles in milliseconds (three decimals: microsecond resolution). */
export interface LatencyMs {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  // Kept since the full distribution is: absent in older recordings.
  min?: number;
  p75?: number;
  p95?: number;
  p999?: number;
}

/** One route of a multi-route burst, measured on its own. */
export interface RouteLoad {
  method: string;
  path: string;
  requests: number;
  rps: number;
  latencyMs: LatencyMs;
  errors: number;
  non2xx: number;
  /** This route's latency distribution in µs (HDR V2 compressed base64): several load threads' routes are merged from it. */
  histogram?: string;
}

/** A fixed-rate (open model) burst: what was asked, what was served, and which latency is shown. */
export interface RateReport {
  askedRps: number;
  servedRps: number;
  /** True: latencies are corrected for coordinated omission (the time a request waited for its turn counts). */
  corrected: boolean;
  /** One sentence when the server — or too few connections — could not keep up ("asked 400 req/s, served 310"), else null (shared/load/rate-shortfall.ts). */
  shortfall: string | null;
  /** The most the connections could carry: connections ÷ the shortest time a request held its connection (absent in older recordings). */
  carryRps?: number;
}

export interface LoadSummary {
  requests: number;
  durationSec: number;
  rps: number;
  latencyMs: LatencyMs;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  bytesPerSec: number;
  /** One entry per second of the burst. */
  timeline: LoadSecond[];
  /** True when the burst was ended early by Stop. */
  stoppedEarly: boolean;
  // Added with the full distribution, routes and rates: absent in older recordings.
  /** The whole latency distribution in µs, HDR histogram V2 compressed base64 (hdr-histogram-js): any percentile can be read later. */
  histogram?: string;
  /** The percentile curve drawn by the UI (log-spaced up to 99.999 %), read from the histogram. */
  percentiles?: { percentile: number; ms: number }[];
  /** Connections actually used (fewer than asked when -n is below the connection count). */
  connections?: number;
  /** Threads that sent the requests, when more than one (shared/load/load-threads.ts). */
  loadThreads?: number;
  /** Per route, when the burst had several routes. */
  routes?: RouteLoad[];
  /** When the burst ran at a fixed rate. */
  rate?: RateReport;
  /** The load generator's own thread was busy most of the burst: the numbers may be its limit, not the server's. */
  generatorBusy?: { utilization: number; sentence: string };
  /** CPU time the generator's thread spent per answered request, µs (bench:load sets it beside wrk's and the server's). */
  generatorCpuUsPerRequest?: number;
  /** The burst's first and last moment on the wall clock (epoch ms, sub-ms; performance.timeOrigin + now): the recorder turns them into `phases`. */
  clock?: { startMs: number; endMs: number };
  /** When a recording's phases happened on the profile's clock (absent in recordings made before it was kept, and without a profile). */
  phases?: RecordingPhases;
}

/**
 * The phases of a recording, in ms after the CPU profiler started (the 0 of
 * the process samples; the chart's 0 is the first sample, a sampling interval
 * later): the warm-up ran before it (negative times), then the measured burst.
 */
export interface RecordingPhases {
  /** The warm-up burst; null without warm-up. */
  warmup: { fromMs: number; toMs: number } | null;
  /** The measured burst: the load generator started at fromMs (its connections open then), it ended at toMs. */
  burst: { fromMs: number; toMs: number };
  /** When Flambé asked the profiler to stop. */
  profileStopMs: number;
}

export interface ProcessSample {
  /** Milliseconds since profiling started. */
  tMs: number;
  /** Event-loop utilization over the last interval, 0..1. */
  elu: number;
  /** Event-loop delay p99 over the last interval, ms (null when unavailable). */
  loopDelayP99Ms: number | null;
  heapUsedMb: number;
  rssMb: number;
  /** CPU of the target over the last interval, % of one core. */
  cpuPercent: number;
}

export interface RecordingProgress {
  recordingId: string;
  phase: RecordingPhase;
  /** 0..1 across the whole recording. */
  fraction: number;
  message: string;
  /** Live numbers of the last second (recording phase). */
  rps?: number;
  p99Ms?: number;
}

/** The computer a recording ran on: two runs on different machines do not compare fairly. */
export interface MachineInfo {
  cpuModel: string;
  cores: number;
}

export interface RecordingResult {
  id: string;
  /** Default "<METHOD path> · <date time>"; editable in the Library. */
  name: string;
  createdAt: string;
  target: Pick<TargetInfo, 'kind' | 'label' | 'pid' | 'nodeVersion' | 'argv' | 'env' | 'args' | 'stdio'> | null;
  /** Null for a profile imported from a file (no load was run by Flambé). */
  settings: RecordRequestResolved | null;
  load: LoadSummary | null;
  /** The V8 CPU profile as Profiler.stop returned it (null without a target). */
  profile: unknown | null;
  samples: ProcessSample[];
  /** CPU model and cores of the machine it ran on (absent in recordings made before Flambé stored it). */
  machine?: MachineInfo | null;
  /** When the recording ended in a fault: one sentence; what was measured is kept. */
  error: string | null;
  tags: string[];
  notes: string;
  /** Where each request's wall time went, measured in the target (absent without the request collector). */
  requestTime?: RequestTime;
}

/**
 * A recording as getRecording gives it: everything but the profile, which
 * can be hundreds of MB. The profile travels once, as the stored bytes
 * (getProfile), into the analysis worker that imports it.
 */
export type RecordingMeta = Omit<RecordingResult, 'profile'> & { hasProfile: boolean };
// ---------- experiments (A/B in rounds; results in shared/experiment/types.ts) ----------

const URL_OR_PATH_HINT = 'Enter the URL to load (http://127.0.0.1:3000/hello) or just its path (/hello) to use the port the server opens.';
/** A full http(s) URL, or a path alone: the port the launched target listens on is used (it changes with every restart). */
export const urlOrPathSchema = z.string().trim().min(1, URL_OR_PATH_HINT)
  .refine((u) => u.startsWith('/') || /^https?:\/\/[^/]/i.test(u), URL_OR_PATH_HINT);

/** What differs between A and B: exactly one kind of change. */
export const variantDifferenceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('env'), a: envSchema, b: envSchema }),
  z.object({ kind: z.literal('args'), a: z.array(z.string()), b: z.array(z.string()) }),
  z.object({ kind: z.literal('script'), a: z.string().trim().min(1, 'Choose the script for A.'), b: z.string().trim().min(1, 'Choose the script for B.') }),
  z.object({ kind: z.literal('url'), a: urlOrPathSchema, b: urlOrPathSchema }),
]);
export type VariantDifference = z.output<typeof variantDifferenceSchema>;

export const experimentTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('launch'), launch: launchSpecSchema }),
  z.object({ kind: z.literal('demo') }),
  /** No process of Flambé's: a load-only experiment on URLs (profiling off, variants by URL). */
  z.object({ kind: z.literal('none') }),
]);

export const experimentSpecSchema = z.object({
  target: experimentTargetSchema,
  differ: variantDifferenceSchema,
  /** Names shown for A and B; default: what differs ("LOG=1", "/log"). */
  names: z.object({ a: z.string().trim().max(80).optional(), b: z.string().trim().max(80).optional() }).default({}),
  /** Rounds per variant. */
  // 5 pairs by default: with 3, Student's t needs 4.30 standard errors (df 2) and a busy machine rarely allows that; with 5, 2.78 (README "How sure is an experiment?").
  rounds: z.number().int().min(1, 'Run at least 1 round of each variant.').max(30, 'Run at most 30 rounds of each variant.').default(5),
  /** Load of each round; `url` may be a path alone, and is not needed when A and B differ by URL. */
  load: loadSettingsSchema.extend({ url: urlOrPathSchema.optional() }),
  warmupSec: z.number().min(0).max(600).default(2),
  samplingIntervalUs: z.number().int().min(50).max(100_000).default(1000),
  profile: z.boolean().default(true),
  /**
   * Write the target's stdout/stderr to a file Flambé tails (synchronous, like
   * a terminal) instead of a pipe (asynchronous on POSIX, so console.log looks
   * cheaper than at home). Default: on for the demo and when the variants
   * differ by a logging switch.
   */
  outputToFile: z.boolean().optional(),
  name: z.string().trim().max(200).optional(),
  /** Keep the rounds and the result in the library (default true). */
  save: z.boolean().default(true),
  /** Fixes the coin that picks A-first or B-first (tests); random otherwise. */
  seed: z.number().int().optional(),
}).superRefine((spec, ctx) => {
  const { target, differ } = spec;
  const issue = (message: string, path: string[]) => ctx.addIssue({ code: 'custom', message, path });
  if (target.kind === 'none') {
    if (differ.kind !== 'url') issue('Without a script to launch, A and B can only differ by URL.', ['differ']);
    else if (differ.a.startsWith('/') || differ.b.startsWith('/')) issue('Without a launched target, give full URLs (http://…) for A and B.', ['differ']);
    if (spec.profile) issue('Profiling needs a target Flambé launches: choose a script or the demo, or turn profiling off.', ['profile']);
  }
  if (target.kind === 'demo' && (differ.kind === 'script' || differ.kind === 'args')) issue('On the demo server, A and B differ by route or by environment variables.', ['differ']);
  if (differ.kind !== 'url' && !spec.load.url) issue('Enter the URL to load (or its path, like /hello).', ['load', 'url']);
});
export type ExperimentSpec = z.input<typeof experimentSpecSchema>;
export type ExperimentSpecResolved = z.output<typeof experimentSpecSchema>;

// ---------- the library ----------

/** Where the CPU time went, in the words of the Library's split bar (percent of the profile). */
export interface CpuSplit {
  yourCode: number;
  dependencies: number;
  node: number;
  gc: number;
  idle: number;
  other: number;
}

/** One row of the Library list: metadata only, never the profile. */
export interface RecordingRow {
  id: string;
  name: string;
  createdAt: string;
  tags: string[];
  notes: string;
  targetLabel: string | null;
  nodeVersion: string | null;
  method: string | null;
  url: string | null;
  requests: number | null;
  rps: number | null;
  p50Ms: number | null;
  p99Ms: number | null;
  errors: number | null;
  durationMs: number | null;
  samplingIntervalUs: number | null;
  cpuSplit: CpuSplit | null;
  error: string | null;
  hasProfile: boolean;
  /** Where it came from: a recording, or an imported file. */
  source: 'recorded' | 'imported';
}

export const sortColumns = ['createdAt', 'name', 'targetLabel', 'url', 'rps', 'p99Ms', 'requests', 'durationMs'] as const;

export const listQuerySchema = z.object({
  search: z.string().max(500).default(''),
  tag: z.string().max(100).optional(),
  /** ISO dates (inclusive), on createdAt. */
  from: z.string().optional(),
  to: z.string().optional(),
  sort: z.enum(sortColumns).default('createdAt'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(20_000).default(200),
  /** 'loose': leave out recordings that belong to a group (an experiment's rounds, a sweep's levels); the Library lists them under it. */
  grouped: z.enum(['all', 'loose']).default('all'),
});
export type ListQuery = z.input<typeof listQuerySchema>;

export interface ListResult {
  total: number;
  rows: RecordingRow[];
  /** Every tag in the library, for the tag chips. */
  tags: string[];
  /** Rows of this page that are damaged in the file: left out of `rows`, named here. */
  damaged?: { id: string; name: string; why: string }[];
}

export const renameSchema = z.object({ id: z.string().min(1), name: z.string().trim().min(1, 'A recording needs a name.').max(200) });
export const notesSchema = z.object({ id: z.string().min(1), notes: z.string().max(100_000) });
const tagSchema = z.string().trim().min(1, 'A tag cannot be empty.').max(50, 'Keep tags under 50 characters.');
export const tagsSchema = z.object({ id: z.string().min(1), add: z.array(tagSchema).default([]), remove: z.array(z.string()).default([]) });
export const importSchema = z.object({
  fileName: z.string().max(500),
  /**
   * The file (a .cpuprofile, a DevTools trace or a .flambe bundle): its bytes
   * as read (the UI; browser mode sends them as the HTTP body), or its text.
   */
  content: z.union([
    z.string().min(1, 'The file is empty.'),
    z.instanceof(Uint8Array).refine((b) => b.byteLength > 0, 'The file is empty.'),
  ]),
  /**
   * The id to save a single profile under (the UI opens the file while it is
   * saved, under this id); ignored for a .flambe bundle, which has its own.
   */
  id: z.string().uuid().optional(),
});
/** Two recordings to compare: the library's repeats of their settings give the run-to-run noise (shared/compare/noise.ts). */
export const compareNoiseSchema = z.object({ a: z.string().min(1), b: z.string().min(1) });
/** The steps of an import: reading the JSON, checking the profile (one import), compressing it, writing it. */
export type ImportPhase = 'reading' | 'checking' | 'compressing' | 'saving';
/**
 * `format`: cpuprofile (main thread, workers in Flambé's flambeThreads), trace (Chrome trace JSON, a profile per
 * thread), pprof (every thread, a `thread` label per sample), bundle (.flambe). `thread`: only that thread
 * (0 = main, as the thread picker numbers them), in a file other tools read as that thread alone.
 */
export const exportSchema = z.object({
  id: z.string().min(1),
  format: z.enum(['cpuprofile', 'bundle', 'pprof', 'trace']).default('cpuprofile'),
  thread: z.number().int().min(0).optional(),
});
/** Two recordings to run again as an experiment, in rounds: A and B as the Compare screen shows them. */
export const repeatSchema = z.object({ a: z.string().min(1), b: z.string().min(1), rounds: z.number().int().min(1).max(30).default(3) });
/** Can two recordings be run again as an experiment: its spec, or the one sentence why not. */
export interface RepeatPlan {
  spec: ExperimentSpec | null;
  reason: string | null;
  /** What will differ between A and B, in words ("LOG=1 vs LOG=0"), when it can. */
  what: string | null;
}

export interface LibraryStatus {
  /** The library file in use, or null when none could be opened. */
  path: string | null;
  /** Why the library is unavailable (corrupt, newer version, …); recordings then live in memory only. */
  problem: string | null;
  /** Why the library can be read but not written (a read-only file or folder), with where new recordings go; else null. */
  readOnly: string | null;
}

// ---------- the contract ----------

export const idSchema = z.object({ id: z.string().min(1) });
export const targetIdSchema = z.object({ targetId: z.string().min(1) });
export const emptySchema = z.object({}).default({});

export interface DemoServerInfo {
  script: string;
  cwd: string;
  routes: { path: string; what: string }[];
}

/** A file to save; binary formats (pprof's .pb.gz) travel as base64. */
export interface ExportedFile {
  fileName: string;
  content: string;
  encoding?: 'base64';
}

/**
 * What each method answers. Its ARGUMENT type is not written here: it is
 * derived from the method's schema in apiInputSchemas (z.input for callers,
 * z.output for the implementation), so a type and its schema cannot diverge.
 */
export interface ApiResults {
  launchTarget: TargetInfo;
  listInspectorTargets: InspectorEntry[];
  attachTarget: TargetInfo;
  /** This machine's Node processes (Flambé's own left out). */
  listNodeProcesses: NodeProcessInfo[];
  /** Opens a running Node process's inspector (SIGUSR1 / _debugProcess) and attaches to it. */
  attachProcess: TargetInfo;
  /** Refreshes ports/suggested URLs of a target (a server may start listening late). */
  getTarget: TargetInfo;
  /** The targets the service holds (launched ones until stopped), oldest first, each with the tail of its output. */
  listTargets: { targets: TargetSnapshot[] };
  /** Stops a launched process, or detaches from an attached one. */
  stopTarget: void;
  /** Starts a recording; progress and the end come as events. */
  startRecording: { recordingId: string };
  /** Ends the burst early; what was measured is kept. */
  stopRecording: void;
  /** The recording's metadata, without its profile. */
  getRecording: RecordingMeta;
  /**
   * The recording's CPU profile as stored: the bytes of its .cpuprofile JSON
   * (UTF-8). Browser mode sends them as the HTTP body, Electron as a Uint8Array.
   */
  getProfile: Uint8Array;
  demoServer: DemoServerInfo;
  libraryStatus: LibraryStatus;
  listRecordings: ListResult;
  renameRecording: RecordingRow;
  setNotes: RecordingRow;
  editTags: RecordingRow;
  deleteRecording: void;
  /** Imports a profile or bundle; nothing is written when the file is broken. A group bundle gives its first recording and the group. */
  importFile: RecordingRow & { group?: { id: string; kind: GroupKind; name: string } };
  /** The file to save (the UI downloads it or shows a save dialog). */
  exportRecording: ExportedFile;
  /** Runs a concurrency sweep (each level a recording, progress as recordingProgress events) and returns its table and knee. */
  runSweep: SweepResult;
  /** Interleaved bursts with and without the profiler: what profiling at that interval costs. */
  measureOverhead: OverheadResult;
  /** Profiles each of the request's routes in its own burst, one after another: CPU ms per request and top function per route. */
  profileRoutes: RouteCpuRow[];
  /** The last overhead measured in this session for each sampling interval. */
  lastOverhead: OverheadResult | null;
  /** How much runs of A's and B's settings vary, from repeated recordings in the library (metadata only). */
  compareNoise: NoiseEstimate;
  /** Starts an A/B experiment; progress per round and the end come as events. */
  startExperiment: { experimentId: string };
  /** Ends the experiment after the round under way (cut short); finished rounds are kept. */
  stopExperiment: void;
  getExperiment: ExperimentResult;
  listExperiments: ExperimentRow[];
  /** The library's experiments and sweeps, each one row with its member recordings, newest first. */
  listGroups: GroupRow[];
  /** A sweep kept in the library: its table and knee. */
  getSweep: SweepResult;
  /** Deletes an experiment or a sweep and its recordings (deleteGroupSentence says so to the user). */
  deleteGroup: { recordingIds: string[] };
  /** An experiment or a sweep as one .flambe file (its result and every recording). */
  exportGroup: ExportedFile;
  /** Whether two recordings can be run again as an experiment (targets Flambé launched), and its spec. */
  planRepeat: RepeatPlan;
}

/** The schema each method's argument is validated with, where it arrives (services/dispatch). */
export const apiInputSchemas = {
  launchTarget: launchSpecSchema,
  listInspectorTargets: hostPortSchema,
  attachTarget: attachSpecSchema,
  listNodeProcesses: emptySchema,
  attachProcess: pidSchema,
  getTarget: targetIdSchema,
  listTargets: emptySchema,
  stopTarget: targetIdSchema,
  startRecording: recordRequestSchema,
  stopRecording: idSchema,
  getRecording: idSchema,
  getProfile: idSchema,
  demoServer: emptySchema,
  libraryStatus: emptySchema,
  listRecordings: listQuerySchema,
  renameRecording: renameSchema,
  setNotes: notesSchema,
  editTags: tagsSchema,
  deleteRecording: idSchema,
  importFile: importSchema,
  exportRecording: exportSchema,
  runSweep: sweepRequestSchema,
  measureOverhead: overheadRequestSchema,
  profileRoutes: recordRequestSchema,
  lastOverhead: z.object({ samplingIntervalUs: z.number().int().min(1) }),
  compareNoise: compareNoiseSchema,
  startExperiment: experimentSpecSchema,
  stopExperiment: idSchema,
  getExperiment: idSchema,
  listExperiments: emptySchema,
  listGroups: emptySchema,
  getSweep: idSchema,
  deleteGroup: idSchema,
  exportGroup: idSchema,
  planRepeat: repeatSchema,
} as const satisfies Record<ApiMethodName, z.ZodType>;

export type ApiMethod = ApiMethodName;
/** What a caller may pass (defaults not yet filled in). */
export type ApiInput<M extends ApiMethod> = z.input<(typeof apiInputSchemas)[M]>;
/** What the implementation receives: the argument after its schema (defaults filled, strings trimmed). */
export type ApiArg<M extends ApiMethod> = z.output<(typeof apiInputSchemas)[M]>;

/** Every method the UI (and the CLI) can call. Transports are generic over it. */
export type FlambeApi = { [M in ApiMethod]: (arg: ApiInput<M>) => Promise<ApiResults[M]> };
/** The services' implementation: called only through services/dispatch, with a validated argument. */
export type FlambeServiceApi = { [M in ApiMethod]: (arg: ApiArg<M>) => Promise<ApiResults[M]> };

export const apiMethods: readonly ApiMethod[] = apiMethodNames;

// Compile-time checks: the dependency-free name list, the schemas and the results are one set of methods.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const namesMatchSchemas: SameKeys<ApiMethodName, keyof typeof apiInputSchemas> = true;
const namesMatchResults: SameKeys<ApiMethodName, keyof ApiResults> = true;
void namesMatchSchemas;
void namesMatchResults;

export function isApiMethod(name: unknown): name is ApiMethod {
  return typeof name === 'string' && Object.hasOwn(apiInputSchemas, name);
}

// ---------- events ----------

export interface FlambeEvents {
  targetOutput: { targetId: string; stream: 'stdout' | 'stderr'; text: string };
  targetExit: { targetId: string; code: number | null; signal: string | null };
  recordingProgress: RecordingProgress;
  recordingDone: {
    recordingId: string;
    error: string | null;
    /** False when the library could not store it: it is kept in memory, and the UI offers to export it. */
    saved: boolean;
    saveError: string | null;
  };
  /** A file being imported moved on to its next step (big files take seconds). */
  importProgress: { fileName: string; phase: ImportPhase };
  /** Something in the library changed (saved, renamed, deleted, imported). */
  libraryChanged: { ids: string[] };
  experimentProgress: ExperimentProgress;
  experimentDone: { experimentId: string; status: ExperimentResult['status']; error: string | null; saved: boolean };
}
export type EventName = keyof FlambeEvents;
// Compile-time check: the dependency-free event list (which the renderer checks events against) is exactly FlambeEvents.
const eventNamesMatch: SameKeys<EventNameFromList, EventName> = true;
void eventNamesMatch;
export type FlambeEvent = { [K in EventName]: { name: K; payload: FlambeEvents[K] } }[EventName];

/** What a transport hands the UI: the typed API plus a way to listen. */
export interface FlambeClient {
  api: FlambeApi;
  /** Returns an unsubscribe function. */
  onEvent(listener: (event: FlambeEvent) => void): () => void;
}

/** Errors that cross a transport carry only a message meant for the user. */
export interface ApiErrorPayload {
  message: string;
  /** 'user' for bad input or a fault of the target; 'internal' for our bug. */
  kind: 'user' | 'internal';
}

/**
 * The answer to one call, as every transport carries it: errors are data,
 * not transport failures (an HTTP 200 in browser mode, a resolved IPC promise
 * in Electron), so the user reads our sentence and the browser logs nothing.
 */
export type InvokeOutcome = { ok: true; result: unknown } | { ok: false; error: ApiErrorPayload };

/** Turns a zod failure into one sentence a student can act on. */
export function describeValidationError(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return 'The request was not valid.';
  const where = first.path.length ? ` (${first.path.join('.')})` : '';
  return /^[A-Z]/.test(first.message) ? first.message : `Invalid value${where}: ${first.message}.`;
}

/** Builds a typed FlambeApi from one generic `invoke` (every client transport, and the CLI's validated API). */
export function createApiProxy(invoke: (method: ApiMethod, arg: unknown) => Promise<unknown>): FlambeApi {
  const api = {} as Record<ApiMethod, (arg: unknown) => Promise<unknown>>;
  for (const method of apiMethods) api[method] = (arg: unknown) => invoke(method, arg ?? {});
  return api as unknown as FlambeApi;
}
