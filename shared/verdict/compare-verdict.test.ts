// The comparison's sentence about the kind of work that changed (issue 38's walk: "B spends 0.00 ms" for work B's
// profile does not have at all read as a measured trace).
import { describe, expect, it } from 'vitest';
import { verdictOf } from './compare-verdict.ts';
import type { BucketChange, Comparison } from '../compare/types.ts';

const bucket = (a: number, b: number): BucketChange => ({
  id: 'json', name: 'JSON', aPercent: a ? 60 : 0, bPercent: b ? 60 : 0, deltaPercent: b ? 60 : -60, aMsPer1k: a, bMsPer1k: b, deltaMsPer1k: b - a,
  relativeCi95: null, significant: null, where: { side: a ? 'a' : 'b', name: 'jsonRoute', location: 'server.js:37', lineText: null },
});
// Only what the sentence about a kind of work reads: per-request figures, no load or allocations.
const parts = (b: BucketChange) => ({ load: null, perRequest: true, cpuTime: true, cpuMsPer1kRequests: null, buckets: [b], functions: [], allocations: null, howSure: { basis: 'none' } }) as unknown as Omit<Comparison, 'verdict'>;

describe('the sentence about the work that changed', () => {
  it('says "none" for the side whose profile has none of it, and the ms of the side that has it', () => {
    expect(verdictOf(parts(bucket(2508, 0)))).toBe('The difference is JSON: A spent 2 508 ms of CPU per 1 000 requests on it in jsonRoute, server.js:37; B spends none.');
    expect(verdictOf(parts(bucket(0, 2508)))).toBe('The difference is JSON: B spends 2 508 ms of CPU per 1 000 requests on it in jsonRoute, server.js:37 (A: none).');
    expect(verdictOf(parts(bucket(2508, 0.4)))).toMatch(/; B spends 0\.40 ms\.$/);
  });
});
