// The experiment's judgement as the verdict uses it — every headline measure
// from the pairs, corrected together (shared/compare correct.ts: Holm, sign
// agreement across pairs, the smallest change worth reporting) — on
// simulated experiments with known answers, on a machine that is busy in
// every way at once (docs/how-sure.md "How sure is an experiment?" reports these rates):
// - drift: the level wanders (a random walk), trends, or jumps;
// - heavy tails: Student's t with 3 degrees of freedom on every measure;
// - bursts: a round hit by other work, by a Pareto-sized amount (α = 1.5:
//   mostly small, now and then huge), slowing requests/s and latency and
//   costing a little CPU per request too.
import { describe, expect, it } from 'vitest';
import { correctForManyMeasures } from '../compare/correct.ts';
import { metricOf } from '../compare/metric.ts';
import type { Comparison, LoadComparison } from '../compare/types.ts';
import { normalRandom, seededRandom } from '../stats/index.ts';
import { roundOrder } from './order.ts';

const random = seededRandom(20261128);
const normal = normalRandom(random);
const t3 = () => normal() / Math.sqrt((normal() ** 2 + normal() ** 2 + normal() ** 2) / 3);
/** Pareto, minimum `scale`, shape 1.5 (infinite variance). */
const pareto = (scale: number) => scale / Math.pow(1 - random(), 1 / 1.5);

type Drift = (rounds: number) => number[];
const walk: Drift = (n) => { let l = 0; return Array.from({ length: n }, () => (l += 0.25 * normal())); };
const trend: Drift = (n) => { const s = random() < 0.5 ? -0.1 : 0.1; return Array.from({ length: n }, (_, i) => s * i); };
const jumps: Drift = (n) => { let l = 0; return Array.from({ length: n }, () => (random() < 0.25 ? (l += 0.7 * normal()) : l)); };

interface Truth { rps: number; cpu: number }

/** One experiment of `pairs` pairs; B changes requests/s by truth.rps and CPU per request by truth.cpu (fractions). */
function experiment(pairs: number, truth: Truth, drift: Drift) {
  const order = roundOrder(random() < 0.5 ? 'AB' : 'BA', pairs);
  const level = drift(order.length);
  const side = { A: [] as number[][], B: [] as number[][] };
  order.forEach((v, i) => {
    const burst = random() < 0.15 ? Math.min(3, pareto(0.1)) : 0;
    const shift = (x: number) => (v === 'B' ? Math.log(1 + x) : 0);
    const rps = 5000 * Math.exp(-level[i] - burst + 0.05 * t3() + shift(truth.rps));
    const p99 = 20 * Math.exp(level[i] + 1.5 * burst + 0.15 * t3() - shift(truth.rps));
    const p50 = 8 * Math.exp(level[i] + burst + 0.08 * t3() - shift(truth.rps));
    const cpu = 200 * Math.exp(0.3 * level[i] + 0.2 * burst + 0.04 * t3() + shift(truth.cpu));
    const proc = cpu * 1.3 * Math.exp(0.03 * t3());
    side[v].push([rps, p50, p99, cpu, proc]);
  });
  const col = (v: 'A' | 'B', k: number) => side[v].map((r) => r[k]);
  const m = (k: number) => metricOf(col('A', k), col('B', k), undefined, true);
  const zero = metricOf(col('A', 0).map(() => 0), col('B', 0).map(() => 0), undefined, true);
  const load: LoadComparison = { rps: m(0), p50Ms: m(1), p90Ms: m(1), p99Ms: m(2), maxMs: m(2), errorsPer1k: zero, non2xxPer1k: zero };
  const parts = { load, cpuMsPer1kRequests: m(3), processCpuMsPer1k: m(4), elu: null, perRequest: true, buckets: [], categories: [], functions: [], files: [], packages: [] };
  return correctForManyMeasures(parts as unknown as Omit<Comparison, 'verdict'>);
}

const rate = (n: number, run: () => boolean) => { let k = 0; for (let i = 0; i < n; i++) if (run()) k++; return k / n; };
/** Set SIMULATION_RATES=1 to print each measured rate (docs/how-sure.md quotes them). */
const report = (what: string, x: number) => { if (process.env.SIMULATION_RATES) console.log(`${what}: ${(100 * x).toFixed(1)}%`); return x; };

describe('the corrected judgement on simulated busy machines (drift, heavy tails, Pareto bursts)', () => {
  const drifts: [string, Drift][] = [['a random walk (±25% a round)', walk], ['a steady trend (10% a round)', trend], ['jumps (1 in 4 rounds, ±70%)', jumps]];

  it.each(drifts)('raises at most 1 false alarm in 20 on any measure in 400 A/A experiments of 5 pairs, with %s', (_, drift) => {
    const alarms = rate(400, () => {
      const c = experiment(5, { rps: 0, cpu: 0 }, drift);
      return [...Object.values(c.load!), c.cpuMsPer1kRequests!, c.processCpuMsPer1k!].some((x) => x.significant);
    });
    expect(report(`A/A false alarms, ${_}`, alarms)).toBeLessThanOrEqual(0.05);
  });

  it.each(drifts)('keeps the shown interval honest with %s: it holds the true change in at least 93 of 100 experiments', (_, drift) => {
    const covered = rate(400, () => {
      const c = experiment(5, { rps: 0, cpu: 0.2 }, drift).cpuMsPer1kRequests!;
      return c.ci95 !== null && c.ci95[0] <= 20 && c.ci95[1] >= 20;
    });
    expect(report(`coverage, ${_}`, covered)).toBeGreaterThanOrEqual(0.93);
  });

  it('never calls a 20% CPU change the wrong way round, and finds it in most experiments of 8 pairs', () => {
    let found = 0;
    let wrong = 0;
    for (let i = 0; i < 400; i++) {
      const c = experiment(8, { rps: -0.15, cpu: 0.2 }, walk);
      const cpu = c.cpuMsPer1kRequests!;
      if (cpu.significant && cpu.deltaPercent! > 0) found++;
      if ((cpu.significant && cpu.deltaPercent! < 0) || (c.load!.rps.significant && c.load!.rps.deltaPercent! > 0)) wrong++;
    }
    expect(wrong).toBe(0);
    expect(report('20% CPU change found, 8 pairs', found / 400)).toBeGreaterThanOrEqual(0.6);
  });
});
