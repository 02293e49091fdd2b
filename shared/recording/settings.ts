// What a recording was asked to do: the target launched, the load settings,
// the request that started it, and an experiment's spec. These are parts of a
// recording (RecordingResult.settings, an experiment's spec) as well as
// arguments of the contract: they live here, below the contract, so the
// recording's schemas need nothing from shared/api.ts (which re-exports them).
import { z } from 'zod';
import { HTTP_METHODS } from '../http.ts';
import { envProblem, headerProblem } from '../headers.ts';

/** Environment variables for a process, by the forms' rules (shared/headers.ts). */
export const envSchema = z.record(z.string(), z.string()).superRefine((env, ctx) => {
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

const URL_HINT = 'Enter the full URL to load, starting with http://, like http://127.0.0.1:3000/hello.';

export const samplingIntervalsUs = [100, 250, 500, 1000, 5000] as const;

const ROUTE_PATH_HINT = 'A route path starts with "/", like /users/42.';

/** One request of a multi-route burst; `path` is relative to the URL's origin. */
/**
 * Node answers a request line and headers over 16 KB with 431 and closes the
 * connection (other servers refuse at 8 KB): every request of the burst would
 * fail. Refused before anything starts, by its length — never echoed back.
 */
const MAX_URL_CHARS = 16_000;
function notTooLong(url: string, ctx: z.RefinementCtx): void {
  if (url.length > MAX_URL_CHARS) {
    ctx.addIssue({ code: 'custom', message: `The URL is ${url.length.toLocaleString('en-US')} characters long: servers refuse a request line that long (Node's limit is 16 KiB, other servers' 8 KiB). Shorten it, or send the data as a body (-b).` });
  }
}

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
    url: z.url({ message: URL_HINT }).refine((u) => /^https?:\/\/[^/]/i.test(u), URL_HINT).superRefine(notTooLong),
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
  /** The target served load just before this recording, in the same run (a sweep's earlier level): warm code without a warm-up of its own. */
  warmedByEarlierLoad: z.boolean().optional(),
  samplingIntervalUs: z.number().int().min(50, 'The sampling interval must be at least 50 µs.').max(100_000, 'The sampling interval must be at most 100 000 µs (0.1 s).').default(1000),
  /** Record which functions allocate (V8's sampling heap profiler, shared/recording/memory.ts) beside the CPU profile: on unless false. */
  allocations: z.boolean().optional(),
  /**
   * Find what grows: after the burst, under the same load, two heap snapshots a few seconds apart compared
   * (shared/memory/heap-growth.ts). Each snapshot pauses the process; off unless true.
   */
  findGrowth: z.boolean().optional(),
  /** Find what grows even when each snapshot would pause the target longer than a minute (shared/memory/snapshot-cost.ts); off unless true. */
  longPauseOk: z.boolean().optional(),
  /** The longest pause per snapshot accepted without longPauseOk, s (default 60: shared/memory/snapshot-cost.ts). */
  maxPauseSec: z.number().positive('--max-pause takes a number of seconds above 0.').max(3600, '--max-pause is at most 3600 s.').optional(),
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

const URL_OR_PATH_HINT = 'Enter the URL to load (http://127.0.0.1:3000/hello) or just its path (/hello) to use the port the server opens.';
/** A full http(s) URL, or a path alone: the port the launched target listens on is used (it changes with every restart). */
export const urlOrPathSchema = z.string().trim().min(1, URL_OR_PATH_HINT)
  .refine((u) => u.startsWith('/') || /^https?:\/\/[^/]/i.test(u), URL_OR_PATH_HINT).superRefine(notTooLong);

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
  // 5 pairs by default: with 3, Student's t needs 4.30 standard errors (df 2) and a busy machine rarely allows that; with 5, 2.78 (docs/how-sure.md "How sure is an experiment?").
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
  /** Rounds until it knows (shared/experiment/until.ts): after `rounds` pairs, add pairs until the headline interval is within ± withinPercent, or budgetSec ends. */
  until: z.object({
    withinPercent: z.number().min(0.5, 'Ask for an interval of at least ±0.5%.').max(100, 'Ask for an interval of at most ±100%.'),
    budgetSec: z.number().min(10, 'Give the rounds at least 10 seconds.').max(7200, 'Give the rounds at most 2 hours.').default(600),
  }).optional(),
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
