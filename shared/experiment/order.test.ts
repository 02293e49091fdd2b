import { describe, expect, it } from 'vitest';
import { completePairs, roundOrder } from './order.ts';

describe('the order of an experiment\'s rounds', () => {
  it('runs pairs back to back, alternating which goes first', () => {
    expect(roundOrder('AB', 4).join('')).toBe('ABBAABBA');
    expect(roundOrder('BA', 3).join('')).toBe('BAABBA');
  });

  it('pairs each round with its neighbour and leaves out a pair Stop or a fault broke', () => {
    const rounds = roundOrder('BA', 3).map((variant, index) => ({ index, variant, ok: index !== 3 }));
    const p = completePairs(rounds.slice(0, 5), (r) => r.ok);
    // Pair 0: B A → A is index 1; pair 1 broken (index 3 failed); pair 2 incomplete (index 5 missing).
    expect(p.a.map((r) => r.index)).toEqual([1]);
    expect(p.b.map((r) => r.index)).toEqual([0]);
    const all = completePairs(rounds.map((r) => ({ ...r, ok: true })), (r) => r.ok);
    expect(all.a.map((r) => r.index)).toEqual([1, 2, 5]);
    expect(all.b.map((r) => r.index)).toEqual([0, 3, 4]);
  });
});
