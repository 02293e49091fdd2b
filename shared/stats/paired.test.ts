import { describe, expect, it } from 'vitest';
import { comparePaired } from './paired.ts';
import { studentTQuantile } from './student-t.ts';

describe('comparePaired (t interval on the per-pair log-ratios)', () => {
  it('cancels what hits both rounds of a pair: a level that wanders 10× still shows a steady 2× change', () => {
    const a = [100, 1000, 300, 50];
    const b = [210, 1900, 610, 98];
    const d = comparePaired(a, b);
    expect(d.significant).toBe(true);
    expect(d.deltaPercent).toBeGreaterThan(90);
    expect(d.ci95![0]).toBeGreaterThan(80);
    expect(d.ci95![1]).toBeLessThan(115);
    expect(d.ci95![0]).toBeLessThan(d.deltaPercent);
    expect(d.deltaPercent).toBeLessThan(d.ci95![1]);
  });

  it('computes the interval by hand: mean ± t(0.975, n − 1)·sd/√n of ln(B/A)', () => {
    const a = [100, 100, 100];
    const b = [110, 120, 130];
    const d = [Math.log(1.1), Math.log(1.2), Math.log(1.3)];
    const m = (d[0] + d[1] + d[2]) / 3;
    const sd = Math.sqrt(d.reduce((s, x) => s + (x - m) ** 2, 0) / 2);
    const half = studentTQuantile(0.975, 2) * sd / Math.sqrt(3);
    const r = comparePaired(a, b);
    expect(r.ci95![0]).toBeCloseTo((Math.exp(m - half) - 1) * 100, 9);
    expect(r.ci95![1]).toBeCloseTo((Math.exp(m + half) - 1) * 100, 9);
    expect(r.deltaPercent).toBeCloseTo((Math.exp(m) - 1) * 100, 9);
  });

  it('says "no clear difference" when the pairs disagree, and nothing from one pair', () => {
    expect(comparePaired([100, 100, 100], [130, 80, 110]).significant).toBe(false);
    expect(comparePaired([100], [200])).toMatchObject({ ci95: null, significant: null, deltaPercent: 100 });
  });

  it('compares values that can be 0 as raw differences', () => {
    const d = comparePaired([30, 60, 45], [0, 0, 0.5]);
    expect(d.significant).toBe(true);
    expect(d.ci95![1]).toBeLessThan(0);
    expect(comparePaired([0, 0], [0, 0])).toMatchObject({ deltaPercent: 0, significant: false });
  });

  it('pools a spread known apart from the pairs with theirs: three pairs that agree by luck are not taken for precision', () => {
    // The A/A experiment beside a CPU hog: three pairs within a point of +7.7%.
    const a = [287, 290, 284];
    const b = [309, 312.5, 306];
    const prior = { sd: 0.061, df: 4 };
    // Alone they pass Holm's first step among ten headline measures (p < 0.005); pooled, not among five (p > 0.01).
    expect(comparePaired(a, b).test!.pValue).toBeLessThan(0.005);
    const pooled = comparePaired(a, b, { prior });
    expect(pooled.test!.pValue).toBeGreaterThan(0.01);
    expect(pooled.test).toMatchObject({ df: 6 });
    // By hand: (df·sd² + (n − 1)·s²) / (df + n − 1) on df + n − 1 degrees of freedom.
    const d = a.map((x, i) => Math.log(b[i] / x));
    const m = (d[0] + d[1] + d[2]) / 3;
    const s2 = d.reduce((t, x) => t + (x - m) ** 2, 0) / 2;
    const half = studentTQuantile(0.975, 6) * Math.sqrt((4 * 0.061 ** 2 + 2 * s2) / 6 / 3);
    expect(pooled.ci95![0]).toBeCloseTo((Math.exp(m - half) - 1) * 100, 9);
    // A change far beyond that spread stays real; pairs that spread wider than the prior keep their own spread.
    expect(comparePaired(a, [400, 390, 410], { prior }).significant).toBe(true);
    const wide = comparePaired([100, 100, 100], [150, 100, 200], { prior });
    expect(wide.test!.se).toBeGreaterThan(prior.sd / Math.sqrt(3));
  });

  it('refuses unpaired input', () => {
    expect(() => comparePaired([1, 2], [1])).toThrow(/as many values/);
  });
});
