// "Far beyond noise" for one run each, validated by simulation on data with
// known answers (seeded): a busy machine's runs — lognormal noise, and a CPU
// hog that at random halves a run's requests/s and triples its p99 — compared
// A/A (no change: never called real) and with a real 25× change (called real).
import { describe, expect, it } from 'vitest';
import { normalRandom, seededRandom } from '../stats/index.ts';
import { buildComparison } from './compare.ts';
import { DEFAULT_SPREAD_PERCENT, farBeyondRatio, isFarBeyond, machineNoise, noiseBand, timesText, type MachineNoise, type RepeatRun } from './machine-noise.ts';
import { surenessWords } from './words.ts';
import { round, syntheticLoad } from './test-support/rounds.ts';

interface Busy { sigma: number; hogChance: number; hogRps: number; hogP99: number }
/** A busy shared machine: 20% lognormal noise, and one run in three beside a hog that halves requests/s and triples p99. */
const BUSY: Busy = { sigma: 0.2, hogChance: 1 / 3, hogRps: 0.5, hogP99: 3 };

function machine(seed: number, busy: Busy) {
  const uniform = seededRandom(seed);
  const draw = normalRandom(seededRandom(seed + 1));
  /** One run's requests/s and p99 of code whose true values are `rps`, `p99`. */
  return (rps: number, p99: number) => {
    const hog = uniform() < busy.hogChance;
    return { rps: rps * Math.exp(busy.sigma * draw()) * (hog ? busy.hogRps : 1), p99Ms: p99 * Math.exp(busy.sigma * draw()) * (hog ? busy.hogP99 : 1) };
  };
}

/** `experiments` experiments of `rounds` rounds a variant, run on this machine: what the library learns. */
function libraryOf(run: ReturnType<typeof machine>, experiments: number, rounds: number): MachineNoise {
  const runs: RepeatRun[] = [];
  for (let e = 0; e < experiments; e++) {
    for (const v of ['A', 'B']) for (let r = 0; r < rounds; r++) runs.push({ repeatKey: `e${e}/${v}`, machine: 'cpu/2', values: run(1000 * (v === 'A' ? 1 : 3), 5) });
  }
  return machineNoise(runs, 'cpu/2');
}

/** Of `n` comparisons of one run each, how many call requests/s and p99 real by size alone. */
function called(run: ReturnType<typeof machine>, n: number, change: number, library: MachineNoise | undefined) {
  let rps = 0;
  let p99 = 0;
  for (let i = 0; i < n; i++) {
    const a = run(1000, 5);
    const b = run(1000 / change, 5 * change);
    if (isFarBeyond(a.rps, b.rps, noiseBand('rps', library))) rps++;
    if (isFarBeyond(a.p99Ms, b.p99Ms, noiseBand('p99Ms', library))) p99++;
  }
  return { rps, p99 };
}

