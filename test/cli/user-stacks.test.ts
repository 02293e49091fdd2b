// Verdicts that hold on the stacks users run (issue 35). Each server in
// test/fixtures/user-stacks/ was written the way users write them, with one
// planted cost, and times that function itself (process.threadCpuUsage(), the
// truth measured apart: truth.cjs). Each is recorded for real with the CLI,
// without warm-up so the server's clock and the profile cover the same calls,
// and the FIRST answer is held to what, where, kind and a number within 20 %
// of the truth — on this shared machine, beside whatever else runs.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repo, runFlambe } from '../helpers/demo.ts';

const fixtures = path.join(repo, 'test/fixtures/user-stacks');
const dir = mkdtempSync(path.join(tmpdir(), 'flambe-user-stacks-'));

interface Truth { [fn: string]: { calls: number; cpuMs: number } }
interface FindingJson { kind: string; function: string; url: string; line: number; lineText: string | null; percent: number; msPer1kRequests: number | null; advice: string; split?: { callee: string; builtinPercent: number; ownPercent: number } }

async function record(script: string, name: string, args: string[]): Promise<{ o: { findings: FindingJson[]; load: { requests: number } }; truth: Truth }> {
  const truthFile = path.join(dir, `${name}.truth.json`);
  const r = await runFlambe(['record', '--launch', path.join(fixtures, script), '--env', `TRUTH_FILE=${truthFile}`, ...args, '-d', '2', '-c', '4', '--warmup', '0', '--json'], { timeoutMs: 80_000 });
  expect(r.code, r.stderr).toBe(0);
  const o = JSON.parse(r.stdout);
  console.log(`${name}: ${o.findings.map((f: FindingJson) => `${f.kind} ${f.function}:${f.line} ${f.percent.toFixed(1)}% ${f.msPer1kRequests?.toFixed(0)} ms/1k`).join(' | ')}`);
  return { o, truth: JSON.parse(readFileSync(truthFile, 'utf8')) };
}

/** CPU ms per call by the server's own clock. */
const perCall = (truth: Truth, fn: string) => truth[fn].cpuMs / truth[fn].calls;

/**
 * A finding's CPU per request (one call of `fn` per request) within NEAR× its own clock, either way. Not 1.2×: the CPU
 * per ms of a request's code is one rate for all of it, and the function in it does not wait for a core in the same
 * proportion as the rest (docs/recording.md "Measured accuracy": ×0.74–1.36 beside a CPU hog, 21 of 23 within 20 %).
 * Here, beside two busy loops (five runs, load averages 18–24 on 2 cores): ×0.75–1.22 over 15 figures, 12 within
 * 20 % (outside: totalCart ×0.78, parseCsv ×0.75 and ×1.22) — so the lower bound is 1/1.4 where it was 0.8, the upper 1.4 where it
 * was 2 (while the thread's CPU spent sampled idle was shared among the busy functions CI read totalCart ×1.83).
 */
const NEAR = 1.4;
function expectNearTruth(f: FindingJson, truth: Truth, fn: string): void {
  console.log(`${fn}: ${(f.msPer1kRequests! / 1000).toFixed(3)} ms of CPU a request, its own clock ${perCall(truth, fn).toFixed(3)} (×${(f.msPer1kRequests! / 1000 / perCall(truth, fn)).toFixed(2)})`);
  expect(f.msPer1kRequests! / 1000).toBeLessThan(perCall(truth, fn) * NEAR);
  expect(f.msPer1kRequests! / 1000).toBeGreaterThan(perCall(truth, fn) / NEAR);
}

describe('built-ins charged to the function of yours that called them', () => {
  it('a TypeScript pricing function cloning each line item is named with structuredClone, at its line, with its CPU per request', async () => {
    const { o, truth } = await record('cart.ts', 'cart', ['--url', '/']);
    const f = o.findings[0];
    expect(f).toMatchObject({ kind: 'function', function: 'totalCart', url: expect.stringMatching(/user-stacks\/cart\.ts$/) });
    // The clone's line when it had samples of its own, else the loop's lines around it (V8 puts the call's ticks there).
    expect([22, 23, 24]).toContain(f.line);
    expect(f.split!.callee).toMatch(/^structuredClone\b/);
    expect(f.split!.builtinPercent).toBeGreaterThan(f.split!.ownPercent);
    expect(f.advice).toMatch(/copy only what changes/);
    // One call of totalCart per request.
    expectNearTruth(f, truth, 'totalCart');
  }, 90_000);
});

