// Request context through the frameworks users run (issue 35): work a request
// reaches only after setImmediate, process.nextTick, promise, rxjs-timer and
// stream hops stays that request's — never "background work" — on Express 4
// and 5, Koa, Fastify, Hapi, NestJS on Express and json-server 0.17. Each server
// (test/fixtures/user-stacks/frameworks/) times its planted function with
// process.threadCpuUsage() and counts its requests; the first finding is held
// to that function, the request's own CPU (the collector's thread clock around
// the code that ran as that request) to at least that clock — 0.12 ms instead
// of 3.8 when the collector lost the request at a setImmediate, tried by hand —
// and the function's CPU figure to that clock. The clock is the function's
// last call replayed 40 times back to back when Flambé stops the server
// (truth.cjs): summed around each call, this machine's 4 ms-tick thread clock
// is biased for a few-ms function beside other work.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repo, runFlambe } from '../helpers/demo.ts';

const fixtures = path.join(repo, 'test/fixtures/user-stacks');
const dir = mkdtempSync(path.join(tmpdir(), 'flambe-frameworks-'));

interface Truth { [name: string]: { calls: number; cpuMs: number; batchMsPerCall?: number; batchCalls?: number } }
interface Finding { kind: string; function: string; url: string; percent: number; msPer1kRequests: number | null }
interface Recorded { findings: Finding[]; checks: { id: string; text: string }[]; background: { percent: number; functions: { function: string }[] } | null; load: { requests: number };
  requestTime: { byRoute: { path: string; cpuMsPerRequest: number; topFunction?: string }[] } }

async function record(script: string, url: string): Promise<{ o: Recorded; truth: Truth }> {
  const truthFile = path.join(dir, `${path.basename(script)}.truth.json`);
  const r = await runFlambe(['record', '--launch', path.join(fixtures, script), '--env', `TRUTH_FILE=${truthFile}`, '--url', url, '-d', '2', '-c', '4', '--warmup', '0', '--json'], { timeoutMs: 80_000 });
  expect(r.code, r.stderr).toBe(0);
  return { o: JSON.parse(r.stdout) as Recorded, truth: JSON.parse(readFileSync(truthFile, 'utf8')) as Truth };
}

/** The function's CPU per call by the server's clock over its last call replayed back to back (truth.cjs). */
function byBatch(truth: Truth, fn: string): number {
  expect(truth[fn].batchCalls, `${fn} timed in a batch`).toBeGreaterThanOrEqual(10);
  return truth[fn].batchMsPerCall!;
}

/** What a request's work is said to cost: its function's figure plus the collections its allocations caused (the server's clock counts those inside the call). */
const saidMsPerRequest = (findings: Finding[], fn: string) =>
  findings.filter((f) => f.function === fn && (f.kind === 'function' || f.kind === 'gc')).reduce((sum, f) => sum + f.msPer1kRequests! / 1000, 0);

/** Background work is only what no request caused: Node's own immediates (perf observers) at most, never the request's function. */
function expectNoneOfItBackground(o: Recorded, fn: string) {
  expect(o.background?.functions.map((f) => f.function) ?? []).not.toContain(fn);
  expect(o.background?.percent ?? 0).toBeLessThan(3);
}

const frameworks = [
  ['Express 4 (setImmediate, then process.nextTick)', 'frameworks/express4.cjs'],
  ['Express 5 (an awaited promise a macrotask later)', 'frameworks/express5.cjs'],
  ['Koa (a stream pipeline whose Transform does the work)', 'frameworks/koa.cjs'],
  ['Fastify (await setImmediate, then queueMicrotask)', 'frameworks/fastify.cjs'],
  ['Hapi (an event emitted on setImmediate, then process.nextTick)', 'frameworks/hapi.cjs'],
  ['NestJS on Express (an rxjs Observable with delay(0))', 'frameworks/nest.cjs'],
] as const;

describe('the request context survives the hops frameworks make', () => {
  it.each(frameworks)('%s: the work is the request\'s, within a fifth of its own clock', async (_name, script) => {
    const { o, truth } = await record(script, '/listings?q=garden%20lyon');
    const perRequest = byBatch(truth, 'scoreListings') * (truth.scoreListings.calls / truth.requests.calls);
    const said = saidMsPerRequest(o.findings, 'scoreListings');
    console.log(`${script}: said ${said.toFixed(3)} ms a request, its clock ${perRequest.toFixed(3)} ms over ${truth.scoreListings.batchCalls} calls in a row (×${(said / perRequest).toFixed(2)}), `
      + `summed around each call ${(truth.scoreListings.cpuMs / truth.requests.calls).toFixed(3)}; background ${o.background?.percent ?? 0}%`);
    expect(o.findings[0]).toMatchObject({ kind: 'function', function: 'scoreListings', url: expect.stringMatching(/frameworks\/listings\.cjs$/) });
    expect(o.checks.map((c) => c.id)).not.toContain('background');
    expectNoneOfItBackground(o, 'scoreListings');
    // The request's own CPU, read by the collector around the code that ran as that request: it holds the function's.
    const route = o.requestTime.byRoute.find((r) => r.path === '/listings')!;
    console.log(`  the request's own CPU ${route.cpuMsPerRequest.toFixed(3)} ms, its heaviest function ${route.topFunction}`);
    expect(route).toMatchObject({ topFunction: 'scoreListings' });
    expect(route.cpuMsPerRequest).toBeGreaterThan(perRequest * 0.9);
    // The figure is the function's share of the samples × the thread's CPU (shared/profile/cpu-time.ts), with the
    // collections its allocations cause (the GC finding that names it): within 20 % of its clock over 40 calls. Held
    // to the per-call sums of a 4 ms-tick clock, it needed ×0.7–1.5 (Koa read ×1.43 at a load average of 23).
    expect(said).toBeGreaterThan(perRequest * 0.8);
    expect(said).toBeLessThan(perRequest * 1.2);
  }, 90_000);

  it("json-server 0.17: its ?q= full-text search after its own 1 ms timer is the request's, named in json-server", async () => {
    const { o, truth } = await record('json-server.cjs', '/posts?q=travel%2042');
    const f = o.findings[0];
    // The search's value() holds lodash's filter and the clone of the hits too: json-server's own deepQuery is a part of it.
    const perRequest = byBatch(truth, 'searchValue');
    console.log(`json-server: ${f.function} said ${(f.msPer1kRequests! / 1000).toFixed(3)} ms a request, value() by its clock ${perRequest.toFixed(3)} ms `
      + `(summed around each call ${(truth.searchValue.cpuMs / truth.searchValue.calls).toFixed(3)}); background ${o.background?.percent ?? 0}%`);
    expect(f).toMatchObject({ kind: 'dependency', function: 'deepQuery', url: expect.stringMatching(/json-server\/lib\/server\/mixins\.js$/) });
    expect(o.checks.map((c) => c.id)).not.toContain('background');
    expectNoneOfItBackground(o, 'deepQuery');
    expect(f.msPer1kRequests! / 1000).toBeLessThan(perRequest);
    expect(f.msPer1kRequests! / 1000).toBeGreaterThan(perRequest * 0.4);
  }, 90_000);
});
