// Memory through the CLI, on real servers (test/fixtures/memory-servers), one
// per kind: which functions allocate and how much per request; whether memory
// grows — Buffers kept (node:http), JS objects kept in a Map (node:http) and in
// an array (Express) — and what holds what grows (--find-growth, on the
// Buffers: it adds two heap snapshots after the burst; the Map's holder is
// e2e/memory's, holders of every shape are shared/memory/heap-growth.test.ts's);
// a worker thread's allocations; and a steady server that must not raise a
// false alarm.
// Bursts are as short as the growth rule allows: 5 s where it must judge (it
// needs 4 windows of 1 s of samples, and a 4 s burst on a busy machine
// sometimes had only 3), longer where a slow leak on a busy machine must
// still pass the rule's 4 MB floor; 4 s where growth is not the question.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { repo, runFlambe } from '../helpers/demo.ts';

const server = (name: string) => path.join(repo, 'test/fixtures/memory-servers', name);

async function record(script: string, seconds: number, urlPath?: string, extra: string[] = []) {
  const r = await runFlambe(['record', '--launch', server(script), '-d', String(seconds), '-c', '4', '--warmup', '1', '--json', ...(urlPath ? ['--url', urlPath] : []), ...extra], { timeoutMs: 120_000 });
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

/** The growth sentence when a full collection before, halfway through and after the burst kept more each time. */
const HEAP_GROWS = /^Memory grows by .*: the JS heap \(after GC\) \+[\d.]+ (MiB\/s|MiB\/min) \([\d.]+ MiB → [\d.]+ MiB → [\d.]+ MiB, what a full garbage collection left before, halfway through and after the burst\)/;

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

  it('finds external memory that grows while the JS heap is flat, and names what holds it: the Buffers in `sent`', async () => {
    const o = await record('feed.js', 5, undefined, ['--find-growth']);
    expect(o.memory.growth.grows).toBe(true);
    expect(o.memory.growth.externalMbPerMin).toBeGreaterThan(60);
    // The rate is what the leak adds (issue 31: "grows by 4 MB/s" for 2.6): 16 KiB kept per answer, at the burst's rate.
    const keptMbPerMin = ((o.load.rps * 16) / 1024) * 60;
    expect(Math.abs(o.memory.growth.externalMbPerMin / keptMbPerMin - 1), `${o.memory.growth.externalMbPerMin} MB/min measured, ${keptMbPerMin} kept`).toBeLessThan(0.25);
    expect(o.findings[0]).toMatchObject({ kind: 'memory-growth', sentence: expect.stringMatching(/^Memory grows by .*external memory \(Buffers, ArrayBuffers\) \+[\d.]+ MiB\/s/) });
    // The kept Buffers' own handles (and the array holding them) are on the JS heap: it is flat or grows a little, never the most.
    expect(o.memory.growth.externalMbPerMin).toBeGreaterThan(5 * o.memory.growth.heapUsedMbPerMin);
    // Over the rule's 4 MB floor in the process summary too (16 KiB a request: 13 MB in 5 s at load 15, 200 MB on a quiet machine).
    expect(o.process.externalMb.max).toBeGreaterThan(o.process.externalMb.min + 4);
    // Find what grows: the Buffers (16 KiB each, their backing stores included), held by the array declared on line 5.
    expect(o.memory.growing[0]).toMatchObject({ kind: 'Buffer', retainedBy: '`sent` (an Array) in feed.js:5', path: ['sent (Array)', expect.stringMatching(/^\[\d+\]$/), 'Buffer'] });
    expect(o.memory.growing[0].bytesDelta / o.memory.growing[0].countDelta).toBeGreaterThan(16 * 1024);
    expect(o.memory.growing.map((g: { kind: string }) => g.kind)).not.toContain('ArrayBuffer');
    expect(o.findings[0].sentence).toMatch(/Between two heap snapshots [\d.]+ s apart under load, the process gained [\d ]+ Buffers \(\+[\d.]+ MiB\) held by `sent` \(an Array\) in feed\.js:5\./);
    expect(o.findings[0].advice).toMatch(/^Look at `sent` \(an Array\) in feed\.js:5: it only grows\./);
  });

  // Flambé runs a full collection before, halfway through and after the burst (recorder.ts): a leak is judged on what
  // they kept, however few V8 ran by itself and however its heap saw-tooths between them. Before the halfway one, the
  // Express audit log read "Cannot tell yet … did not rise steadily" in CI (kept 11 → 33 MB over 8 s).
  // Why both once kept nothing more in the burst's second half beside the suite's other files (8 → 12 → 12 MB, "Cannot
  // tell yet" or "did not grow … to within 4 MB"): each kept about 0.6 kB a request, and at a load average of 21–23 the
  // burst served few enough requests that 6–7 s kept 2–4 MB, under the growth rule's 4 MB floor — the rule was right
  // about what it was shown (the base commit read the same: 7 → 10 and 7 → 11 MB). They now keep about 2 kB a request
  // (a price's 20-point history, an order's 20 lines), as real caches and audit trails do, and pass at 17–22 unretried
  // (50 points passed too, but doubled find-growth's snapshots: 84 s for e2e/memory's recording instead of 45 at load 20).
  it('names a JS heap that grows in a Map that never evicts (node:http)', async () => {
    const o = await record('price-cache.mjs', 6, '/?sku=abc');
    expect(o.memory.growth.sentence).toMatch(HEAP_GROWS);
    expect(o.findings[0]).toMatchObject({ kind: 'memory-growth', sentence: o.memory.growth.sentence });
    const [before, after] = o.memory.growth.keptAfterFullGcMb.heapUsed;
    expect(after - before).toBeGreaterThan(4);
    expect(o.memory.growing).toBeNull();
    expect(o.findings[0].advice).toContain('flambe record --find-growth');
  });

  it("names a leak held through a library's objects by the app's own variable: `app.locals.receipts`, never Express's local", async () => {
    // Issue 35: an Express app's kept array was "held by `match` (an Object) in index.js:241", a local of Express's
    // router. The receipts are reached through Express's app function — whose own `var app` (express.js:37) is a
    // closure's variable too, nearer the root: no holder a user can change, so the walk names the app's `app`.
    const o = await record('locals-express4.cjs', 4, '/checkout', ['--find-growth']);
    const held = o.memory.growing.find((k: { kind: string }) => k.kind === 'Object');
    console.log(held?.retainedBy, held?.path);
    expect(held).toMatchObject({ retainedBy: '`app.locals.receipts` (an Array) in locals-express4.cjs:5' });
  }, 150_000);

  it('names a JS heap that grows in an array (Express): what was kept rose in both halves of the burst', async () => {
    const o = await record('audit-express.cjs', 7, '/orders/42');
    expect(o.memory.growth.sentence).toMatch(HEAP_GROWS);
    expect(o.findings[0]).toMatchObject({ kind: 'memory-growth', sentence: o.memory.growth.sentence });
    const { heapUsed, halfway } = o.memory.growth.keptAfterFullGcMb;
    expect(heapUsed[0]).toBeLessThan(halfway.heapUsed);
    expect(halfway.heapUsed).toBeLessThan(heapUsed[1]);
    // Allocations are sampled once per 512 KiB: a route keeping ~1 kB a request beside Express's own parsing may miss the
    // top ten in a run on a busy machine (a CI run beside e2e files). When the user's function is there, it is this file.
    const user = o.memory.allocations.functions.find((f: { category: string }) => f.category === 'user');
    if (user) expect(user.url).toMatch(/audit-express\.cjs$/);
  });

  it('samples a worker thread\'s allocations on its own heap, and its GC finding names them (never the main thread\'s)', async () => {
    const o = await record('invoice-pool.mjs', 4);
    const worker = o.memory.workerAllocations.find((w: { thread: string }) => /invoice-worker\.mjs/.test(w.thread));
    expect(worker).toBeTruthy();
    // buildLines makes 2 000 objects of 3 fields, each with its own 'SKU-i' string, and the array holding them, per request.
    const mine = worker.functions.filter((f: { url: string }) => f.url.endsWith('invoice-worker.mjs'));
    expect(mine.length).toBeGreaterThan(0);
    const perRequest = mine.reduce((n: number, f: { bytesPerRequest: number }) => n + f.bytesPerRequest, 0);
    expect(perRequest).toBeGreaterThan(2000 * 40);
    expect(perRequest).toBeLessThan(2000 * 400);
    // The main thread only passes messages: the worker's allocations are not counted there.
    expect(o.memory.allocations.functions.some((f: { url: string }) => f.url.endsWith('invoice-worker.mjs'))).toBe(false);
    // A GC finding on the worker names what the worker allocates (before: the main thread's handler in invoice-pool.mjs).
    for (const f of o.findings.filter((x: { kind: string; thread?: string }) => x.kind === 'gc' && /invoice-worker/.test(x.thread ?? ''))) {
      if (f.allocates) expect(f.url).toMatch(/invoice-worker\.mjs$/);
    }
  });

  it('raises no memory alarm on a steady server', async () => {
    const o = await record('steady.js', 5);
    // Never an alarm, and no "cannot tell yet": Flambé's two full collections kept the same (the request collector's records gone first).
    expect(o.memory.growth).toMatchObject({ grows: false, sentence: expect.stringMatching(/^Memory did not grow over the \d+ s burst: after a full garbage collection before and after it, the JS heap held [\d.]+ MiB → [\d.]+ MiB and external memory [\d.]+ MiB → [\d.]+ MiB;/) });
    const kept = o.memory.growth.keptAfterFullGcMb;
    expect(Math.abs(kept.external[1] - kept.external[0])).toBeLessThan(4);
    expect(o.findings.map((f: { kind: string }) => f.kind)).not.toContain('memory-growth');
  });
});