describe('far beyond noise, for one run each', () => {
  it('never calls an unchanged pair real on a busy machine, with or without the library\'s experiments (10 000 A/A pairs)', () => {
    const run = machine(21, BUSY);
    expect(called(run, 10_000, 1, undefined)).toEqual({ rps: 0, p99: 0 });
    expect(called(run, 10_000, 1, libraryOf(run, 4, 5))).toEqual({ rps: 0, p99: 0 });
  });

  it('learns a machine noisier than the defaults from its experiments, and stays silent there', () => {
    // Runs 4× apart in requests/s (a hog that takes three quarters): the defaults alone would be beaten…
    const wild: Busy = { sigma: 0.3, hogChance: 0.5, hogRps: 0.2, hogP99: 20 };
    const run = machine(22, wild);
    expect(called(run, 10_000, 1, undefined).rps).toBeGreaterThan(0);
    // …three experiments of five rounds a variant show it, and the spread widens to hold it (at most 1 in 1 000).
    const library = libraryOf(run, 3, 5);
    expect(library.spreadPercent.rps).toBeGreaterThan(DEFAULT_SPREAD_PERCENT.rps);
    expect(noiseBand('rps', library).from).toBe('library');
    const r = called(run, 10_000, 1, library);
    expect(r.rps).toBeLessThanOrEqual(10);
    expect(r.p99).toBeLessThanOrEqual(10);
  });

  it('calls a 25× change real in at least 98 pairs in 100 (a hog on A\'s run alone can halve it to 12×), and a 1.5× change in none', () => {
    const run = machine(23, BUSY);
    expect(called(run, 2000, 25, undefined).rps).toBeGreaterThanOrEqual(1960);
    expect(called(run, 2000, 1.5, undefined)).toEqual({ rps: 0, p99: 0 });
  });

  it('never lets a calm library narrow the default: the spread is the wider of the two', () => {
    const calm = machineNoise([{ repeatKey: 'e/A', machine: null, values: { rps: 1000 } }, { repeatKey: 'e/A', machine: null, values: { rps: 1040 } }], null);
    expect(calm.spreadPercent.rps).toBeCloseTo(4, 5);
    expect(noiseBand('rps', calm)).toEqual({ spreadPercent: 100, from: 'default', seenPercent: calm.spreadPercent.rps });
    expect(farBeyondRatio(noiseBand('rps', calm))).toBe(8);
    // Another machine's experiments (an imported group) say nothing of this one.
    const elsewhere = machineNoise([{ repeatKey: 'e/A', machine: 'big/64', values: { rps: 100 } }, { repeatKey: 'e/A', machine: 'big/64', values: { rps: 1000 } }], 'cpu/2');
    expect(elsewhere).toMatchObject({ runs: 0, groups: 0, spreadPercent: {} });
  });

  it('says it in the tables and the verdict, with the spread and where it came from', () => {
    const load = (rps: number, p99: number) => syntheticLoad({ requests: rps * 10, rps, p99 });
    const A = round({ profile: null, load: load(2400, 4), meta: { id: 'A' } });
    const B = round({ profile: null, load: load(96, 120), meta: { id: 'B', url: 'http://127.0.0.1:3000/slow' } });
    const c = buildComparison([A], [B]);
    expect(c.load!.rps).toMatchObject({ basis: 'machine', significant: true, ci95: null });
    expect(surenessWords(c.load!.rps)).toBe('real: 25× apart, far more than the 2.0× two runs of the same code can differ by on a busy machine');
    // p99 30× is within the tail's wider spread (5× three times over: 125×): cannot tell.
    expect(surenessWords(c.load!.p99Ms)).toBe('cannot tell: one run each');
    // The p99 the rule cannot tell from noise is not said beside the claim, as if it were one (issue 38's walk).
    expect(c.verdict).toMatch(/^B serves 96% fewer requests per second than A — requests\/s 25× apart, far more than the 2\.0× two runs of the same code can differ by on a busy machine\. Its p99 \(30\.0× higher\) cannot be told from noise: one run each\./);
    expect(c.howSure.summary).toMatch(/^One run each: two runs of the same code can differ by 2\.0× in requests\/s \(no experiment in the library shows how far its rounds differ here, so Flambé allows what a busy machine shows\)\. A change is called real only when it is far beyond that — past 8\.0× either way/);
    // A library whose experiments differed by up to 2.6× here: that spread, said as the library's.
    const wide = buildComparison([A], [B], { noise: { runs: 0, groups: 0, metrics: {}, machine: { runs: 10, groups: 2, spreadPercent: { rps: 160 } } } });
    expect(surenessWords(wide.load!.rps)).toBe('real: 25× apart, far more than the 2.6× repeated runs here have differed by');
  });

  it('raises the bar by how much less of its busy time one run had a core: an A/A pair 13.6× apart beside two hogs is not real', () => {
    const load = (rps: number) => syntheticLoad({ requests: rps * 10, rps, p99: 4 });
    // The main thread's CPU over its sampled busy time: 0.9 for the run that had a core, 0.1 for the one that waited.
    const withShare = (r: ReturnType<typeof round>, share: number) => ({ ...r, cpu: { windowMs: 10_000, mainThread: { clock: 'threadCpuUsage' as const, cpuMs: 900 * share }, processCpuMs: null, sampledMs: 1000, sampledBusyMs: 900, samples: 900, askedIntervalUs: 1000, workers: [] } });
    const A = withShare(round({ profile: null, load: load(1969), meta: { id: 'A' } }), 0.9);
    const B = withShare(round({ profile: null, load: load(144), meta: { id: 'B' } }), 0.1);
    const starved = buildComparison([A], [B]);
    expect(starved.load!.rps).toMatchObject({ basis: 'single', significant: null });
    expect(starved.howSure.summary).toMatch(/One run's main thread had a core for 9\.0× less of its busy time than the other's \(the machine made it wait\): requests\/s and latency are judged against a bar 9\.0× higher\.$/);
    // The same two runs with a core alike: 13.6× is past the 8× bar.
    const alike = buildComparison([withShare(A, 0.5)], [withShare(B, 0.5)]);
    expect(alike.load!.rps).toMatchObject({ basis: 'machine', significant: true });
    // A change far beyond even the raised bar is still said, with the allowance in its words.
    const slow = withShare(round({ profile: null, load: load(12), meta: { id: 'S' } }), 0.45);
    expect(surenessWords(buildComparison([withShare(A, 0.9)], [slow]).load!.rps)).toBe('real: 164× apart, far more than the 2.0× two runs of the same code can differ by on a busy machine, even allowing 2.0× for one run having a core for less of its busy time');
    expect(farBeyondRatio({ spreadPercent: 100, from: 'default', seenPercent: null, cpuShareRatio: 2 })).toBe(16);
  });

  it('says a ratio that rounds to 10 as "10×", never "10.0×", and a large one in the one number style', () => {
    expect(timesText(1, 9.96)).toBe('10×');
    expect(timesText(1, 9.94)).toBe('9.9×');
    expect(timesText(1, 1249)).toBe('1 249×');
  });
});
