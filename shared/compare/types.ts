// The comparison of two sides, A and B, each one or more rounds (recordings
// of the same variant). `flambe compare --json` prints a Comparison as is;
// the Compare screen and experiments (issue 11) read the same object.
import type { LoadSummary } from '../recording/load.ts';
import type { CpuAccounting } from '../recording/cpu-accounting.ts';
import type { MachineInfo } from '../recording/machine.ts';
import type { ProcessSample } from '../recording/process-samples.ts';
import type { RequestTime } from '../recording/request-time.ts';
import type { Profile } from '../profile/model.ts';
import type { TestBehind } from '../stats/index.ts';
import type { ThreadAllocations } from '../profile/import/all-threads.ts';

/** What a round was: where it ran and with which settings (for unlike-run warnings and noise groups). */
export interface RunMeta {
  /** Library id, or null for a file. */
  id: string | null;
  name: string;
  createdAt: string | null;
  /** 'recorded' by Flambé, 'imported' from a profile file (no load numbers). */
  source: 'recorded' | 'imported';
  targetLabel: string | null;
  nodeVersion: string | null;
  method: string | null;
  url: string | null;
  connections: number | null;
  /** Seconds of load; null when the run was a request count. */
  durationSec: number | null;
  /** A fixed number of requests instead of a duration. */
  requestLimit: number | null;
  samplingIntervalUs: number | null;
  machine: MachineInfo | null;
  /**
   * The rest of what makes two runs "the same thing" for noise (noise.ts): the
   * launched script's arguments and environment, the request's headers and
   * body, the routes and the rate, as one string (absent: none known).
   */
  sameness?: string | null;
}

/** One recording of one side. */
export interface CompareRound {
  meta: RunMeta;
  load: LoadSummary | null;
  /** Imported model, or null for a load-only run. */
  profile: Profile | null;
  samples: ProcessSample[];
  /** Where each request's time went, when the request collector ran (absent or null: it did not). */
  requestTime?: RequestTime | null;
  /** The recording's CPU accounting (shared/recording/cpu-accounting.ts): per-request figures are CPU from the OS clock (absent: sampled time). */
  cpu?: CpuAccounting | null;
  /** Each thread's allocation profile (V8's sampling heap profiler), where the recording sampled them: bytes per request. */
  allocations?: ThreadAllocations[] | null;
}

/** How a difference's uncertainty was learned. */
export type Basis =
  /** From the rounds of each side (two or more each): a test over the rounds. */
  | 'rounds'
  /** One run each, with the run-to-run noise of repeated recordings of the same settings in the library. */
  | 'repeats'
  /**
   * One run each, no repeats of these settings, and a change far beyond what
   * repeated runs on this machine have differed by (machine-noise.ts): real,
   * with no interval — only its size against the spread (`noiseBand`).
   */
  | 'machine'
  /** One run each and nothing else: Flambé cannot tell. */
  | 'single';

/** The spread a measure of one run each is judged against (machine-noise.ts noiseBand). */
export interface NoiseBand {
  /** Max/min − 1 in %: the library's widest among repeats, or the default when that is wider. */
  spreadPercent: number;
  from: 'library' | 'default';
  /** What the library's repeats showed, when they showed anything. */
  seenPercent: number | null;
  /**
   * For a measure of wall time: how many times more of its busy time one run had a core than the other (1.5 or
   * more; machine-noise.ts cpuShareRatio). A run the machine starved serves that much less for it alone, so the
   * bar is that much higher.
   */
  cpuShareRatio?: number;
}

/** A number of A and of B, and B against A. */
export interface Metric {
  a: number;
  b: number;
  /** b − a, in the metric's own unit. */
  delta: number;
  /** B against A, in % of A (null when A is 0). */
  deltaPercent: number | null;
  /** 95% interval of deltaPercent, or null when Flambé cannot put one. */
  ci95: [number, number] | null;
  /** True/false when the interval says; null when Flambé cannot tell. */
  significant: boolean | null;
  basis: Basis;
  /** The change is known to be smaller than the smallest worth reporting (shared/stats judge.ts): "no meaningful difference". */
  negligible?: boolean;
  /**
   * Why no claim: 'busy' — a measure of wall time (requests/s, latency) from
   * rounds the machine disturbed too often (experiment interference.ts);
   * 'one-request' — the maximum latency, one request's: it grows with the
   * number of requests a run served, so a faster side shows a higher max
   * by serving more, and it is shown, never judged.
   */
  withheld?: 'busy' | 'one-request';
  /** The test behind ci95 (from rounds), before the correction for many measures. */
  test?: TestBehind;
  /** basis 'machine': the spread the change is far beyond (machine-noise.ts). */
  noiseBand?: NoiseBand;
}

export interface LoadComparison {
  rps: Metric;
  p50Ms: Metric;
  p90Ms: Metric;
  p99Ms: Metric;
  maxMs: Metric;
  /** Failed requests (errors + timeouts) per 1000 sent (answered + failed): shared/load/request-counts.ts. */
  errorsPer1k: Metric;
  non2xxPer1k: Metric;
}

