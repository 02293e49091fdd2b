// The one contract between the UI and the services (docs/ARCHITECTURE.md "One contract,
// three transports"). Every method takes one plain-object argument and returns
// a Promise; events are pushed to subscribers. The zod schemas below validate
// every argument where it arrives (IPC handler, HTTP handler, CLI), so a
// transport never trusts its sender.
import type { SnapshotEstimate } from './memory/snapshot-cost.ts';
import { z } from 'zod';
import type { RunningWork, WorkKind } from './work/running-work.ts';
import { apiMethodNames, type ApiMethodName, type EventNameFromList } from './api-methods.ts';
import { launchSpecSchema, loadSettingsSchema, recordRequestSchema, experimentSpecSchema, type ExperimentSpec } from './recording/settings.ts';
import type { RecordedTarget } from './recording/target.ts';
import type { RecordingMeta } from './recording/recording.ts';
import type { SweepResult } from './recording/groups.ts';
import type { ExperimentProgress, ExperimentResult, ExperimentRow } from './experiment/types.ts';
import type { LibraryNoise } from './compare/machine-noise.ts';
import type { GroupKind, GroupRow } from './library/groups.ts';
import { overheadSettingSchema, type OverheadSetting } from './recording/overhead-setting.ts';

// The recording's shapes are declared once, as zod schemas, in shared/recording/
// (the contract imports them; they import nothing from here). Re-exported so
// `import type { LoadSummary } from '…/shared/api.ts'` keeps working.
export * from './recording/settings.ts';
export type { LatencyMs, LoadSecond, LoadSummary, RateReport, RecordingPhases, RouteLoad } from './recording/load.ts';
export type { RecordedTarget, StdioKind, TargetStdio } from './recording/target.ts';
export type { ProcessSample } from './recording/process-samples.ts';
export type { MachineInfo } from './recording/machine.ts';
export type { RecordingMeta, RecordingResult } from './recording/recording.ts';
export type { SweepLevel, SweepResult } from './recording/groups.ts';
export type { CpuSplit } from './profile/views/categories.ts';
export type { RecordingRow } from './recording/library-row.ts';
import type { RecordingRow } from './recording/library-row.ts';

// ---------- targets ----------


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

/** Where a Node program was found: a login shell's PATH (what a terminal runs), a version manager, Homebrew, or Flambé's own PATH. */
export const nodeProgramSources = ['login-shell', 'nvm', 'volta', 'fnm', 'homebrew', 'path'] as const;
export type NodeProgramSource = (typeof nodeProgramSources)[number];
/** A Node program on this computer, to run a launched script with (electron/services/targets/node-programs.ts). */
export const nodeProgramSchema = z.object({
  /** As found (a version manager's shim or link), what the launch runs. */
  path: z.string(),
  realPath: z.string(),
  /** "v20.20.2". */
  version: z.string(),
  from: z.enum(nodeProgramSources),
  /** Flambé's own Node (the one npm start and npx put first on PATH), not the user's. */
  flambes: z.boolean(),
});
export type NodeProgram = z.infer<typeof nodeProgramSchema>;

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

/** One address a target listens on, and what a GET / there answered ("200 application/json, 57 bytes"), or why nothing did. */
export interface AddressAnswer {
  url: string;
  answer: string;
}

/** A target the service holds: what a recording keeps of it (shared/recording/target.ts), and what only the live process has. */
export interface TargetInfo extends RecordedTarget {
  targetId: string;
  /** Ports the target listens on (TCP servers found in the process). */
  listeningPorts: number[];
  /** Load URLs suggested from those ports. */
  suggestedUrls: string[];
  running: boolean;
  /** For a launched target that has exited: the error line it printed, if any. */
  lastError?: string;
}


/** A target with the newest output it printed (up to 64 KB), so a reloaded UI shows its console as it was. */
export interface TargetSnapshot extends TargetInfo {
  output: { stream: 'stdout' | 'stderr'; text: string }[];
}

// ---------- load and recording ----------


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
  /** At each profiled level, also profile each route in its own burst: CPU ms per request per route per level. */
  perRouteCpu: z.boolean().default(false),
}).refine((r) => typeof r.profile !== 'number' || r.levels.includes(r.profile), { message: 'Profile one of the sweep\'s levels.', path: ['profile'] })
  .refine((r) => r.profile === 'none' || r.targetId !== null, { message: 'Profiling a level needs a target: launch or attach first.', path: ['profile'] })
  .refine((r) => !r.perRouteCpu || (r.profile !== 'none' && (r.load.routes?.length ?? 0) > 0), { message: 'CPU per route needs several routes and a profiled level.', path: ['perRouteCpu'] });
export type SweepRequest = z.input<typeof sweepRequestSchema>;
export type SweepRequestResolved = z.output<typeof sweepRequestSchema>;

export const overheadRequestSchema = z.object({
  targetId: z.string().min(1, 'Measuring the profiler\'s cost needs a target: launch or attach first.'),
  load: loadSettingsSchema,
  /** Pairs of bursts, one with and one without the profiler, in alternating order. */
  rounds: z.number().int().min(2, 'Use at least 2 rounds: one round gives no interval.').max(50).default(4),
  samplingIntervalUs: z.number().int().min(50).max(100_000).default(1000),
  /**
   * Which profiler's cost: the CPU profiler, the allocation sampler alone (V8's sampling heap profiler), or the
   * request collector alone (where each request's time went: request timing on against off).
   */
  profiler: z.enum(['cpu', 'allocations', 'requests']).default('cpu'),
  warmupSec: z.number().min(0).max(600).default(2),
});
export type OverheadRequest = z.input<typeof overheadRequestSchema>;

