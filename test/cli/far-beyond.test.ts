// One run each, beside a CPU hog (two busy loops, one per core of the test
// machine): a route that spends 60 ms of CPU per request by the server's own
// clock against one that answers at once is called real by its size alone —
// "far more than … runs of the same code can differ by" — while an A/A pair
// (the fast route twice) stays "cannot tell". An A/A experiment in the library
// shows how far its rounds differed here, and Compare says so
// (shared/compare/machine-noise.ts has the method; its test the simulation).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startNeighbour, type Neighbour } from '../../scripts/noisy-neighbour.ts';
import type { Comparison } from '../../shared/compare/index.ts';
import { repo, runFlambe } from '../helpers/demo.ts';

const library = path.join(mkdtempSync(path.join(tmpdir(), 'flambe-far-beyond-')), 'library.sqlite');
const server = path.join(repo, 'test/fixtures/compare/fast-slow.cjs');
let hogs: Neighbour[] = [];

beforeAll(() => {
  hogs = [startNeighbour('constant'), startNeighbour('constant')];
});
afterAll(async () => {
  await Promise.all(hogs.map((h) => h.stop()));
});

/** `route` may carry a query: another setting, so not a repeat of the route without it (noise.ts settingsKey). */
async function record(route: string): Promise<string> {
  const r = await runFlambe(['record', '--launch', server, '--url', route, '-d', '2', '-c', '4', '--warmup', '1', '--json', '--save', '--name', route, '--library', library], { timeoutMs: 90_000 });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout).id as string;
}

async function compare(a: string, b: string): Promise<Comparison> {
  const r = await runFlambe(['compare', a, b, '--json', '--library', library], { timeoutMs: 60_000 });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Comparison;
}

describe('far beyond noise, on real recordings beside a CPU hog', () => {
  it('calls a 60 ms-per-request route real against a fast one, and an A/A pair "cannot tell"', async () => {
    const fast1 = await record('/fast');
    const slow = await record('/slow');
    const fast2 = await record('/fast');

    const far = await compare(fast1, slow);
    const ratio = far.load!.rps.a / far.load!.rps.b;
    // The server's own clock: 60 ms of CPU per /slow request, so at most ~17 requests/s on its one thread.
    expect(far.load!.rps.b).toBeLessThan(20);
    expect(far.cpuMsPer1kRequests!.b).toBeGreaterThan(48_000);
    expect(ratio, `fast ${far.load!.rps.a} req/s, slow ${far.load!.rps.b}`).toBeGreaterThan(8);
    expect(far.load!.rps).toMatchObject({ basis: 'machine', significant: true, ci95: null });
    expect(far.verdict).toMatch(/ — requests\/s \d+× apart, far more than the 2\.0× two runs of the same code can differ by on a busy machine\./);

    const same = await compare(fast1, fast2);
    expect(same.load!.rps.basis, `A/A: ${same.load!.rps.a} and ${same.load!.rps.b} req/s`).toBe('single');
    expect(same.load!.rps.significant).toBeNull();
    expect(same.verdict).toMatch(/one run each: repeat both to know/);
  }, 300_000);

  it('learns from an A/A experiment in the library how far its rounds differed here', async () => {
    const r = await runFlambe(['experiment', '--launch', server, '--url', '/fast', '--a-url', '/fast', '--b-url', '/fast', '--rounds', '2', '-d', '1', '--warmup', '0',
      '-c', '4', '--no-profile', '--save', '--json', '--library', library], { timeoutMs: 180_000 });
    expect(r.code, r.stderr).toBe(0);
    // Routes not recorded before: no repeats of these settings, so the machine's spread is what judges.
    const fast = await record('/fast?after=experiment');
    const slow = await record('/slow?after=experiment');
    const c = await compare(fast, slow);
    expect(c.howSure.summary).toMatch(/the rounds of the library's experiments on this machine have differed by up to (±\d+%|\d+\.\d×)/);
    // Far beyond the learned spread — unless one run had a core for much less of its busy time, which raises the
    // bar by that much and is said (machine-noise.ts cpuShareRatio): beside the hog the slow route's run sometimes did.
    if (c.load!.rps.basis !== 'machine') expect(c.howSure.summary).toMatch(/less of its busy time than the other's \(the machine made it wait\)/);
  }, 300_000);
});
