// The experiment's statistics on simulated experiments with known answers
// (docs/how-sure.md "How sure is an experiment?" reports these rates): rounds in the
// runner's order (order.ts), analysed as the runner does (paired, stats/paired.ts).
// A shared machine is simulated by a level that drifts — a random walk, a
// steady trend, sudden steps when other processes start or stop — and noise
// with heavy tails (Student's t with 3 degrees of freedom, plus rounds hit
// by a burst of other work), on the logarithm of the measured value.
import { describe, expect, it } from 'vitest';
import { comparePaired, compareSamples, normalRandom, seededRandom } from '../stats/index.ts';
import { roundOrder } from './order.ts';
import { BUSY_PAIR_SPREAD } from './busy-spread.ts';
import type { VariantKey } from './types.ts';

const random = seededRandom(20261123);
const normal = normalRandom(random);
/** Student's t, 3 degrees of freedom: heavy tails (variance 3). */
const t3 = () => normal() / Math.sqrt((normal() ** 2 + normal() ** 2 + normal() ** 2) / 3);

/** The machine's level at each round (log scale). */
type Drift = (order: VariantKey[]) => number[];

const walk = (sdPerRound: number): Drift => (order) => {
  let level = 0;
  return order.map(() => (level += sdPerRound * normal()));
};
const trend = (perRound: number): Drift => (order) => {
  const slope = random() < 0.5 ? -perRound : perRound;
  return order.map((_, i) => slope * i);
};
const steps = (chance: number, sd: number): Drift => (order) => {
  let level = 0;
  return order.map(() => (random() < chance ? (level += sd * normal()) : level));
};
/** Drift only between pairs (a random walk), none within a pair. */
const betweenPairs = (sd: number): Drift => (order) => {
  let level = 0;
  return order.map((_, i) => (i % 2 === 0 ? (level += sd * normal()) : level));
};

interface Noise { scale: number; burstChance: number }
const heavy: Noise = { scale: 0.05, burstChance: 0.1 };

/** One experiment: `pairs` pairs in the runner's order; B is (1 + shift) × A. Returns the paired and the Welch verdicts. */
function experiment(pairs: number, shift: number, drift: Drift, noise: Noise, prior?: typeof BUSY_PAIR_SPREAD) {
  const order = roundOrder(random() < 0.5 ? 'AB' : 'BA', pairs);
  const level = drift(order);
  const a: number[] = [];
  const b: number[] = [];
  order.forEach((v, i) => {
    // A burst of other work makes a round slower (a lower value), never faster.
    const burst = random() < noise.burstChance ? -Math.abs(0.5 * normal()) : 0;
    const x = 1000 * Math.exp(level[i] + noise.scale * t3() + burst + (v === 'B' ? Math.log(1 + shift) : 0));
    (v === 'A' ? a : b).push(x);
  });
  return { paired: comparePaired(a, b, { prior }), welch: compareSamples(a, b) };
}

function rate(n: number, run: () => boolean): number {
  let hits = 0;
  for (let i = 0; i < n; i++) if (run()) hits++;
  return hits / n;
}

describe('the experiment statistics on simulated experiments', () => {
  const scenarios: [string, Drift][] = [
    ['a random walk (±30% per round)', walk(0.3)],
    ['a steady trend (15% per round)', trend(0.15)],
    ['sudden steps (a 1 in 5 chance per round, ±80%)', steps(0.2, 0.8)],
  ];

  it.each(scenarios)('raises at most 10%% false alarms in 500 A/A experiments of 3 pairs, with %s and heavy-tailed noise', (_, drift) => {
    const falseAlarms = rate(500, () => experiment(3, 0, drift, heavy).paired.significant === true);
    expect(falseAlarms).toBeLessThanOrEqual(0.1);
  });

  it('finds a 20% shift in at least 80% of 500 experiments of 5 pairs (the default) when the machine drifts between pairs', () => {
    // Within a pair: heavy-tailed noise of about ±7% a round (t3 × 0.04); between pairs the level wanders by ±30%.
    const noise = { scale: 0.04, burstChance: 0 };
    const found = rate(500, () => {
      const d = experiment(5, 0.2, betweenPairs(0.3), noise).paired;
      return d.significant === true && d.deltaPercent > 0;
    });
    expect(found).toBeGreaterThanOrEqual(0.8);
    // Comparing all of A's rounds with all of B's (Welch) drowns the same shift in the drift.
    const welch = rate(500, () => experiment(5, 0.2, betweenPairs(0.3), noise).welch.significant === true);
    expect(welch).toBeLessThan(0.5);
  });

  it('keeps the 95% interval honest: it holds the true shift in about 95% of experiments', () => {
    const covered = rate(500, () => {
      const d = experiment(3, 0.2, betweenPairs(0.3), { scale: 0.05, burstChance: 0 }).paired;
      return d.ci95 !== null && d.ci95[0] <= 20 && d.ci95[1] >= 20;
    });
    expect(covered).toBeGreaterThanOrEqual(0.9);
  });

  it('judges a busy machine\'s CPU with its known spread: no more false alarms, and a real change found from three pairs', () => {
    // Pairs of CPU per 1 000 requests beside a hog: heavy-tailed round noise whose pairs spread about as far as the
    // measured BUSY_PAIR_SPREAD (t3 × 0.025: sd 0.043 a round, 0.061 a pair), the level wandering between pairs.
    const busy = { scale: 0.025, burstChance: 0 };
    const alarm = (prior?: typeof BUSY_PAIR_SPREAD) => rate(2000, () => (experiment(3, 0, betweenPairs(0.3), busy, prior).paired.test?.pValue ?? 1) < 0.005);
    const found = (shift: number, prior?: typeof BUSY_PAIR_SPREAD) => rate(500, () => {
      const d = experiment(3, shift, betweenPairs(0.3), busy, prior).paired;
      return (d.test?.pValue ?? 1) < 0.005 && d.deltaPercent > 0;
    });
    const [alone, pooled] = [alarm(), alarm(BUSY_PAIR_SPREAD)];
    const [found25, found25Pooled] = [found(0.25), found(0.25, BUSY_PAIR_SPREAD)];
    console.log(`A/A p < 0.005 (Holm's first step among ten): ${alone} alone, ${pooled} pooled; a 25% change found ${found25} alone, ${found25Pooled} pooled`);
    // Two degrees of freedom say little about a spread: the pairs alone both alarm on luck and miss real changes.
    expect(pooled).toBeLessThanOrEqual(Math.max(alone, 0.005));
    expect(found25Pooled).toBeGreaterThanOrEqual(0.8);
    expect(found25Pooled).toBeGreaterThan(found25);
  });
});
