import { describe, expect, it } from 'vitest';
import { axisMs, curvePath, niceMax, nineX } from './percentile-plot.ts';

describe('percentile plot geometry', () => {
  it('puts 90, 99, 99.9 % equally apart', () => {
    expect(nineX(0)).toBe(0);
    expect(nineX(90)).toBeCloseTo(0.2, 6);
    expect(nineX(99)).toBeCloseTo(0.4, 6);
    expect(nineX(99.9)).toBeCloseTo(0.6, 6);
    expect(nineX(100)).toBe(1);
  });
  it('rounds the scale up to 1, 2 or 5 × 10^k', () => {
    expect(niceMax(3.2)).toBe(5);
    expect(niceMax(0.07)).toBeCloseTo(0.1, 9);
    expect(niceMax(120)).toBe(200);
    expect(niceMax(0)).toBe(1);
  });
  it('labels the axis briefly', () => {
    expect([0, 0.05, 250, 1500].map(axisMs)).toEqual(['0', '0.05 ms', '250 ms', '1.5 s']);
  });
  it('draws from the bottom left', () => {
    expect(curvePath([{ percentile: 0, ms: 0 }, { percentile: 90, ms: 5 }], 100, 50, 10)).toBe('M0.0,50.0L20.0,25.0');
  });
});
