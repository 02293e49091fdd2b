import { describe, expect, it } from 'vitest';
import { comparePaired } from './paired.ts';
import { benjaminiHochberg, effectiveAlpha, holm } from './multiplicity.ts';
import { intervalAt, judge } from './judge.ts';

describe('the corrections for many measures', () => {
  it('Holm multiplies the smallest p by m, the next by m − 1, and never lets an adjusted p fall', () => {
    expect(holm([0.01, 0.04, 0.03, 0.5])).toEqual([0.04, 0.09, 0.09, 0.5]);
    expect(holm([0.2, 0.9])).toEqual([0.4, 0.9]);
  });

  it('Benjamini–Hochberg scales the k-th smallest p by m / k, from the largest down', () => {
    const adj = benjaminiHochberg([0.01, 0.04, 0.03, 0.5]);
    expect(adj.map((x) => Number(x.toFixed(4)))).toEqual([0.04, 0.0533, 0.0533, 0.5]);
  });

  it('widens the interval to the confidence that matches the corrected test', () => {
    // Five pairs of a clear 10% change.
    const d = comparePaired([100, 100, 100, 100, 100], [109, 111, 110, 108, 112]);
    const t = d.test!;
    const adjusted = holm([t.pValue, 0.5, 0.5, 0.5])[0];
    const alpha = effectiveAlpha(t.pValue, adjusted, 0.05, 4);
    expect(alpha).toBeCloseTo(0.05 / 4, 10);
    const wide = intervalAt(t, 1 - alpha)!;
    expect(wide[0]).toBeLessThan(d.ci95![0]);
    expect(wide[1]).toBeGreaterThan(d.ci95![1]);
    expect(judge(t, alpha, 3)).toMatchObject({ significant: true, negligible: false, pairsAgree: true });
  });
});

describe('judging one measure', () => {
  it('calls a change real only when most pairs moved the same way', () => {
    // The mean says +25%, but two of four pairs went down: one burst pulled it.
    const d = comparePaired([100, 100, 100, 100], [99, 98, 300, 150]);
    expect(d.test!.agree).toBe(2);
    expect(judge({ ...d.test!, pValue: 0.001, se: 0.01 }, 0.05, 3)).toMatchObject({ significant: false, pairsAgree: false });
  });

  it('says "no meaningful difference" for a real change below the smallest worth reporting, and for an interval within it', () => {
    const tiny = comparePaired([100, 100, 100, 100, 100], [101, 101.1, 100.9, 101, 101.05]);
    expect(tiny.significant).toBe(true);
    expect(judge(tiny.test!, 0.05, 3)).toMatchObject({ significant: false, negligible: true });
    const narrow = comparePaired([100, 100, 100, 100, 100], [100.5, 99.6, 100.2, 99.8, 100.1]);
    expect(judge(narrow.test!, 0.05, 3)).toMatchObject({ significant: false, negligible: true });
    const wide = comparePaired([100, 100, 100], [130, 80, 110]);
    expect(judge(wide.test!, 0.05, 3)).toMatchObject({ significant: false, negligible: false });
  });
});
