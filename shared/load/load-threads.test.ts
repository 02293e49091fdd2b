import { describe, expect, it } from 'vitest';
import { loadThreadCount, splitEvenly } from './load-threads.ts';

describe('loadThreadCount', () => {
  it('keeps one load thread on 1 or 2 cores: the server needs the other core', () => {
    expect(loadThreadCount({ cores: 1, connections: 50 })).toBe(1);
    expect(loadThreadCount({ cores: 2, connections: 50 })).toBe(1);
  });
  it('gives the generator up to half the cores, at most 4, never more than the connections', () => {
    expect(loadThreadCount({ cores: 4, connections: 50 })).toBe(2);
    expect(loadThreadCount({ cores: 8, connections: 50 })).toBe(4);
    expect(loadThreadCount({ cores: 64, connections: 50 })).toBe(4);
    expect(loadThreadCount({ cores: 8, connections: 3 })).toBe(3);
    expect(loadThreadCount({ cores: 8, connections: 1 })).toBe(1);
  });
  it('does what was asked, within the connections', () => {
    expect(loadThreadCount({ cores: 2, connections: 10, asked: 2 })).toBe(2);
    expect(loadThreadCount({ cores: 16, connections: 10, asked: 1 })).toBe(1);
    expect(loadThreadCount({ cores: 2, connections: 2, asked: 8 })).toBe(2);
  });
});

describe('splitEvenly', () => {
  it('splits into whole numbers that add up and differ by at most one', () => {
    expect(splitEvenly(10, 3)).toEqual([4, 3, 3]);
    expect(splitEvenly(9, 3)).toEqual([3, 3, 3]);
    expect(splitEvenly(1, 2)).toEqual([1, 0]);
    for (let total = 0; total < 50; total++) {
      for (let parts = 1; parts < 6; parts++) {
        const s = splitEvenly(total, parts);
        expect(s.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.max(...s) - Math.min(...s)).toBeLessThanOrEqual(1);
      }
    }
  });
});
