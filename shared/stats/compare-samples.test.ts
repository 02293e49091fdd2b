import { describe, expect, it } from 'vitest';
import { compareSamples } from './compare-samples.ts';
import { normalRandom, seededRandom } from './random.ts';

// Simulated experiments. Noise model: each round's value is
// level × exp(σ·N(0,1)), i.e. log-normal with a coefficient of variation of
// about σ. σ = 0.04 (4% round-to-round) is what interleaved 5–10 s rounds of a
// Node server give on a quiet machine (hyperfine/benchstat report a few %);
// the power table below shows what larger noise costs, and docs/how-sure.md repeats it.
function simulate(seed: number, trials: number, rounds: number, sigma: number, shift: number) {
  const draw = normalRandom(seededRandom(seed));
  const round = (level: number) => level * Math.exp(sigma * draw());
  let significant = 0;
  let intervalHoldsTruth = 0;
  const truth = (shift - 1) * 100;
  for (let i = 0; i < trials; i++) {
    const a = Array.from({ length: rounds }, () => round(1000));
    const b = Array.from({ length: rounds }, () => round(1000 * shift));
    const d = compareSamples(a, b);
    if (d.significant) significant++;
    if (d.ci95 && d.ci95[0] <= truth && truth <= d.ci95[1]) intervalHoldsTruth++;
  }
  return { significant, intervalHoldsTruth };
}

describe('compareSamples, validated by simulation (500 experiments each, seeded)', () => {
  it('raises at most 10% false alarms on A/A experiments of 3 rounds a side', () => {
    const { significant } = simulate(1, 500, 3, 0.04, 1);
    expect(significant).toBeLessThanOrEqual(50);
  });

  it('keeps 0 inside the 95% interval in at least 90% of A/A experiments', () => {
    const { intervalHoldsTruth } = simulate(2, 500, 3, 0.04, 1);
    expect(intervalHoldsTruth).toBeGreaterThanOrEqual(450);
  });

  it('detects a 20% shift in at least 80% of experiments of 3 rounds at 4% noise', () => {
    expect(simulate(3, 500, 3, 0.04, 1.2).significant).toBeGreaterThanOrEqual(400);
    expect(simulate(4, 500, 3, 0.04, 1 / 1.2).significant).toBeGreaterThanOrEqual(400);
  });

  it('covers the true shift with its 95% interval in at least 90% of experiments', () => {
    expect(simulate(5, 500, 3, 0.04, 1.2).intervalHoldsTruth).toBeGreaterThanOrEqual(450);
    expect(simulate(6, 500, 5, 0.1, 0.7).intervalHoldsTruth).toBeGreaterThanOrEqual(450);
  });

  it('loses power as noise grows, which more rounds buy back (the table in docs/how-sure.md)', () => {
    const at10 = simulate(7, 500, 3, 0.1, 1.2).significant;
    const at10With8 = simulate(7, 500, 8, 0.1, 1.2).significant;
    expect(at10).toBeLessThan(300); // 3 rounds at 10% noise often say "no clear difference" …
    expect(at10With8).toBeGreaterThanOrEqual(400); // … 8 rounds find it.
    // Even with noisy rounds, false alarms stay near 5%.
    expect(simulate(8, 500, 3, 0.1, 1).significant).toBeLessThanOrEqual(50);
  });
});

describe('compareSamples, small cases', () => {
  it('reports geometric means, the change of B against A and an interval around it', () => {
    const d = compareSamples([100, 100, 100.5], [150, 151, 149]);
    expect(d.a).toBeCloseTo(100.17, 1);
    expect(d.b).toBeCloseTo(150, 0);
    expect(d.deltaPercent).toBeCloseTo(49.7, 0);
    expect(d.ci95![0]).toBeLessThan(d.deltaPercent);
    expect(d.ci95![1]).toBeGreaterThan(d.deltaPercent);
    expect(d.significant).toBe(true);
  });

  it('cannot tell with one round on a side', () => {
    const d = compareSamples([100], [200, 210]);
    expect(d.deltaPercent).toBeCloseTo(Math.sqrt(200 * 210) - 100, 5);
    expect(d.ci95).toBeNull();
    expect(d.significant).toBeNull();
  });

  it('says "no clear difference" when rounds disagree more than the sides do', () => {
    const d = compareSamples([100, 140, 80], [120, 90, 135]);
    expect(d.significant).toBe(false);
    expect(d.ci95![0]).toBeLessThan(0);
    expect(d.ci95![1]).toBeGreaterThan(0);
  });

  it('handles values of 0 (error counts) on the raw scale', () => {
    expect(compareSamples([0, 0, 0], [0, 0, 0])).toMatchObject({ a: 0, b: 0, deltaPercent: 0, ci95: null, significant: false });
    const d = compareSamples([0, 0, 0], [5, 7, 6]);
    expect(d.deltaPercent).toBe(Infinity);
    expect(d.significant).toBe(true);
    const e = compareSamples([10, 12, 11], [0, 1, 0]);
    expect(e.deltaPercent).toBeCloseTo(-97, 0);
    expect(e.significant).toBe(true);
    expect(e.ci95![1]).toBeLessThan(0);
  });

  it('treats identical rounds as an exact answer', () => {
    expect(compareSamples([12, 12, 12], [12, 12, 12]).significant).toBe(false);
    expect(compareSamples([12, 12, 12], [13, 13, 13]).significant).toBe(true);
  });

  it('honours another confidence level', () => {
    const a = [100, 104, 97, 101];
    const b = [104, 108, 101, 103];
    const wide = compareSamples(a, b, { confidence: 0.99 }).ci95!;
    const narrow = compareSamples(a, b, { confidence: 0.8 }).ci95!;
    expect(wide[1] - wide[0]).toBeGreaterThan(narrow[1] - narrow[0]);
  });

  it('refuses an empty side', () => {
    expect(() => compareSamples([], [1])).toThrow(RangeError);
  });
});
