// What the experiment's comparison worker (compare-worker.ts) is asked and
// answers: each round's recording in, its measures out; the comparison of
// the rounds so far, by recording id. The imported profiles stay in the worker.
import type { RecordingResult } from '../../../shared/api.ts';
import type { RoundBuckets } from '../../../shared/compare/index.ts';
import type { ExperimentComparison } from '../../../shared/experiment/comparison.ts';
import type { RoundInterference } from '../../../shared/experiment/interference.ts';
import type { RoundMeasures } from '../../../shared/experiment/measures.ts';

export type CompareWorkerRequest =
  /**
   * One round: its recording without the profile, and the profile as JSON text — a string is copied
   * to the worker in one piece (0.1 s for 50 MB), where cloning the parsed object took 1.6–3 s.
   */
  | { type: 'round'; seq: number; rec: Omit<RecordingResult, 'profile'>; profileText: string | null }
  | {
    type: 'compare'; seq: number; names: { a: string; b: string };
    /** Recording ids of the complete pairs' rounds, A's and B's in pair order. */
    a: string[]; b: string[];
    buckets: RoundBuckets;
    machine: { a: (RoundInterference | undefined)[]; b: (RoundInterference | undefined)[] };
  };

export type CompareWorkerReply =
  | { seq: number; ok: true; measures: RoundMeasures }
  | { seq: number; ok: true; comparison: ExperimentComparison | null }
  /** `user`: a sentence for the user (a round too large for the worker's heap), not a fault of Flambé's. */
  | { seq: number; ok: false; message: string; user: boolean };

export interface CompareWorkerData {
  /** The heap the worker was given (resourceLimits), in MB: a round that cannot fit in what is left is refused before it is read. */
  heapMb: number;
}
