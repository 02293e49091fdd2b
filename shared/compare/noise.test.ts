// One run each: the noise learned from repeated recordings in the library,
// validated by simulation on data with known answers (seeded).
import { describe, expect, it } from 'vitest';
import { normalRandom, seededRandom } from '../stats/index.ts';
import { buildComparison } from './compare.ts';
import { estimateNoise, settingsKey, singleRunInterval, type NoiseRun } from './noise.ts';
import { meta, round, syntheticLoad } from './test-support/rounds.ts';
import type { RunMeta } from './types.ts';
import { runMetaOf } from './round.ts';
import type { RecordingMeta } from '../api.ts';

/** A run of `m`'s settings whose req/s is level × exp(σ·N(0,1)). */
function runs(draw: () => number, m: RunMeta, level: number, sigma: number, count: number, prefix: string): NoiseRun[] {
  return Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i}`, meta: { ...m, id: `${prefix}${i}` }, values: { rps: level * Math.exp(sigma * draw()) } }));
}

/** 500 comparisons of one run each with `repeats` more runs of each setting in the library. */
function simulate(seed: number, o: { sigma: number; shift: number; repeats: number; sameSettings: boolean }) {
  const draw = normalRandom(seededRandom(seed));
  const ma = meta({ url: 'http://127.0.0.1:3000/hello' });
  const mb = o.sameSettings ? ma : meta({ url: 'http://127.0.0.1:3000/log' });
  let significant = 0;
  let holdsTruth = 0;
  const truth = (o.shift - 1) * 100;
  for (let t = 0; t < 500; t++) {
    const [a] = runs(draw, { ...ma, id: 'A' }, 1000, o.sigma, 1, 'A');
    const [b] = runs(draw, { ...mb, id: 'B' }, 1000 * o.shift, o.sigma, 1, 'B');
    const library = [a, b, ...runs(draw, ma, 1000, o.sigma, o.repeats, 'ra'), ...(o.sameSettings ? [] : runs(draw, mb, 1000 * o.shift, o.sigma, o.repeats, 'rb'))];
    const ci = singleRunInterval(a.values.rps!, b.values.rps!, estimateNoise(library, a.meta, b.meta).metrics.rps);
    if (!ci) continue;
    if (!(ci[0] <= 0 && ci[1] >= 0)) significant++;
    if (ci[0] <= truth && truth <= ci[1]) holdsTruth++;
  }
  return { significant, holdsTruth };
}

describe('noise from repeated recordings', () => {
  it('calls an unchanged pair different in at most 10% of 500 simulated comparisons (0 inside the interval ≥ 90%)', () => {
    // A and B are the same code and settings; 3 more runs of it in the library, 10% run-to-run noise.
    const r = simulate(11, { sigma: 0.1, shift: 1, repeats: 3, sameSettings: true });
    expect(r.significant).toBeLessThanOrEqual(50);
    expect(r.holdsTruth).toBeGreaterThanOrEqual(450);
    // Even with 40% noise, as seen on a busy shared machine.
    expect(simulate(12, { sigma: 0.4, shift: 1, repeats: 2, sameSettings: true }).significant).toBeLessThanOrEqual(50);
  });

  it('detects a 40% drop (console.log on /log against /hello) at 5% noise with two repeats of each route', () => {
    const r = simulate(13, { sigma: 0.05, shift: 0.6, repeats: 2, sameSettings: false });
    expect(r.significant).toBeGreaterThanOrEqual(400);
    expect(r.holdsTruth).toBeGreaterThanOrEqual(450);
  });

  it('says nothing without enough repeats', () => {
    const a = { id: 'A', meta: meta({ id: 'A' }), values: { rps: 1000 } };
    const b = { id: 'B', meta: meta({ id: 'B', url: 'http://127.0.0.1:3000/log' }), values: { rps: 500 } };
    const noise = estimateNoise([a, b, { ...a, id: 'A2', values: { rps: 1010 } }], a.meta, b.meta);
    expect(noise.metrics.rps).toMatchObject({ df: 1 });
    expect(singleRunInterval(1000, 500, noise.metrics.rps)).toBeNull();
  });

  it('groups only recordings Flambé loaded with the same settings (imported profiles have none)', () => {
    expect(settingsKey(meta({ source: 'imported' }))).toBeNull();
    expect(settingsKey(meta({ connections: 10 }))).not.toBe(settingsKey(meta({ connections: 11 })));
    expect(settingsKey(meta({ id: 'x', name: 'y', createdAt: null }))).toBe(settingsKey(meta()));
  });

  it('turns a comparison of one run each from "repeat both to know" into an answer', () => {
    const load = (rps: number) => syntheticLoad({ requests: rps * 10, rps, p99: 5 });
    const A = round({ profile: null, load: load(1000), meta: { id: 'A' } });
    const B = round({ profile: null, load: load(500), meta: { id: 'B', url: 'http://127.0.0.1:3000/log' } });
    expect(buildComparison([A], [B]).load!.rps).toMatchObject({ basis: 'single', significant: null });
    const library: NoiseRun[] = [
      ...[1000, 980, 1030].map((rps, i) => ({ id: `a${i}`, meta: A.meta, values: { rps } })),
      ...[500, 490, 515].map((rps, i) => ({ id: `b${i}`, meta: B.meta, values: { rps } })),
    ];
    const c = buildComparison([A], [B], { noise: estimateNoise(library, A.meta, B.meta) });
    expect(c.load!.rps).toMatchObject({ basis: 'repeats', significant: true });
    expect(c.howSure).toMatchObject({ basis: 'repeats', repeats: 6 });
    expect(c.verdict).toMatch(/^B serves 50% fewer requests per second than A \(p99 the same\) \(95% interval −\d+% to −\d+%, from the noise of repeated recordings\)\./);
    // The library's runs did not say their p99: no noise known for it, so no claim.
    expect(c.load!.p99Ms).toMatchObject({ basis: 'single', significant: null });
  });

  it('counts as repeats only recordings with the same environment: LOG=1 and LOG=0 are two settings, not noise', () => {
    /** A recording of server.js with `env`, as the library keeps it (metadata only). */
    const recording = (id: string, env: Record<string, string>, rps: number) => ({
      id, name: id, createdAt: '2026-11-27T10:00:00Z', hasProfile: false,
      settings: { load: { url: 'http://127.0.0.1:41000/', method: 'GET', headers: {}, connections: 4, durationSec: 5, timeoutSec: 10 }, samplingIntervalUs: 1000 },
      target: { kind: 'launched', label: 'server.js', pid: 1, nodeVersion: 'v24.1.0', argv: ['node', 'server.js'], env, args: [] },
      machine: { cpuModel: 'x', cores: 2 },
      load: syntheticLoad({ requests: rps * 5, rps, p99: 5 }),
    }) as unknown as RecordingMeta;
    const on = [1000, 960, 1050].map((rps, i) => recording(`on${i}`, { LOG: '1' }, rps));
    const off = [2200, 2150, 2260].map((rps, i) => recording(`off${i}`, { LOG: '0' }, rps));
    expect(settingsKey(runMetaOf(on[0]))).not.toBe(settingsKey(runMetaOf(off[0])));
    expect(settingsKey(runMetaOf(on[0]))).toBe(settingsKey(runMetaOf(on[1])));
    const library: NoiseRun[] = [...on, ...off].map((r) => ({ id: r.id, meta: runMetaOf(r), values: { rps: r.load!.rps } }));
    const noise = estimateNoise(library, runMetaOf(on[0]), runMetaOf(off[0]));
    expect(noise).toMatchObject({ runs: 6, groups: 2 });
    const A = round({ profile: null, load: on[0].load, meta: runMetaOf(on[0]) });
    const B = round({ profile: null, load: off[0].load, meta: runMetaOf(off[0]) });
    const c = buildComparison([A], [B], { noise });
    // 2.2×, told apart from the ±4% that runs of one setting differ by (before, one mixed group said −59% to +1089%).
    expect(c.load!.rps).toMatchObject({ basis: 'repeats', significant: true });
    expect(c.load!.rps.ci95![0]).toBeGreaterThan(50);
  });
});
