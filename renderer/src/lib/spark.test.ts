import { describe, expect, it } from 'vitest';
import { bars, linePath, valueScale } from './spark.ts';

describe('sparkline geometry', () => {
  it('scales from zero to the largest value', () => {
    expect(valueScale([3, 9, 6])).toEqual({ min: 0, max: 9 });
    expect(valueScale([])).toEqual({ min: 0, max: 1 });
    expect(valueScale([0, 0])).toEqual({ min: 0, max: 1 });
    expect(valueScale([5, 7], { zeroBased: false })).toEqual({ min: 5, max: 7 });
  });
  it('draws a line across the width with y flipped', () => {
    expect(linePath([0, 10], 100, 20, { min: 0, max: 10 }, 0)).toBe('M0.0 20.0 L100.0 0.0');
    expect(linePath([5], 100, 20, { min: 0, max: 10 }, 0)).toBe('M0 10.0 L100 10.0');
    expect(linePath([], 100, 20, { min: 0, max: 10 })).toBe('');
  });
  it('draws bars from the bottom', () => {
    expect(bars([10, 5], 20, 10, { min: 0, max: 10 })).toEqual([
      { x: 0, y: 0, w: 9, h: 10 },
      { x: 10, y: 5, w: 9, h: 5 },
    ]);
  });
});
