import { describe, expect, it } from 'vitest';
import { studentTCdf, studentTQuantile } from './student-t.ts';

describe('Student t', () => {
  it('gives the textbook 97.5% quantiles, including the small df of 2–3 rounds a side', () => {
    // Values from any t table (R: qt(0.975, df)).
    const table: [number, number][] = [[1, 12.7062], [2, 4.3027], [3, 3.1824], [4, 2.7764], [5, 2.5706], [10, 2.2281], [30, 2.0423], [1000, 1.9623]];
    for (const [df, q] of table) expect(studentTQuantile(0.975, df)).toBeCloseTo(q, 3);
  });

  it('handles the fractional degrees of freedom Welch produces, between the integer neighbours', () => {
    const q = studentTQuantile(0.975, 2.5);
    expect(q).toBeLessThan(studentTQuantile(0.975, 2));
    expect(q).toBeGreaterThan(studentTQuantile(0.975, 3));
    expect(studentTCdf(q, 2.5)).toBeCloseTo(0.975, 10);
  });

  it('is symmetric and inverts its CDF', () => {
    expect(studentTQuantile(0.5, 3)).toBe(0);
    expect(studentTQuantile(0.025, 7)).toBeCloseTo(-studentTQuantile(0.975, 7), 10);
    for (const p of [0.6, 0.9, 0.995]) expect(studentTCdf(studentTQuantile(p, 3.3), 3.3)).toBeCloseTo(p, 9);
    expect(studentTCdf(0, 4)).toBeCloseTo(0.5, 12);
  });

  it('refuses impossible inputs', () => {
    expect(() => studentTQuantile(1, 3)).toThrow(RangeError);
    expect(() => studentTQuantile(0.9, 0)).toThrow(RangeError);
  });
});
