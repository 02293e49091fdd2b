// The one contract between the UI and the services (DESIGN.md "One contract,
// three transports"). Every method takes one plain-object argument and returns
// a Promise; events are pushed to subscribers. The zod schemas below validate
// every argument where it arrives (IPC handler, HTTP handler, CLI), so a
// transport never trusts its sender.
import { z } from 'zod';
import { apiMethodNames, type ApiMethodName } from './api-methods.ts';
import type { ExperimentProgress, ExperimentResult, ExperimentRow } from './experiment/types.ts';
import type { NoiseEstimate } from './compare/noise.ts';

// ---------- targets ----------

export const launchSpecSchema = z.object({
  script: z.string().trim().min(1, 'Choose the script to launch.'),
  args: z.array(z.string()).default([]),
  cwd: z.string().optional(),
  env: z.record(z.string(), z.string()).default({}),
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
  /** What the target's stdout and stderr are attached to, as the process itself reports it. */
  output?: TargetOutput;
}

/** 'terminal' and 'file' are written synchronously by Node; 'pipe' asynchronously on POSIX (so console.log is cheaper there). */
export type StdioKind = 'terminal' | 'file' | 'pipe' | 'unknown';
export interface TargetOutput {
  stdout: StdioKind;
  stderr: StdioKind;
  /** True when Flambé launched it writing to files it tails (LaunchSpec.outputToFile). */
  tailedFile: boolean;
}

// ---------- load and recording ----------

const URL_HINT = 'Enter the full URL to load, starting with http://, like http://127.0.0.1:3000/hello.';

export const samplingIntervalsUs = [100, 250, 500, 1000, 5000] as const;

export const loadSettingsSchema = z
  .object({
    url: z.url({ message: URL_HINT }).refine((u) => /^https?:\/\/[^/]/i.test(u), URL_HINT),
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']).default('GET'),
    headers: z.record(z.string(), z.string()).default({}),
    body: z.string().optional(),
    connections: z.number().int().min(1, 'Use at least 1 connection.').max(1000, 'Use at most 1000 connections.').default(10),
    /** Seconds of load; ignored when `requests` is set. */
    durationSec: z.number().positive('The duration must be more than 0 seconds.').max(3600).default(10),
    /** Stop after this many requests instead of after a duration. */
    requests: z.number().int().positive().max(100_000_000).optional(),
    /** Per-request timeout in seconds. */
    timeoutSec: z.number().positive().max(600).default(10),
  });
export type LoadSettings = z.input<typeof loadSettingsSchema>;
export type LoadSettingsResolved = z.output<typeof loadSettingsSchema>;

export const recordRequestSchema = z.object({
  /** The target to profile; null runs the load burst alone (no profile). */
  targetId: z.string().nullable(),
  load: loadSettingsSchema,
  warmupSec: z.number().min(0).max(600).default(2),
  samplingIntervalUs: z.number().int().min(50).max(100_000).default(1000),
  /** Name in the library (default "<METHOD path> · <date time>"). */
  name: z.string().trim().max(200).optional(),
  tags: z.array(z.string().trim().min(1).max(50)).default([]),
});
export type RecordRequest = z.input<typeof recordRequestSchema>;
export type RecordRequestResolved = z.output<typeof recordRequestSchema>;

export type RecordingPhase = 'connecting' | 'warmup' | 'recording' | 'stopping' | 'done' | 'failed';

export interface LoadSecond {
  /** Seconds since the measured burst started. */
  second: number;
  rps: number;
  p99Ms: number;
}

export interface LoadSummary {
  requests: number;
  durationSec: number;
  rps: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  bytesPerSec: number;
  /** One entry per second of the burst. */
  timeline: LoadSecond[];
  /** True when the burst was ended early by Stop. */
  stoppedEarly: boolean;
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
  target: (Pick<TargetInfo, 'kind' | 'label' | 'pid' | 'nodeVersion' | 'argv'> & { output?: TargetOutput }) | null;
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
}

// ---------- experiments (A/B in rounds; results in shared/experiment/types.ts) ----------

const URL_OR_PATH_HINT = 'Enter the URL to load (http://127.0.0.1:3000/hello) or just its path (/hello) to use the port the server opens.';
/** A full http(s) URL, or a path alone: the port the launched target listens on is used (it changes with every restart). */
export const urlOrPathSchema = z.string().trim().min(1, URL_OR_PATH_HINT)
  .refine((u) => u.startsWith('/') || /^https?:\/\/[^/]/i.test(u), URL_OR_PATH_HINT);

const envSchema = z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'An environment variable name is letters, digits and _, like LOG_LEVEL.'), z.string());

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
  rounds: z.number().int().min(1, 'Run at least 1 round of each variant.').max(30, 'Run at most 30 rounds of each variant.').default(3),
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
});
export type ListQuery = z.input<typeof listQuerySchema>;

export interface ListResult {
  total: number;
  rows: RecordingRow[];
  /** Every tag in the library, for the tag chips. */
  tags: string[];
}

export const renameSchema = z.object({ id: z.string().min(1), name: z.string().trim().min(1, 'A recording needs a name.').max(200) });
export const notesSchema = z.object({ id: z.string().min(1), notes: z.string().max(100_000) });
const tagSchema = z.string().trim().min(1, 'A tag cannot be empty.').max(50, 'Keep tags under 50 characters.');
export const tagsSchema = z.object({ id: z.string().min(1), add: z.array(tagSchema).default([]), remove: z.array(z.string()).default([]) });
export const importSchema = z.object({
  fileName: z.string().max(500),
  /** The file's text (a .cpuprofile, a DevTools trace or a .flambe bundle). */
  content: z.string().min(1, 'The file is empty.'),
});
/** Two recordings to compare: the library's repeats of their settings give the run-to-run noise (shared/compare/noise.ts). */
export const compareNoiseSchema = z.object({ a: z.string().min(1), b: z.string().min(1) });
export const exportSchema = z.object({ id: z.string().min(1), format: z.enum(['cpuprofile', 'bundle']).default('cpuprofile') });

