// An experiment's comparison: shared/compare's Comparison of A's rounds
// against B's, paired (the object `flambe compare --json` prints, every
// interval from the pairs of rounds), plus "rounds". Its verdict is
// shared/compare's (the one verdict writer), told which kind of work was done
// on one side only.
import { buildComparison, oneSidedWork, verdictOf, type CompareRound, type Comparison, type OneSidedWork, type RoundBuckets } from '../compare/index.ts';

export interface ExperimentComparison extends Comparison {
  /** Complete pairs of rounds (one round of each side per pair). */
  rounds: number;
  /**
   * A kind of work done in every round of one side and (next to) none of the
   * other's (one-sided.ts): the verdict names it, and the kinds-of-work table
   * says so on its row instead of "no clear difference". Absent in experiments
   * saved before it was kept.
   */
  oneSided?: OneSidedWork | null;
}

/**
 * `a[i]` and `b[i]` are the two rounds of pair i (they ran back to back):
 * every interval is the paired one (shared/stats paired.ts). `buckets`: each
 * round's CPU per 1 000 requests by kind of work (RoundMeasures.bucketsMsPer1k).
 */
export function compareRounds(names: { a: string; b: string }, a: CompareRound[], b: CompareRound[], buckets?: RoundBuckets): ExperimentComparison | null {
  if (!a.length || a.length !== b.length) return null;
  const c = buildComparison(a, b, { names, paired: true });
  const rounds = a.length;
  const out: ExperimentComparison = { ...c, rounds };
  if (rounds < 2) {
    out.warnings = [...c.warnings, { kind: 'rounds', message: 'One round of each variant: Flambé cannot tell a difference from noise. Run at least 2 rounds (3 or more is better).' }];
  }
  const cpu = out.cpuMsPer1kRequests ? Math.max(out.cpuMsPer1kRequests.a, out.cpuMsPer1kRequests.b) : 0;
  const oneSided = buckets && rounds >= 2 ? oneSidedWork(buckets, cpu) : null;
  out.oneSided = oneSided;
  if (oneSided) out.verdict = verdictOf(c, { oneSided });
  return out;
}
