// The real file, as text through Vite's `?raw` (shared/ may not use node:fs, even in tests).
import heapProfText from '../../test/fixtures/profiles/node24-heap-prof.heapprofile?raw';
import { describe, expect, it } from 'vitest';
import { heapProfileSchema, type HeapProfile, type HeapProfileNode } from '../recording/memory.ts';
import { allocationTable, topAllocator } from './allocations.ts';

const fixture = () => heapProfileSchema.parse(JSON.parse(heapProfText));

let nextId = 1;
/** A node of a heap profile: name, script and 0-based line as V8 writes them. */
function node(functionName: string, url: string, lineNumber: number, selfSize: number, children: HeapProfileNode[] = []): HeapProfileNode {
  return { callFrame: { functionName, scriptId: '1', url, lineNumber, columnNumber: 0 }, selfSize, id: nextId++, children };
}

describe('allocationTable', () => {
  const profile: HeapProfile = {
    head: node('(root)', '', -1, 0, [
      node('handle', 'file:///srv/app.js', 10, 1000, [
        node('buildRows', 'file:///srv/report.js', 22, 9000),
        node('', 'file:///srv/app.js', 40, 500),
      ]),
      node('stringify', 'file:///srv/node_modules/fast-json/index.js', 3, 2000),
      node('buildRows', 'file:///srv/report.js', 22, 1000),
      node('Readable', 'node:internal/streams/readable', 100, 6500),
    ]),
  };

  it('lists functions by the bytes they allocated themselves, per request too, merging their call paths', () => {
    const t = allocationTable(profile, 1000);
    expect(t.bytes).toBe(20_000);
    expect(t.rows.map((r) => `${r.function} ${r.line} ${r.category} ${r.bytes} ${r.bytesPerRequest} ${r.percent}`)).toEqual([
      'buildRows 23 user 10000 10 50',
      'Readable 101 node 6500 6.5 32.5',
      'stringify 4 dependency 2000 2 10',
      'handle 11 user 1000 1 5',
      '(anonymous) 41 user 500 0.5 2.5',
    ]);
  });

  it("leaves background work out of every per-request figure: an anonymous interval's hashing is no request's", () => {
    // A Fastify app's interval (anonymous, named by its place) hashes with Node's crypto; a route handles requests.
    const withTimer: HeapProfile = {
      head: node('(root)', '', -1, 0, [
        node('listOnTimeout', 'node:internal/timers', 580, 0, [
          node('', 'file:///srv/shop.mjs', 7, 1000, [node('digest', 'node:internal/crypto/hash', 163, 40_000)]),
        ]),
        node('handle', 'file:///srv/shop.mjs', 20, 2000, [node('digest', 'node:internal/crypto/hash', 163, 1000)]),
      ]),
    };
    const background = { percent: 5, cpuMs: 30, functions: [{ function: '(anonymous)', url: 'file:///srv/shop.mjs', line: 8, percent: 5, source: 'interval' as const, everyMs: 200 }] };
    const t = allocationTable(withTimer, 100, background);
    expect(t.bytes).toBe(44_000);
    expect(t.backgroundBytes).toBe(41_000);
    expect(t.bytesPerRequest).toBe(30); // handle's 2 000 and the 1 000 it hashed, over 100 requests
    expect(t.rows.map((r) => `${r.function} ${r.bytes} ${r.bytesPerRequest} ${r.backgroundBytes}`)).toEqual([
      'digest 41000 10 40000',
      'handle 2000 20 0',
      '(anonymous) 1000 null 1000',
    ]);
    // Without it (an older recording), every byte is per request, as before.
    expect(allocationTable(withTimer, 100).bytesPerRequest).toBe(440);
    // Who allocates most for the requests: the handler, not the interval (a GC sentence named it, "16 kB per request").
    expect(topAllocator(t)?.function).toBe('handle');
  });

  it("puts Flambé's collector's allocations, with what it calls, in one row of no per-request figure", () => {
    const withCollector: HeapProfile = {
      head: node('(root)', '', -1, 0, [
        node('after', 'flambe-request-collector.js', 180, 3000, [node('threadCpuUsage', 'node:internal/process/per_thread', 166, 1000)]),
        node('handle', 'file:///srv/app.js', 10, 2000),
      ]),
    };
    const t = allocationTable(withCollector, 100);
    expect(t.rows.map((r) => `${r.function} ${r.bytes} ${r.bytesPerRequest}`)).toEqual(["(Flambé's own work) 4000 null", 'handle 2000 20']);
    expect(t.bytesPerRequest).toBe(20);
  });

  it('names the function of yours that allocates most, not Node internals', () => {
    expect(topAllocator(allocationTable(profile, null))?.function).toBe('buildRows');
  });

  it('has no per-request figures without requests', () => {
    const t = allocationTable(profile, null);
    expect(t.bytesPerRequest).toBeNull();
    expect(t.rows[0].bytesPerRequest).toBeNull();
  });

  it('reads a real node --heap-prof file: buildRows kept 2 000 arrays of 1 000 numbers, ~16 MB', () => {
    const t = allocationTable(fixture(), null);
    const top = t.rows[0];
    expect(top.function).toBe('buildRows');
    expect(top.line).toBe(3);
    // Each array: a 16-byte header and 1 000 8-byte elements in its backing store, plus the 32-byte JSArray.
    const expected = 2000 * (16 + 8 * 1000 + 32);
    expect(Math.abs(top.bytes / expected - 1)).toBeLessThan(0.2);
  });
});
