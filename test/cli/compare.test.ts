// `flambe compare` as a user runs it: a real server recorded twice unchanged
// and once with a console.log added, into a real library file; then ids,
// prefixes and files, the JSON shape, and the CI gate.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Library } from '../../electron/services/library/library.ts';
import { prepareImport, toBundle } from '../../electron/services/library/files.ts';
import type { RecordingResult } from '../../shared/api.ts';
import { repo, runFlambe } from '../helpers/demo.ts';
import { makeRecording, realProfileText } from '../helpers/profiles.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-cli-compare-'));
const library = path.join(dir, 'library.sqlite');
const lib = ['--library', library];
const app = path.join(repo, 'test/fixtures/compare-app/server.js');

/** Saves a recording as if imported from its .flambe bundle. */
function saveBundled(l: Library, rec: RecordingResult, fileName: string): string {
  const { rec: imported, packed } = prepareImport(fileName, toBundle(rec));
  return l.save(imported, 'imported', packed).id;
}

async function record(name: string, env: string[]): Promise<string> {
  const r = await runFlambe(['record', '--launch', app, ...env, '--url', '/items', '-d', '2', '-c', '4', '--warmup', '1', '--json', '--save', '--name', name, ...lib], { timeoutMs: 90_000 });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout).id as string;
}

