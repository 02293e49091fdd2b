// The order of an experiment's rounds: pairs run back to back, the first
// pair's order decided by a coin (recorded), then alternating — A B, B A,
// A B … (or B A, A B, …). Each pair is compared on its own (shared/stats
// paired.ts), so whatever the machine does at that moment hits both of its
// rounds; the alternation makes a steady trend favour A in one pair and B in
// the next, instead of always the side that runs second.
import type { VariantKey } from './types.ts';

export function roundOrder(order: 'AB' | 'BA', pairs: number): VariantKey[] {
  const first: VariantKey[] = order === 'AB' ? ['A', 'B'] : ['B', 'A'];
  const second: VariantKey[] = [first[1], first[0]];
  return Array.from({ length: pairs }, (_, i) => (i % 2 === 0 ? first : second)).flat();
}

/**
 * The complete pairs of a run, as A's and B's values in the same order: a
 * pair counts when both of its rounds (positions 2i and 2i + 1) finished
 * without an error; a pair Stop or a fault broke is left out.
 */
export function completePairs<T extends { index: number; variant: VariantKey }>(rounds: readonly T[], usable: (r: T) => boolean): { a: T[]; b: T[] } {
  const bySlot = new Map(rounds.map((r) => [r.index, r]));
  const a: T[] = [];
  const b: T[] = [];
  const last = Math.max(-1, ...rounds.map((r) => r.index));
  for (let i = 0; i + 1 <= last; i += 2) {
    const x = bySlot.get(i);
    const y = bySlot.get(i + 1);
    if (!x || !y || x.variant === y.variant || !usable(x) || !usable(y)) continue;
    const [ra, rb] = x.variant === 'A' ? [x, y] : [y, x];
    a.push(ra);
    b.push(rb);
  }
  return { a, b };
}
