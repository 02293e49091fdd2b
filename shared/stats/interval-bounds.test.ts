// Intervals that can be (issue 31): whatever the rounds, every interval of a
// relative change holds its own estimate, and a measure that cannot be
// negative (ms, bytes, requests, errors) never falls by more than 100 % — at
// the 95 % of the tables, and at the wider confidences the corrections for
// many measures use (judge.ts intervalAt).
import { describe, expect, it } from 'vitest';
import { compareSamples, type Difference } from './compare-samples.ts';
import { comparePaired } from './paired.ts';
import { effectPercent, intervalAt } from './judge.ts';
import { seededRandom } from './random.ts';

/** Rounds of a count-like measure: often 0 (no errors), sometimes far apart (a burst of timeouts). */
function rounds(random: () => number, n: number): number[] {
  return Array.from({ length: n }, () => (random() < 0.4 ? 0 : Math.round(random() * 200) / (random() < 0.2 ? 1 : 10)));
}

function checkInterval(d: Difference, what: string): void {
  if (!d.ci95 || !Number.isFinite(d.deltaPercent)) return;
  const [lo, hi] = d.ci95;
  expect(lo, `${what}: ${lo} below −100 %`).toBeGreaterThanOrEqual(-100);
  expect(lo, what).toBeLessThanOrEqual(d.deltaPercent + 1e-9);
  expect(hi, what).toBeGreaterThanOrEqual(d.deltaPercent - 1e-9);
  if (!d.test) return;
  for (const confidence of [0.95, 0.99, 0.999]) {
    const ci = intervalAt(d.test, confidence);
    if (!ci) continue;
    expect(ci[0], `${what} at ${confidence}`).toBeGreaterThanOrEqual(-100);
    expect(ci[0], `${what} at ${confidence}`).toBeLessThanOrEqual(effectPercent(d.test) + 1e-9);
    expect(ci[1], `${what} at ${confidence}`).toBeGreaterThanOrEqual(effectPercent(d.test) - 1e-9);
  }
}

describe('every interval of a measure that cannot be negative', () => {
  it('holds its estimate and stays at or above −100 %, unpaired and paired, 500 random sets of rounds', () => {
    const random = seededRandom(31);
    for (let i = 0; i < 500; i++) {
      const n = 2 + Math.floor(random() * 5);
      const a = rounds(random, n);
      const b = rounds(random, n);
      if (!a.some((x) => x > 0)) a[0] = 5;
      checkInterval(compareSamples(a, b), `compareSamples(${a}, ${b})`);
      checkInterval(comparePaired(a, b), `comparePaired(${a}, ${b})`);
    }
  });

  it('cuts the additive interval of a count that went to zero at −100 % (it read −557 %)', () => {
    const d = compareSamples([10, 0.5], [0, 0]);
    expect(d.deltaPercent).toBe(-100);
    expect(d.ci95![0]).toBe(-100);
    expect(d.ci95![1]).toBeGreaterThan(0);
  });

  it('leaves a measure that can be negative alone', () => {
    const d = compareSamples([10, 0.5], [-20, -3]);
    expect(d.ci95![0]).toBeLessThan(-100);
  });
});