export interface OverheadResult {
  rounds: number;
  /** The allocation sampler's or the request collector's cost instead of the CPU profiler's (absent: the CPU profiler). */
  profiler?: 'cpu' | 'allocations' | 'requests';
  samplingIntervalUs: number;
  /** cpuMsPerRequest: the target process's CPU time per request (geometric mean of the rounds; absent: not read). */
  withoutProfiler: { rps: number; p99Ms: number; cpuMsPerRequest?: number };
  withProfiler: { rps: number; p99Ms: number; cpuMsPerRequest?: number };
  /** How many fewer requests/s with the profiler, in % (geometric means of the rounds). */
  rpsCostPercent: number;
  /** 95 % interval of rpsCostPercent (Welch on log rounds, shared/stats), null with too few rounds. */
  ci95: [number, number] | null;
  /** How much higher p99 is with the profiler, in %. */
  p99CostPercent: number;
  /**
   * How much more CPU time the target spent per request with it, in %, and its 95 % interval (paired, like
   * requests/s): CPU time is what the profiler adds, and a busy machine moves it less than requests/s.
   */
  cpuCostPercent?: number;
  cpuCi95?: [number, number] | null;
  /** When it was measured (a result shows the last one for its interval). */
  measuredAt: string;
  /** What it was measured on: a recording shows it only for the same (shared/recording/overhead-setting.ts). */
  setting?: OverheadSetting;
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


export interface RecordingProgress {
  recordingId: string;
  phase: RecordingPhase;
  /** 0..1 across the whole recording. */
  fraction: number;
  message: string;
  /** A sentence the user must read even without a progress line (the CLI prints it with --json too): what a heap snapshot will cost. */
  warning?: string;
  /** Live numbers of the last second (recording phase). */
  rps?: number;
  p99Ms?: number;
}

// ---------- experiments (A/B in rounds; results in shared/experiment/types.ts) ----------


// ---------- the library ----------



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
  /** A bundle keeps values that look secret (API_TOKEN=…, a password in a URL) instead of masking them (shared/recording/secrets.ts). */
  includeSecrets: z.boolean().default(false),
});
/** An experiment or a sweep to export as one .flambe file. */
export const exportGroupSchema = z.object({ id: z.string().min(1), includeSecrets: z.boolean().default(false) });
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
  /** One sentence the export shows: what it masked as secret-looking (a bundle), else absent. */
  note?: string;
  /** True when the file holds a secret or the place of a masked one: saved owner-only (0600), else as the user's umask says. */
  holdsSecrets?: boolean;
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
  /** The Node programs found; which one `node` on Flambé's PATH is (what a launch runs unless one is chosen); which one the user's terminal runs. */
  findNodePrograms: { programs: NodeProgram[]; onPath: NodeProgram | null; yours: NodeProgram | null; runs: NodeProgram | null };
  /** Opens a running Node process's inspector (SIGUSR1 / _debugProcess) and attaches to it. */
  attachProcess: TargetInfo;
  /** Refreshes ports/suggested URLs of a target (a server may start listening late). */
  getTarget: TargetInfo;
  /** What answers a GET / on each address the target listens on: for the user to choose which one to load when there are several. */
  probeAddresses: AddressAnswer[];
  /** What each heap snapshot of Find what grows would cost this target now (shared/memory/snapshot-cost.ts), with its sentence: said before the user starts it. */
  snapshotEstimate: SnapshotEstimate & { sentence: string };
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
  compareNoise: LibraryNoise;
  /** Starts an A/B experiment; progress per round and the end come as events. */
  startExperiment: { experimentId: string };
  /** Ends the experiment after the round under way (cut short); finished rounds are kept. */
  stopExperiment: void;
  getExperiment: ExperimentResult;
  listExperiments: ExperimentRow[];
  /** What runs now: a page reloaded mid-way follows it to its result; the UI disables what would disturb it. */
  runningWork: RunningWork[];
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
  findNodePrograms: emptySchema,
  attachProcess: pidSchema,
  getTarget: targetIdSchema,
  probeAddresses: targetIdSchema,
  snapshotEstimate: targetIdSchema,
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
  /**
   * The last overhead measured on `setting` at that interval; or, with `runId`,
   * the result of that run (workChanged's `ended.resultId`: a page reloaded
   * mid-way asks for the run it followed, whatever its setting).
   */
  lastOverhead: z.object({ samplingIntervalUs: z.number().int().min(1), setting: overheadSettingSchema.optional(), runId: z.string().max(100).optional() }),
  compareNoise: compareNoiseSchema,
  startExperiment: experimentSpecSchema,
  stopExperiment: idSchema,
  getExperiment: idSchema,
  listExperiments: emptySchema,
  runningWork: emptySchema,
  listGroups: emptySchema,
  getSweep: idSchema,
  deleteGroup: idSchema,
  exportGroup: exportGroupSchema,
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
    /** What getRecording answers for it (the metadata, without the profile): the screen shows it without asking again. */
    recording: RecordingMeta;
  };
  /** A file being imported moved on to its next step (big files take seconds). */
  importProgress: { fileName: string; phase: ImportPhase };
  /** Something in the library changed (saved, renamed, deleted, imported). */
  libraryChanged: { ids: string[] };
  experimentProgress: ExperimentProgress;
  experimentDone: { experimentId: string; status: ExperimentResult['status']; error: string | null; saved: boolean };
  /** Work started or ended (shared/work/running-work.ts); `ended.resultId`: the recording, experiment or sweep it produced. */
  workChanged: { running: RunningWork[]; ended: { kind: WorkKind; id: string; resultId: string | null } | null };
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
