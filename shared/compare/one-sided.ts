// A kind of work done in every round of one side and (next to) never in the
// other's: evidence that does not depend on how noisy the amounts are — the
// work is there or it is not. The verdict (verdict.ts) names it when the
// amounts alone cannot show a clear change.

/** CPU ms per 1 000 requests of each kind of work, per round of each side (null: a round without a profile). */
export interface RoundBuckets {
  a: (Record<string, number> | null)[];
  b: (Record<string, number> | null)[];
}

export interface OneSidedWork {
  name: string;
  side: 'a' | 'b';
  /** Its smallest and largest amount over that side's rounds, ms per 1 000 requests. */
  minMs: number;
  maxMs: number;
  /** The largest amount in any round of the other side. */
  otherMaxMs: number;
}

/** `cpuMsPer1k`: the larger side's CPU per 1 000 requests, the scale a "not a trifle" amount is judged on. Null when there is no such kind. */
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