describe('a mixed burst answers every route', () => {
  it("a five-route Fastify service: each route's main cause in one line, the file-system wait first, each named by its function", async () => {
    const routes = ['/users/u59000', '/settings', '/checkout', '/orders', '/ranking'].flatMap((r) => ['--route', `GET ${r}`]);
    const { o, truth } = await record('shop-fastify.cjs', 'shop', ['--url', '/', ...routes]);
    const causes = (o as unknown as { routeCauses: { route: string; requests: number; ownMsPerRequest: number; text: string }[] }).routeCauses;
    console.log(causes.map((c) => `${c.route}: ${c.text}`).join('\n'));
    expect(causes.map((c) => c.route).sort()).toEqual(['GET /checkout', 'GET /orders', 'GET /ranking', 'GET /settings', 'GET /users/u59000']);
    // The awaited storage read waits on the disk and parses a big answer: the heaviest route in all.
    expect(causes[0]).toMatchObject({ route: 'GET /orders', text: expect.stringMatching(/waiting on the file system \(from loadOrders, shop-fastify\.cjs:34.*most in loadOrders$/) });
    const text = (route: string) => causes.find((c) => c.route === route)!.text;
    expect(text('GET /users/u59000')).toMatch(/most in findUser$/);
    expect(text('GET /settings')).toMatch(/most in cloneDeep$/);
    expect(text('GET /checkout')).toMatch(/most in warnLowStock$/);
    expect(text('GET /ranking')).toMatch(/most in rankProducts$/);
    // A route costs at least its function (by the server's own clock; the route adds Fastify's own work).
    const ranking = causes.find((c) => c.route === 'GET /ranking')!;
    expect(ranking.ownMsPerRequest).toBeGreaterThan(perCall(truth, 'rankProducts') * 0.8);
  }, 90_000);
});

describe('kinds of work that fit the code', () => {
  it('a CSV parser is parseCsv with the callback it passes on, and its advice is about parsing text, not "a loop over many items"', async () => {
    const { o, truth } = await record('csv-import.cjs', 'csv', ['--url', '/import']);
    const f = o.findings[0];
    expect(f).toMatchObject({ kind: 'function', function: 'parseCsv', url: expect.stringMatching(/csv-import\.cjs$/) });
    // parseCsv's hottest line: the split of the whole text (9), or the row callback's lines when V8 inlined it there.
    expect([9, 10, 11, 12, 13]).toContain(f.line);
    expect(f.advice).toMatch(/parses text by hand \((split|Number|split, Number)\)/);
    expect(f.advice).not.toMatch(/a loop over many items/);
    // One call of parseCsv per request: its own code and the callback.
    expectNearTruth(f, truth, 'parseCsv');
  }, 90_000);

  it('an Express 4 full-text search after setImmediate is the request\'s JSON per record, in fullTextSearch, not background work', async () => {
    const { o, truth } = await record('search-express4.cjs', 'search', ['--url', '/posts?q=gardening%2099']);
    const f = o.findings[0];
    expect(f).toMatchObject({ kind: 'json', line: 16, url: expect.stringMatching(/search-express4\.cjs$/) });
    expect((f as unknown as { host: { function: string } }).host).toMatchObject({ function: 'fullTextSearch' });
    expect(f.advice).toMatch(/once per item of a list/);
    expectNearTruth(f, truth, 'fullTextSearch');
  }, 90_000);
});

describe('leaks and slow-downs in a short burst', () => {
  it('an emitter that gains a listener per request is said first, with the count, the event and who added them', async () => {
    const { o, truth } = await record('quotes.cjs', 'quotes', ['--url', '/quote']);
    const checks = (o as unknown as { checks: { id: string; text: string }[] }).checks;
    const leak = checks.find((c) => c.id === 'listener-leak')!;
    expect(leak.text).toMatch(/^An EventEmitter gained [\d ]+ 'quote' listeners during the burst — one per request — added in watchQuote \(.*quotes\.cjs:14\) and never removed/);
    // The count against the server's own: every request added one (the first may come before the burst: Flambé's port probe).
    const said = Number(/gained ([\d ]+) 'quote'/.exec(leak.text)![1].replace(/ /g, ''));
    expect(said).toBeGreaterThan(truth.listenersAdded.calls * 0.8);
    expect(said).toBeLessThanOrEqual(truth.listenersAdded.calls);
  }, 90_000);
});
