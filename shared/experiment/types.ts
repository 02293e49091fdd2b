// An A/B experiment's results as the contract carries them. Their shapes are
// schemas in shared/recording/groups.ts (a group bundle carries them); the
// setup is shared/recording/settings.ts. The runner is
// electron/services/experiment/; the statistics are shared/stats.
import type { z } from 'zod';
import type { experimentResultSchema } from '../recording/groups.ts';
import type { ExperimentRound, ExperimentStatus, VariantKey } from '../recording/groups.ts';
import type { ExperimentComparison } from './comparison.ts';

export type { ExperimentRound, ExperimentStatus, ExperimentVariant, VariantKey } from '../recording/groups.ts';

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

/** The schema's result, with the statistics typed as shared/experiment/comparison.ts computes them (the schema checks only what the screens read). */
export type ExperimentResult = Omit<z.output<typeof experimentResultSchema>, 'comparison'> & { comparison: ExperimentComparison | null };

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
