// Memory through the CLI, on real servers (test/fixtures/memory-servers):
// which functions allocate and how much per request, and whether memory
// grows — Buffers kept, JS objects kept, and a steady server that must not
// raise a false alarm.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { repo, runFlambe } from '../helpers/demo.ts';

const server = (name: string) => path.join(repo, 'test/fixtures/memory-servers', name);

async function record(script: string, seconds: number) {
  const r = await runFlambe(['record', '--launch', server(script), '-d', String(seconds), '-c', '4', '--warmup', '1', '--json']);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

describe('flambe record: memory', () => {
  it('names the allocating route first, with its bytes per request within 20 % of what it builds', async () => {
    const o = await record('report.js', 4);
    const fns = o.memory.allocations.functions as { function: string; url: string; bytesPerRequest: number }[];
    expect(fns[0].url).toMatch(/report\.js$/);
    // V8 counts what an inlined function allocates to the function it was inlined into:
    // buildRows and the handler that calls it share the 1 000 × (32 + 16 + 8 000) bytes.
    const built = fns.filter((f) => f.url.endsWith('report.js')).reduce((s, f) => s + f.bytesPerRequest, 0);
    expect(Math.abs(built / (1000 * (32 + 16 + 8000)) - 1)).toBeLessThan(0.2);
    expect(o.process.heapUsedMb).toEqual({ min: expect.any(Number), mean: expect.any(Number), max: expect.any(Number) });
    // Garbage, not growth (the growth may also be unjudged: a blocked loop answers few process samples).
    expect(o.memory.growth?.grows ?? false).toBe(false);
    const gc = o.findings.find((f: { kind: string }) => f.kind === 'gc');
    if (gc) expect(gc.url).toMatch(/report\.js$/);
  });

  it('finds external memory that grows while the JS heap is flat (Buffers kept per request)', async () => {
    const o = await record('feed.js', 5);
    expect(o.memory.growth.grows).toBe(true);
    expect(o.memory.growth.externalMbPerMin).toBeGreaterThan(60);
    expect(o.findings[0]).toMatchObject({ kind: 'memory-growth', sentence: expect.stringMatching(/^Memory grows by .*external memory \(Buffers, ArrayBuffers\) \+[\d.]+ MB\/s/) });
    // The kept Buffers' own handles (and the array holding them) are on the JS heap: it is flat or grows a little, never the most.
    expect(o.memory.growth.externalMbPerMin).toBeGreaterThan(5 * o.memory.growth.heapUsedMbPerMin);
    expect(o.process.externalMb.max).toBeGreaterThan(o.process.externalMb.min + 20);
  });

  it('finds a JS heap that grows, or cannot tell yet — never "did not grow" (sessions never forgotten)', async () => {
    // 12 s: a leak is called one only when two full collections left more and more behind (growth.ts rule 4); 5 s may see one.
    const o = await record('sessions.js', 12);
    // Never "did not grow" on a leak: it grows, or — when V8 ran fewer than two full collections in the burst — "cannot tell yet".
    expect(o.memory.growth.sentence).toMatch(/^(Memory grows by .*: the JS heap \(after GC\) \+|Cannot tell yet whether memory grows: the JS heap)/);
    if (o.memory.growth.grows) expect(o.findings[0]).toMatchObject({ kind: 'memory-growth', sentence: expect.stringMatching(/^Memory grows by .*: the JS heap \(after GC\) \+/) });
    expect(o.memory.allocations.functions.find((f: { category: string }) => f.category === 'user').url).toMatch(/sessions\.js$/);
  });

  it('raises no memory alarm on a steady server', async () => {
    const o = await record('steady.js', 5);
    // Never an alarm; "cannot tell yet" is honest when too few full collections ran in 5 s.
    expect(o.memory.growth).toMatchObject({ grows: false, sentence: expect.stringMatching(/^(Memory did not grow over the \d+ s burst|Cannot tell yet whether memory grows)/) });
    expect(o.findings.map((f: { kind: string }) => f.kind)).not.toContain('memory-growth');
  });
});
