// The real file, as text through Vite's `?raw` (shared/ may not use node:fs, even in tests).
import text from '../../test/fixtures/profiles/node24-heap-prof.heapprofile?raw';
import { describe, expect, it } from 'vitest';
import { bottomUp } from '../profile/views/bottom-up.ts';
import { EXTRA_KEYS } from '../recording/profile-extras.ts';
import { allocationTable } from './allocations.ts';
import { allocationsIn, exportHeapProfile, heapProfileAsModel, isHeapProfile, readHeapProfile } from './heap-profile.ts';


describe('.heapprofile', () => {
  it('reads a real node --heap-prof file, and writes it back as the same profile', () => {
    const p = readHeapProfile(JSON.parse(text), 'Heap.heapprofile');
    expect(readHeapProfile(JSON.parse(exportHeapProfile(p)))).toEqual(p);
  });

  it('is the canonical model with bytes as weights: the CPU views read it unchanged', () => {
    const p = readHeapProfile(JSON.parse(text));
    const model = heapProfileAsModel(p);
    expect(model.durationMs).toBe(allocationTable(p, null).bytes);
    const top = bottomUp(model, { by: 'function' })[0];
    expect(top.name).toBe('buildRows');
    expect(top.selfMs).toBe(allocationTable(p, null).rows[0].bytes);
    // Parents before children, every sample off the root.
    for (let i = 1; i < model.nodeParent.length; i++) expect(model.nodeParent[i]).toBeLessThan(i);
    expect([...model.samples].every((n) => n > 0)).toBe(true);
  });

  it('finds the allocations inside a Flambé recording\'s profile, or says there are none', () => {
    const p = readHeapProfile(JSON.parse(text));
    expect(allocationsIn({ nodes: [], startTime: 0, endTime: 1, [EXTRA_KEYS.allocations]: p })).toEqual(p);
    expect(() => allocationsIn({ nodes: [], startTime: 0, endTime: 1 })).toThrow(/^This recording has no allocation profile/);
  });

  it('refuses what is not one in one sentence', () => {
    expect(isHeapProfile({ nodes: [] })).toBe(false);
    expect(() => readHeapProfile({ nodes: [] }, 'x.heapprofile')).toThrow('x.heapprofile is not an allocation profile (.heapprofile): it has no "head" node with a callFrame and a selfSize.');
    expect(() => readHeapProfile({ head: { callFrame: {}, selfSize: 'big' } }, 'x.heapprofile')).toThrow(/^x\.heapprofile is a damaged allocation profile: head\.callFrame\.functionName/);
  });
});