export interface LibraryStatus {
  /** The library file in use, or null when none could be opened. */
  path: string | null;
  /** Why the library is unavailable (corrupt, newer version, …); recordings then live in memory only. */
  problem: string | null;
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

/** Every method the UI can call. Transports are generic over this interface. */
export interface FlambeApi {
  launchTarget(spec: LaunchSpec): Promise<TargetInfo>;
  listInspectorTargets(hp: { host: string; port: number }): Promise<InspectorEntry[]>;
  attachTarget(spec: AttachSpec): Promise<TargetInfo>;
  /** Refreshes ports/suggested URLs of a target (a server may start listening late). */
  getTarget(req: { targetId: string }): Promise<TargetInfo>;
  /** Stops a launched process, or detaches from an attached one. */
  stopTarget(req: { targetId: string }): Promise<void>;
  /** Starts a recording; progress and the end come as events. */
  startRecording(req: RecordRequest): Promise<{ recordingId: string }>;
  /** Ends the burst early; what was measured is kept. */
  stopRecording(req: { id: string }): Promise<void>;
  getRecording(req: { id: string }): Promise<RecordingResult>;
  demoServer(req: Record<string, never>): Promise<DemoServerInfo>;

  libraryStatus(req: Record<string, never>): Promise<LibraryStatus>;
  listRecordings(q: ListQuery): Promise<ListResult>;
  renameRecording(req: { id: string; name: string }): Promise<RecordingRow>;
  setNotes(req: { id: string; notes: string }): Promise<RecordingRow>;
  editTags(req: { id: string; add?: string[]; remove?: string[] }): Promise<RecordingRow>;
  deleteRecording(req: { id: string }): Promise<void>;
  /** Imports a profile or bundle; nothing is written when the file is broken. */
  importFile(req: { fileName: string; content: string }): Promise<RecordingRow>;
  /** The file to save (the UI downloads it or shows a save dialog). */
  exportRecording(req: { id: string; format?: 'cpuprofile' | 'bundle' }): Promise<{ fileName: string; content: string }>;

  /** Starts an A/B experiment; progress per round and the end come as events. */
  startExperiment(spec: ExperimentSpec): Promise<{ experimentId: string }>;
  /** Ends the experiment after the round under way (cut short); finished rounds are kept. */
  stopExperiment(req: { id: string }): Promise<void>;
  getExperiment(req: { id: string }): Promise<ExperimentResult>;
  listExperiments(req: Record<string, never>): Promise<ExperimentRow[]>;
  /** How much runs of A's and B's settings vary, from repeated recordings in the library (metadata only). */
  compareNoise(req: { a: string; b: string }): Promise<NoiseEstimate>;
}

export type ApiMethod = keyof FlambeApi;

/** The schema each method's argument is validated with, where it arrives. */
export const apiInputSchemas: { [K in ApiMethod]: z.ZodType<unknown> } = {
  launchTarget: launchSpecSchema,
  listInspectorTargets: hostPortSchema,
  attachTarget: attachSpecSchema,
  getTarget: targetIdSchema,
  stopTarget: targetIdSchema,
  startRecording: recordRequestSchema,
  stopRecording: idSchema,
  getRecording: idSchema,
  demoServer: emptySchema,
  libraryStatus: emptySchema,
  listRecordings: listQuerySchema,
  renameRecording: renameSchema,
  setNotes: notesSchema,
  editTags: tagsSchema,
  deleteRecording: idSchema,
  importFile: importSchema,
  exportRecording: exportSchema,
  startExperiment: experimentSpecSchema,
  stopExperiment: idSchema,
  getExperiment: idSchema,
  listExperiments: emptySchema,
  compareNoise: compareNoiseSchema,
};

export const apiMethods: readonly ApiMethod[] = apiMethodNames;

// Compile-time check: the dependency-free name list is exactly the contract.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const namesMatchContract: SameKeys<ApiMethodName, ApiMethod> = true;
void namesMatchContract;

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
  /** Something in the library changed (saved, renamed, deleted, imported). */
  libraryChanged: { ids: string[] };
  experimentProgress: ExperimentProgress;
  experimentDone: { experimentId: string; status: ExperimentResult['status']; error: string | null; saved: boolean };
}
export type EventName = keyof FlambeEvents;
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

/** Turns a zod failure into one sentence a student can act on. */
export function describeValidationError(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return 'The request was not valid.';
  const where = first.path.length ? ` (${first.path.join('.')})` : '';
  return /^[A-Z]/.test(first.message) ? first.message : `Invalid value${where}: ${first.message}.`;
}

/** Builds a typed FlambeApi from one generic `invoke` (used by every client transport). */
export function createApiProxy(invoke: (method: ApiMethod, arg: unknown) => Promise<unknown>): FlambeApi {
  const api = {} as Record<ApiMethod, (arg: unknown) => Promise<unknown>>;
  for (const method of apiMethods) api[method] = (arg: unknown) => invoke(method, arg ?? {});
  return api as unknown as FlambeApi;
}
