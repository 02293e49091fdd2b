import { describe, expect, it } from 'vitest';
import type { HeapProfile, HeapProfileNode } from '../recording/memory.ts';
import { compareAllocations } from './compare-allocations.ts';

let id = 1;
const node = (functionName: string, lineNumber: number, selfSize: number, children: HeapProfileNode[] = []): HeapProfileNode =>
  ({ callFrame: { functionName, scriptId: '1', url: '/srv/report.js', lineNumber, columnNumber: 0 }, selfSize, id: id++, children });
const profile = (rows: number, header: number): HeapProfile => ({ head: node('(root)', -1, 0, [node('handle', 9, header, [node('buildRows', 22, rows)])]) });

describe('compareAllocations', () => {
  it('says how many bytes per request each side allocated, and which function changed most', () => {
    const c = compareAllocations({ heap: profile(9_600_000, 400_000), requests: 1 }, { heap: profile(1_200_000, 400_000), requests: 1 })!;
    expect(c.aBytesPerRequest).toBe(10_000_000);
    expect(c.bBytesPerRequest).toBe(1_600_000);
    expect(c.deltaPercent).toBeCloseTo(-84, 5);
    expect(c.functions.map((f) => `${f.function} ${f.deltaBytesPerRequest}`)).toEqual(['buildRows -8400000', 'handle 0']);
  });

  it('divides each side by its own requests', () => {
    const c = compareAllocations({ heap: profile(1000, 0), requests: 10 }, { heap: profile(4000, 0), requests: 40 })!;
    expect(c.deltaPercent).toBe(0);
  });

  it('is null when a side has no allocation profile or no requests', () => {
    expect(compareAllocations({ heap: null, requests: 1 }, { heap: profile(1, 1), requests: 1 })).toBeNull();
    expect(compareAllocations({ heap: profile(1, 1), requests: null }, { heap: profile(1, 1), requests: 1 })).toBeNull();
  });
});