/** A row of "what changed" (a function, file, package, kind of work or category). */
export interface ChangeRow {
  /** Stable key within its table (function key, file URL, package, bucket or category id). */
  key: string;
  name: string;
  url: string;
  /** 1-based line (B's; A's for gone rows), 0 for files, packages, buckets and categories. */
  line: number;
  /** A's line when the function moved. */
  aLine?: number;
  /** file:line — or, for a row that is V8's own work, what it is (`notCode`). */
  location: string;
  category: string;
  /** (program) or (garbage collector) — V8's own work, not a function of anyone's code (absent for code). */
  notCode?: 'program' | 'gc';
  status: 'changed' | 'new' | 'gone';
  moved: boolean;
  /** Self time in % of each side's profile. */
  aPercent: number;
  bPercent: number;
  /** bPercent − aPercent, in percentage points. */
  deltaPercent: number;
  /** Self CPU ms per 1000 requests (null without request counts). */
  aMsPer1k: number | null;
  bMsPer1k: number | null;
  deltaMsPer1k: number | null;
  /** From rounds (two or more a side): the 95% interval of B against A in % of A's value (ms/1k, else %), and whether it leaves out 0. */
  relativeCi95: [number, number] | null;
  significant: boolean | null;
  negligible?: boolean;
  test?: TestBehind;
}

export interface BucketChange {
  id: string;
  name: string;
  aPercent: number;
  bPercent: number;
  deltaPercent: number;
  aMsPer1k: number | null;
  bMsPer1k: number | null;
  deltaMsPer1k: number | null;
  relativeCi95: [number, number] | null;
  significant: boolean | null;
  negligible?: boolean;
  test?: TestBehind;
  /** The caller that did most of this work, on the side where it is larger, with its line when known. */
  where: { side: 'a' | 'b'; name: string; location: string; lineText: string | null } | null;
}

/** A function's bytes allocated per request, A against B (compare/allocations.ts). */
export interface AllocationChange {
  /** function, url and line. */
  key: string;
  function: string;
  url: string;
  /** 1-based line of the function, 0 when unknown. */
  line: number;
  location: string;
  status: 'changed' | 'new' | 'gone';
  /** Mean of each side's rounds, bytes per request. */
  aBytesPerRequest: number;
  bBytesPerRequest: number;
  deltaBytesPerRequest: number;
  /** From rounds (two or more a side): the 95% interval of B against A in % of A, and whether it leaves out 0. */
  relativeCi95: [number, number] | null;
  significant: boolean | null;
  negligible?: boolean;
  test?: TestBehind;
}

/** "Did my change allocate less?": bytes allocated per request, with how sure, and the functions that changed most. */
export interface AllocationsComparison {
  bytesPerRequest: Metric;
  /** Largest change of bytes per request first. */
  functions: AllocationChange[];
}

export interface CompareWarning {
  /** 'node', 'connections', 'duration', 'sampling', 'url', 'machine', 'target', 'errors', 'stopped'. */
  kind: string;
  message: string;
}

export interface SideSummary {
  /** The first round's name (an experiment's variant name when given). */
  name: string;
  ids: (string | null)[];
  rounds: number;
  /** Mean requests per round; null without load. */
  requests: number | null;
  rps: number | null;
  durationMs: number | null;
}

export interface HowSure {
  basis: Basis;
  /** One or two sentences for the UI and the CLI. */
  summary: string;
  /** For 'repeats': how many library recordings gave the noise estimate, and the typical run-to-run spread of req/s (%). */
  repeats?: number;
  rpsNoisePercent?: number | null;
}

export interface Comparison {
  a: SideSummary;
  b: SideSummary;
  /** True when both sides have request counts: tables in ms per 1000 requests. */
  perRequest: boolean;
  /**
   * True when every round's ms are CPU from the OS clock (shared/profile/cpu-time.ts); false when any is sampled
   * time (an imported file, a recording made before Flambé read the clock): every unit and sentence says which (per1kUnit).
   */
  cpuTime: boolean;
  load: LoadComparison | null;
  /** All non-idle CPU time, per 1000 requests. */
  cpuMsPer1kRequests: Metric | null;
  /**
   * CPU time of the whole target process (every thread, process.cpuUsage) per
   * 1000 requests, from the process samples (process-cpu.ts): less sensitive
   * to a busy machine than requests/s. Null without samples on every round.
   */
  processCpuMsPer1k: Metric | null;
  /** Mean event-loop utilisation (0..1) while recording. */
  elu: Metric | null;
  /** Bytes allocated per request and by which functions; null unless every round sampled allocations and served requests (absent in comparisons saved before). */
  allocations?: AllocationsComparison | null;
  buckets: BucketChange[];
  categories: ChangeRow[];
  functions: ChangeRow[];
  files: ChangeRow[];
  packages: ChangeRow[];
  warnings: CompareWarning[];
  /** Views that cannot be shown, each in one sentence. */
  unavailable: string[];
  howSure: HowSure;
  verdict: string;
}
