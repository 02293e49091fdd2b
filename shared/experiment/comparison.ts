// An experiment's comparison: shared/compare's Comparison of A's rounds
// against B's (the object `flambe compare --json` prints, every interval from
// the rounds), plus "rounds", with the experiment's verdict (verdict.ts), which
// claims only what the rounds support.
import { buildComparison, type CompareRound, type Comparison } from '../compare/index.ts';
import { experimentVerdict } from './verdict.ts';

export interface ExperimentComparison extends Comparison {
  /** Complete rounds per side (the smaller side when they differ). */
  rounds: number;
}

/** CPU ms per 1 000 requests of each kind of work, per round of each side (RoundMeasures.bucketsMsPer1k). */
export interface RoundBuckets {
  a: (Record<string, number> | null)[];
  b: (Record<string, number> | null)[];
}

/**
 * A kind of work done in every round of one side and (next to) never in the
 * other's: evidence that does not depend on how noisy the amounts are — the
 * work is there or it is not. Null when there is no such kind.
 */
export interface OneSidedWork {
  name: string;
  side: 'a' | 'b';
  /** Its smallest and largest amount over that side's rounds, ms per 1 000 requests. */
  minMs: number;
  maxMs: number;
  /** The largest amount in any round of the other side. */
  otherMaxMs: number;
}

export function oneSidedWork(buckets: RoundBuckets, cpuMsPer1k: number): OneSidedWork | null {
  const sides = { a: buckets.a, b: buckets.b };
  if (![...sides.a, ...sides.b].every((r) => r) || !sides.a.length || !sides.b.length) return null;
  const names = new Set([...sides.a, ...sides.b].flatMap((r) => Object.keys(r!)));
  let best: OneSidedWork | null = null;
  for (const name of names) {
    for (const side of ['a', 'b'] as const) {
      const mine = sides[side].map((r) => r![name] ?? 0);
      const other = sides[side === 'a' ? 'b' : 'a'].map((r) => r![name] ?? 0);
      const minMs = Math.min(...mine);
      const otherMaxMs = Math.max(...other);
      // There in every round (and not a trifle), and under a twentieth of that in every round of the other side.
      if (minMs >= Math.max(1, 0.05 * cpuMsPer1k) && otherMaxMs <= 0.05 * minMs && (!best || minMs > best.minMs)) {
        best = { name, side, minMs, maxMs: Math.max(...mine), otherMaxMs };
      }
    }
  }
  return best;
}

export function compareRounds(names: { a: string; b: string }, a: CompareRound[], b: CompareRound[], buckets?: RoundBuckets): ExperimentComparison | null {
  if (!a.length || !b.length) return null;
  const c = buildComparison(a, b, { names });
  const rounds = Math.min(a.length, b.length);
  const out: ExperimentComparison = { ...c, rounds };
  if (rounds < 2) {
    out.warnings = [...c.warnings, { kind: 'rounds', message: 'One round of each variant: Flambé cannot tell a difference from noise. Run at least 2 rounds (3 or more is better).' }];
  }
  const cpu = out.cpuMsPer1kRequests ? Math.max(out.cpuMsPer1kRequests.a, out.cpuMsPer1kRequests.b) : 0;
  out.verdict = experimentVerdict(out, buckets && rounds >= 2 ? oneSidedWork(buckets, cpu) : null);
  return out;
}