describe('flambe compare on real recordings', () => {
  const ids: Record<string, string> = {};

  it('records the server twice unchanged and once with a console.log per request', async () => {
    ids.a1 = await record('unchanged 1', ['--env', 'LOG=0']);
    ids.a2 = await record('unchanged 2', ['--env', 'LOG=0']);
    // A third: the library's noise counts only runs of the same settings (LOG=1 is not a repeat of LOG=0), and needs three.
    ids.a3 = await record('unchanged 3', ['--env', 'LOG=0']);
    ids.log = await record('with console.log', ['--env', 'LOG=1']);
  }, 240_000);

  it('finds the logging cost, per 1 000 requests, and names it in the verdict', async () => {
    const r = await runFlambe(['compare', ids.a1.slice(0, 8), ids.log, '--json', ...lib]);
    expect(r.code, r.stderr).toBe(0);
    const c = JSON.parse(r.stdout);
    expect(c.perRequest).toBe(true);
    const logging = c.buckets.find((b: { id: string }) => b.id === 'logging');
    expect(c.buckets[0].id).toBe('logging');
    expect(logging.deltaMsPer1k).toBeGreaterThan(10);
    expect(logging.aMsPer1k).toBeLessThan(logging.bMsPer1k / 10);
    expect(logging.where).toMatchObject({ side: 'b', name: 'handleItems', location: expect.stringMatching(/server\.js:\d+$/) });
    expect(c.verdict).toMatch(/The difference is logging: B spends \d[\d.]*(?: \d{3})* ms of CPU per 1 000 requests on it in /);
    expect(c.functions.some((f: { status: string; category: string }) => f.status === 'new' && f.category === 'Node internals')).toBe(true);
    // Same script, route and settings: no unlike-run warning; both ran on this machine.
    expect(c.warnings).toEqual([]);
    // Where each request's time went, side by side: the logging is B's own CPU, and one run each cannot say how sure.
    const own = c.requestTime.parts.find((p: { kind: string }) => p.kind === 'cpu');
    expect(own.label).toBe('own code');
    // Both sides' own CPU (wall time in the requests' code). Not "B's is higher": one console.log line a request is
    // tens of µs, within one run's noise beside a busy suite (B 0.286 ms against A 0.287); the logging row above
    // holds B's logging, and the sureness below says one run each cannot tell.
    expect(own.msPerRequest.a).toBeGreaterThan(0);
    expect(own.msPerRequest.b).toBeGreaterThan(0);
    expect(c.requestTime.perRequestMs.a).toBeGreaterThan(0);
    // Bytes allocated per request, like CPU (issue 22 item 6): both sides sampled allocations, and the library
    // keeps each run's bytes per request, so A's three repeats give the interval (B's one run adds none).
    expect(c.allocations.bytesPerRequest).toMatchObject({ basis: 'repeats', ci95: [expect.any(Number), expect.any(Number)] });
    expect(c.allocations.bytesPerRequest.a).toBeGreaterThan(0);
    const l = new Library(library);
    const kept = l.runsLike([l.meta(ids.a1).target!.label], []).find((r) => r.id === ids.a1)!.bytesPerRequest;
    l.close();
    // The figure the library keeps is the one Compare compares (every thread, over the same requests).
    expect(kept).toBeCloseTo(c.allocations.bytesPerRequest.a, 6);
    expect(c.allocations.functions[0]).toMatchObject({ function: expect.any(String), aBytesPerRequest: expect.any(Number), bBytesPerRequest: expect.any(Number), relativeCi95: null });
  });

  it('does not call the unchanged pair different', async () => {
    const r = await runFlambe(['compare', ids.a1, ids.a2, '--json', '--fail-if-slower', '1', ...lib]);
    expect(r.code, r.stderr).toBe(0);
    const c = JSON.parse(r.stdout);
    // Three recordings of these settings: the noise comes from them (the console.log run is not one of them).
    expect(c.load.rps.basis).toBe('repeats');
    expect(c.load.rps.significant).not.toBe(true);
    expect(c.load.p99Ms.significant).not.toBe(true);
    expect(c.verdict).not.toMatch(/The difference is/);
    expect(Math.abs(c.buckets.find((b: { id: string }) => b.id === 'logging').deltaMsPer1k)).toBeLessThan(5);
    // Nor its bytes per request: the same three repeats' noise covers the difference.
    expect(c.allocations.bytesPerRequest).toMatchObject({ basis: 'repeats', significant: false });
  });

  it('prints the verdict and the tables for people', async () => {
    const r = await runFlambe(['compare', ids.a1, ids.log, '--top', '5', ...lib]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^A: unchanged 1 \([0-9a-f]{8}\) · \d{1,3}(?: \d{3})* requests, \d{1,3}(?: \d{3})* req\/s$/);
    expect(lines[1]).toMatch(/^B: with console\.log /);
    expect(lines[3]).toMatch(/^B serves .* The difference is logging/);
    expect(r.stdout).toMatch(/\n {2}requests\/s +\d{1,3}(?: \d{3})* +\d{1,3}(?: \d{3})* /);
    expect(r.stdout).toMatch(/Kinds of work \(CPU ms per 1 000 requests\)\n.*\n.*logging\n/);
    expect(r.stdout).toMatch(/How sure: One run each\./);
    expect(r.stdout).toMatch(/\nAllocated per request \(every thread, from V8's sampling heap profiler\)\n.*how sure\n {2} *[\d.]+ (?:B|KiB|MiB) +[\d.]+ (?:B|KiB|MiB) .*(?:real|no clear difference) \(95%: [−+][\d.]+% to [−+][\d.]+%\)\n/);
    expect(r.stdout).toMatch(/\nWhere each request's time went \(ms per request\)\n.*\n {2}each request \(mean\) +[\d.]+ +[\d.]+ [^\n]*cannot tell: one run each\n[\s\S]*\n {2}own code +[\d.]+ +[\d.]+ /);
  });
});

describe('flambe compare on files, and as a CI gate', () => {
  it('compares a .cpuprofile and a .flambe bundle, saying which views need load numbers', async () => {
    const a = path.join(dir, 'a.cpuprofile');
    const b = path.join(dir, 'b.flambe');
    writeFileSync(a, realProfileText());
    writeFileSync(b, toBundle(makeRecording({ name: 'bundled' })));
    const r = await runFlambe(['compare', a, b, '--json', '--library', path.join(dir, 'none.sqlite')]);
    expect(r.code, r.stderr).toBe(0);
    const c = JSON.parse(r.stdout);
    expect(c).toMatchObject({ a: { name: 'a', requests: null }, b: { name: 'bundled' }, load: null, perRequest: false });
    expect(c.unavailable).toEqual([expect.stringMatching(/^A has no load numbers \(an imported profile\)/)]);
    expect(c.functions[0]).toMatchObject({ aMsPer1k: null, status: 'changed' });
  });

  it('exits 3 with --fail-if-slower only when B is slower AND that is significant', async () => {
    const gate = path.join(dir, 'gate.sqlite');
    const l = new Library(gate);
    // Before and after are two checkouts (two scripts): each has its own repeats.
    const at = (rps: number, p99: number) => {
      const script = rps > 800 ? 'before.js' : 'after.js';
      const rec = makeRecording({ name: `rps ${rps}`, target: { kind: 'launched', label: script, pid: 1, nodeVersion: 'v24.0.0', argv: ['node', script] } });
      rec.load = { ...rec.load!, rps, requests: rps * 10, latencyMs: { ...rec.load!.latencyMs, p99 } };
      return saveBundled(l, rec, 'r.flambe');
    };
    const before = [at(1000, 5), at(1020, 5.1), at(990, 4.9)];
    const after = [at(700, 5), at(690, 5.1), at(712, 5)];
    l.close();
    const run = (pct: string) => runFlambe(['compare', before[0], after[0], '--fail-if-slower', pct, '--json', '--library', gate]);
    const slow = await run('10');
    expect(JSON.parse(slow.stdout).load.rps).toMatchObject({ basis: 'repeats', significant: true });
    expect(slow.code).toBe(3);
    expect((await run('50')).code).toBe(0);
    // Nothing to learn the noise from: never 3 for a drop noise could explain (half the requests/s: within a busy machine's 2×)…
    const lone = path.join(dir, 'lone.sqlite');
    const l2 = new Library(lone);
    const x = saveBundled(l2, makeRecording(), 'x.flambe');
    const y = saveBundled(l2, makeRecording({ load: { ...makeRecording().load!, rps: 400 } }), 'y.flambe');
    l2.close();
    const r = await runFlambe(['compare', x, y, '--fail-if-slower', '10', '--library', lone]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/one run each: repeat both to know/);
    // …but 3 for one far beyond any noise (about 1 000 → 8 requests/s: over 100×, past the 8× a busy machine's spread allows).
    const far1 = path.join(dir, 'far.sqlite');
    const l3 = new Library(far1);
    const fx = saveBundled(l3, makeRecording(), 'x.flambe');
    const fz = saveBundled(l3, makeRecording({ load: { ...makeRecording().load!, rps: 8 } }), 'z.flambe');
    l3.close();
    const far = await runFlambe(['compare', fx, fz, '--fail-if-slower', '10', '--library', far1]);
    expect(far.code).toBe(3);
    expect(far.stdout).toMatch(/requests\/s \d+× apart, far more than the 2\.0× two runs of the same code can differ by on a busy machine/);
  });

  it('answers bad input in one line', async () => {
    const cases: [string[], RegExp][] = [
      [['compare', 'only-one'], /^flambe: Missing the two recordings to compare \(A, then B\)/],
      [['compare', 'nope.cpuprofile', 'b.cpuprofile'], /^flambe: Cannot read nope\.cpuprofile: there is no such file\.$/],
      [['compare', 'abcdef12', 'abcdef13', ...lib], /^flambe: No recording with id "abcdef12" in the library\.$/],
      [['compare', 'a', 'b', '--fail-if-slower', 'x', ...lib], /^flambe: --fail-if-slower takes a number above 0; "x" is not one\.$/],
      [['compare', 'a', 'b', '--library', path.join(dir, 'missing.sqlite')], /^flambe: There is no library at .*missing\.sqlite: give a file, or --library PATH\.$/],
    ];
    for (const [args, message] of cases) {
      const r = await runFlambe(args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr.trim()).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
