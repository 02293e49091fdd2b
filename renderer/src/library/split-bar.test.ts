import { describe, expect, it } from 'vitest';
import { splitSegments, splitSummary, whyNoSplit } from './split-bar.ts';

const split = { yourCode: 40, dependencies: 10, node: 20, gc: 5, idle: 25, other: 0 };

describe('CPU split bar', () => {
  it('lays the parts side by side, idle last, empty parts left out', () => {
    const segs = splitSegments(split, 200);
    expect(segs.map((s) => `${s.key} ${s.x}+${s.width}`)).toEqual([
      'yourCode 0+80', 'dependencies 80+20', 'node 100+40', 'gc 140+10', 'idle 150+50',
    ]);
  });

  it('fills the bar exactly even when the percentages do not add up to 100', () => {
    const segs = splitSegments({ yourCode: 33.4, dependencies: 0, node: 33.4, gc: 0, idle: 33.4, other: 0 });
    const last = segs[segs.length - 1];
    expect(last.x + last.width).toBeCloseTo(100, 10);
    expect(segs[0].percent).toBe(33.4);
  });

  it('draws nothing without a profile, or for nonsense numbers', () => {
    expect(splitSegments(null)).toEqual([]);
    expect(splitSegments({ yourCode: 0, dependencies: 0, node: 0, gc: 0, idle: 0, other: 0 })).toEqual([]);
    expect(splitSegments({ yourCode: Number.NaN, dependencies: -5, node: 10, gc: 0, idle: 0, other: 0 }).map((s) => s.key)).toEqual(['node']);
  });

  it('says the split in words', () => {
    expect(splitSummary(split)).toBe('Your code 40.0%, Dependencies 10.0%, Node internals 20.0%, Garbage collection 5.0%, Idle 25.0%');
    expect(splitSummary(null)).toBe('No CPU profile');
  });

  it('a profile whose samples carry no time is not called "no profile" (issue 9 item 18)', () => {
    const zeros = { yourCode: 0, dependencies: 0, node: 0, gc: 0, idle: 0, other: 0 };
    expect(splitSummary(zeros)).toBe('No time to split: every sample of this profile is at the same instant.');
    expect(whyNoSplit(zeros, true)).toBe('No time to split: every sample of this profile is at the same instant.');
    expect(whyNoSplit(null, true)).toMatch(/could not be worked out/);
    expect(whyNoSplit(null, false)).toMatch(/load-only run/);
    expect(whyNoSplit(split, true)).toBeNull();
  });
});
