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

  it('refuses unpaired input', () => {
    expect(() => comparePaired([1, 2], [1])).toThrow(/as many values/);
  });
});
