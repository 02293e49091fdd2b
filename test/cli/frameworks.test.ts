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
import { expectNearOwnClock, ownClockPerCall, summedPerCall, type TimedTruth } from '../helpers/own-clock-truth.ts';

const fixtures = path.join(repo, 'test/fixtures/user-stacks');
const dir = mkdtempSync(path.join(tmpdir(), 'flambe-frameworks-'));

type Truth = Record<string, TimedTruth>;
interface Finding { kind: string; function: string; url: string; percent: number; msPer1kRequests: number | null; gcCaused?: { msPer1kRequests: number | null } }
interface Recorded { findings: Finding[]; checks: { id: string; text: string }[]; background: { percent: number; functions: { function: string; url: string; line: number }[] } | null; load: { requests: number };
  requestTime: { byRoute: { path: string; cpuMsPerRequest: number; topFunction?: string }[] } }

async function record(script: string, url: string): Promise<{ o: Recorded; truth: Truth }> {
  const truthFile = path.join(dir, `${path.basename(script)}.truth.json`);
  const r = await runFlambe(['record', '--launch', path.join(fixtures, script), '--env', `TRUTH_FILE=${truthFile}`, '--url', url, '-d', '2', '-c', '4', '--warmup', '0', '--json'], { timeoutMs: 80_000 });
  expect(r.code, r.stderr).toBe(0);
  return { o: JSON.parse(r.stdout) as Recorded, truth: JSON.parse(readFileSync(truthFile, 'utf8')) as Truth };
}

/** What a request's work is said to cost: its function's figure plus the collections its garbage costs, which its finding adds (the server's clock counts those inside the call). */
const saidMsPerRequest = (findings: Finding[], fn: string) =>
  findings.filter((f) => f.function === fn && f.kind === 'function').reduce((sum, f) => sum + (f.msPer1kRequests! + (f.gcCaused?.msPer1kRequests ?? 0)) / 1000, 0);

/** Background work is only what no request caused: Node's own immediates (perf observers) at most, never the request's function. */
function expectNoneOfItBackground(o: Recorded, fn: string) {
  expect(o.background?.functions.map((f) => f.function) ?? []).not.toContain(fn);
  // None of the app's own code is named (Node's perf observers' immediates may be, and once a framework's frame on
  // a hop's edge); what they take grows on a busy machine (3.4 % beside a busy suite, under 1 % alone), and the
  // verdict says nothing of it (no background check, above).
  const apps = (o.background?.functions ?? []).filter((f) => f.url && !f.url.startsWith('node:') && !f.url.includes('/node_modules/'));
  expect(apps.map((f) => `${f.function} ${f.url}:${f.line}`)).toEqual([]);
  expect(o.background?.percent ?? 0).toBeLessThan(10);
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
    const callsPerRequest = truth.scoreListings.calls / truth.requests.calls;
    const perRequest = ownClockPerCall(truth.scoreListings, 'scoreListings') * callsPerRequest;
    const said = saidMsPerRequest(o.findings, 'scoreListings');
    console.log(`${script}: background ${o.background?.percent ?? 0}%`);
    expect(o.findings[0]).toMatchObject({ kind: 'function', function: 'scoreListings', url: expect.stringMatching(/frameworks\/listings\.cjs$/) });
    expect(o.checks.map((c) => c.id)).not.toContain('background');
    expectNoneOfItBackground(o, 'scoreListings');
    // The request's own CPU, read by the collector around the code that ran as that request: it holds the function's.
    const route = o.requestTime.byRoute.find((r) => r.path === '/listings')!;
    console.log(`  the request's own CPU ${route.cpuMsPerRequest.toFixed(3)} ms, its heaviest function ${route.topFunction}`);
    expect(route).toMatchObject({ topFunction: 'scoreListings' });
    expect(route.cpuMsPerRequest).toBeGreaterThan(perRequest * 0.9);
    // The figure is the function's share of the samples × the thread's CPU (shared/profile/cpu-time.ts), with the
    // collections its garbage costs (gcCaused, which its finding adds): within 20 % of its clock over 40 calls, widened
    // by how far the truth's own two readings are apart (nearBound, at most ×1.5). Held to the per-call sums of a 4
    // ms-tick clock, it needed ×0.7–1.5 (Koa read ×1.43 at a load average of 23); held to the batch, ×0.88–1.15 at
    // 17–22, ×0.80–1.29 at 26–27 (NestJS ×1.29 where its own two readings were ×1.18 apart).
    expectNearOwnClock(said, truth.scoreListings, script, callsPerRequest);
  }, 90_000);

  it("json-server 0.17: its ?q= full-text search after its own 1 ms timer is the request's, named in json-server", async () => {
    const { o, truth } = await record('json-server.cjs', '/posts?q=travel%2042');
    const f = o.findings[0];
    // The search's value() holds lodash's filter and the clone of the hits too: json-server's own deepQuery is a part of it.
    const perRequest = ownClockPerCall(truth.searchValue, 'searchValue');
    console.log(`json-server: ${f.function} said ${(f.msPer1kRequests! / 1000).toFixed(3)} ms a request, value() by its clock ${perRequest.toFixed(3)} ms `
      + `(summed around each call ${summedPerCall(truth.searchValue).toFixed(3)}); background ${o.background?.percent ?? 0}%`);
    expect(f).toMatchObject({ kind: 'dependency', function: 'deepQuery', url: expect.stringMatching(/json-server\/lib\/server\/mixins\.js$/) });
    expect(o.checks.map((c) => c.id)).not.toContain('background');
    expectNoneOfItBackground(o, 'deepQuery');
    expect(f.msPer1kRequests! / 1000).toBeLessThan(perRequest);
    expect(f.msPer1kRequests! / 1000).toBeGreaterThan(perRequest * 0.4);
  }, 90_000);
});
