// The real file, as text through Vite's `?raw` (shared/ may not use node:fs, even in tests).
import text from '../../test/fixtures/profiles/node24-heap-prof.heapprofile?raw';
import { describe, expect, it } from 'vitest';
import { bottomUp } from '../profile/views/bottom-up.ts';
import { EXTRA_KEYS } from '../recording/profile-extras.ts';
import { allocationTable } from './allocations.ts';
import { allocationsIn, exportHeapProfile, heapProfileAsModel, isHeapProfile, readHeapProfile, withScriptUrls } from './heap-profile.ts';


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

describe('withScriptUrls', () => {
  it("names an evaluated script's frames as the CPU profile does (the heap profiler leaves a sourceURL's out)", () => {
    const frame = (functionName: string, scriptId: string, url = '') => ({ functionName, scriptId, url, lineNumber: 1, columnNumber: 1 });
    const heap = { head: { callFrame: frame('(root)', '0'), selfSize: 0, id: 1, children: [
      { callFrame: frame('take', '137'), selfSize: 5, id: 2, children: [] },
      { callFrame: frame('handle', '40', 'file:///srv/app.js'), selfSize: 7, id: 3, children: [] },
    ] }, samples: [] };
    const cpu = { nodes: [{ id: 1, callFrame: frame('switchTo', '137', 'flambe-request-collector.js') }] };
    const named = withScriptUrls(heap, cpu);
    expect(named.head.children.map((c) => c.callFrame.url)).toEqual(['flambe-request-collector.js', 'file:///srv/app.js']);
    expect(heap.head.children[0].callFrame.url).toBe(''); // the input is not changed
  });
});
