// An A/B experiment's results as the contract carries them (the schemas of
// its setup are in shared/api.ts, "experiments"). The runner is
// electron/services/experiment/; the statistics are shared/stats.
import type { ExperimentSpecResolved } from '../api.ts';
import type { ExperimentComparison } from './comparison.ts';
import type { RoundInterference } from './interference.ts';
import type { UntilOutcome } from './until.ts';

export type VariantKey = 'A' | 'B';

export interface ExperimentVariant {
  name: string;
  /** What this variant is, in words: "LOG=0", "args: --fast", "after.js", "/hello". */
  what: string;
}

/** One finished (or stopped) round: one recording of one variant. */
export interface ExperimentRound {
  /** Position in the run, 0-based. */
  index: number;
  variant: VariantKey;
  /** 1-based within its variant. */
  round: number;
  recordingId: string;
  requests: number | null;
  rps: number | null;
  p50Ms: number | null;
  p90Ms: number | null;
  p99Ms: number | null;
  /** Non-idle CPU of the target per 1 000 requests (null without a profile). */
  cpuMsPer1k: number | null;
  /** CPU time of the whole target process per 1 000 requests (process.cpuUsage; absent in experiments saved before it existed). */
  processCpuMsPer1k?: number | null;
  /** CPU ms per 1 000 requests of each kind of work (logging, JSON, …). */
  bucketsMsPer1k: Record<string, number> | null;
  error: string | null;
  /** False for the round Stop cut short: kept in the library, left out of the statistics. */
  complete: boolean;
  /** Where the target's stdout went during this round: 'pipe', 'file', 'terminal' or 'unknown' (null without a launched target). */
  stdout: string | null;
  /**
   * True when the library could not save this round's recording: it counts in
   * the statistics and stays listed (kept in memory until Flambé closes),
   * rather than vanishing from the rounds the verdict was computed from.
   */
  notSaved?: boolean;
  /** What the machine did to this round (interference.ts); absent off Linux and in experiments saved before it was measured. */
  interference?: RoundInterference | null;
}

export type ExperimentStatus = 'running' | 'done' | 'stopped' | 'failed';

export interface ExperimentProgress {
  experimentId: string;
  /** 0-based index of the round under way; equals total when finished. */
  roundIndex: number;
  totalRounds: number;
  variant: VariantKey | null;
  variantName: string | null;
  /** The round's own phase (connecting, warmup, recording…) or 'starting' while the target (re)starts. */
  phase: string;
  /** 0..1 across the whole experiment. */
  fraction: number;
  message: string;
  rps?: number;
  p99Ms?: number;
  /** The rounds finished so far. */
  finished: ExperimentRound[];
}

export interface ExperimentResult {
  id: string;
  name: string;
  createdAt: string;
  spec: ExperimentSpecResolved;
  /** Which variant ran first in the first pair of rounds (a coin decided); the pairs alternate from there (order.ts). */
  order: 'AB' | 'BA';
  status: ExperimentStatus;
  /** Why it failed or stopped, in one sentence. */
  error: string | null;
  variants: { a: ExperimentVariant; b: ExperimentVariant };
  rounds: ExperimentRound[];
  /** The statistics of the complete rounds (null until a round of each side is done). */
  comparison: ExperimentComparison | null;
  /** Rounds until it knows (spec.until): how it ended, after how many pairs (until.ts); absent otherwise. */
  until?: UntilOutcome | null;
  /** Where the launched target's stdout/stderr went: 'file' (tailed by Flambé, synchronous like a terminal) or 'pipe'; null without a launched target. */
  output: 'file' | 'pipe' | null;
}

/** One row of the experiments list. */
export interface ExperimentRow {
  id: string;
  name: string;
  createdAt: string;
  status: ExperimentStatus;
  aName: string;
  bName: string;
  rounds: number;
  verdict: string | null;
  recordingIds: string[];
}
