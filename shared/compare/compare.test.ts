// The comparison: per-1000-requests normalisation, new/gone/changed, sorting,
// kinds of work, unlike runs, what cannot be shown, and the verdict.
import { describe, expect, it } from 'vitest';
import { CATEGORY_HELP, COLLECTOR_URL } from '../profile/classify.ts';
import { formatRows, profileFromText } from '../profile/test-support/text-profile.ts';
import { buildComparison } from './compare.ts';
import { per1kUnit } from './words.ts';
import { meta, round, syntheticLoad } from './test-support/rounds.ts';
import type { ChangeRow } from './types.ts';

const row = (r: ChangeRow) => `${r.name} ${r.status}${r.moved ? ' (moved)' : ''}: ${r.aMsPer1k} → ${r.bMsPer1k} (${r.deltaMsPer1k})`;

// A: the handler works 4 ms per request batch; B: the same, plus console.log under it, and a helper gone.
const A = `
  main     main     main     main     main     (idle)  (idle)  (idle)
  handler  handler  handler  handler  helper
`;
const B = `
  main     main     main     main     main                                main                                main                                (idle)
  handler  handler  handler  handler  handler                             handler                             handler                             
                                      log[node:internal/console/constructor]  log[node:internal/console/constructor]  log[node:internal/console/constructor]
`;

describe('buildComparison', () => {
  it('compares functions in CPU ms per 1000 requests, marks new and gone, and sorts by the size of the change', () => {
    // B served half the requests: the same 4 ms of handler cost twice as much per request.
    const c = buildComparison([round({ profile: A, load: syntheticLoad({ requests: 1000 }) })], [round({ profile: B, load: syntheticLoad({ requests: 500 }) })]);
    expect(c.perRequest).toBe(true);
    expect(formatRows(c.functions.filter((f) => f.name !== '(root)'), row)).toBe([
      'log new: 0 → 6 (6)',
      'handler changed: 4 → 8 (4)',
      'helper gone: 1 → 0 (-1)',
      'main changed: 0 → 0 (0)',
    ].join('\n'));
    // Percent of each profile's own time is kept beside it.
    const log = c.functions.find((f) => f.name === 'log')!;
    expect(log.aPercent).toBe(0);
    expect(log.bPercent).toBeCloseTo(37.5, 5);
    expect(log.location).toBe('node:internal/console/constructor');
  });

  it('gives idle no row of CPU per request, and says what (program) and (garbage collector) are', () => {
    // A busy round, then a quiet one: the same 2 ms of work for 1 000 requests each time, but ten times the waiting.
    const busy = `
      handler  handler  (program)  (gc)  (idle)
    `;
    const quiet = `
      handler  handler  (program)  (gc)  (idle)  (idle)  (idle)  (idle)  (idle)  (idle)  (idle)  (idle)  (idle)  (idle)
    `;
    const c = buildComparison([round({ profile: busy, load: syntheticLoad({ requests: 1000 }) })], [round({ profile: quiet, load: syntheticLoad({ requests: 1000 }) })]);
    // Idle is the thread waiting, not work: charged per request it read 1 → 10 ms here (Compare showed 300 → 25 257).
    for (const table of [c.functions, c.files, c.packages, c.categories]) {
      expect(table.map((r) => r.name)).not.toContain('(idle)');
      expect(table.map((r) => r.name)).not.toContain('idle');
      expect(table.map((r) => r.key)).not.toContain('idle');
    }
    expect(c.cpuMsPer1kRequests).toMatchObject({ a: 4, b: 4 });
    expect(c.functions.find((f) => f.name === '(program)')).toMatchObject({ notCode: 'program', location: `not a function — ${CATEGORY_HELP.program}`, aMsPer1k: 1, bMsPer1k: 1 });
    expect(c.functions.find((f) => f.name === '(garbage collector)')).toMatchObject({ notCode: 'gc', location: `not a function — ${CATEGORY_HELP.gc}` });
    expect(c.files.find((f) => f.name === '(program)')).toMatchObject({ notCode: 'program' });
    expect(c.categories.find((f) => f.key === 'gc')).toMatchObject({ notCode: 'gc' });
    expect(c.functions.find((f) => f.name === 'handler')).not.toHaveProperty('notCode');
    // As shares of each profile's own time (no request counts), idle is a share like any other and stays.
    const shares = buildComparison([round({ profile: busy, load: null })], [round({ profile: quiet, load: null })]);
    expect(shares.functions.find((f) => f.name === '(idle)')).toMatchObject({ aPercent: 20, aMsPer1k: null });
  });

  it('lists the user\'s functions, not Flambé\'s own request collector (its cost is Node internals\' in the categories)', () => {
    const withCollector = profileFromText(B.replace('handler                             handler                             handler', 'handler                             onStart[collector.js]                 handler'));
    // The collector runs as an evaluated script: its frames carry the bare name it was given, no path.
    for (const f of withCollector.frames) if (f.url.endsWith('/collector.js')) f.url = COLLECTOR_URL;
    const c = buildComparison([round({ profile: A, load: syntheticLoad({ requests: 1000 }) })], [round({ profile: withCollector, load: syntheticLoad({ requests: 500 }) })]);
    expect(c.functions.map((f) => f.name)).not.toContain('onStart');
    expect(c.functions.map((f) => f.name)).toContain('handler');
  });

  it('puts the logging cost in its kind of work, and the verdict names it with its caller', () => {
    const c = buildComparison(
      [round({ profile: A, load: syntheticLoad({ requests: 1000, rps: 2000, p99: 5 }) })],
      [round({ profile: B, load: syntheticLoad({ requests: 1000, rps: 800, p99: 25 }) })],
    );
    expect(c.buckets[0]).toMatchObject({ id: 'logging', aMsPer1k: 0, bMsPer1k: 3, deltaMsPer1k: 3 });
    expect(c.buckets[0].where).toMatchObject({ side: 'b', name: 'handler' });
    expect(c.buckets.map((b) => b.id)).toHaveLength(7);
    expect(c.categories.find((k) => k.key === 'node')).toMatchObject({ aMsPer1k: 0, bMsPer1k: 3, status: 'new' });
    expect(c.files.find((f) => f.name === '/app/app.js')).toMatchObject({ status: 'changed' });
    expect(c.packages.find((p) => p.name === 'your code')).toMatchObject({ aMsPer1k: 5, bMsPer1k: 4 });
    expect(c.verdict).toMatch(/^B serves 60% fewer requests per second than A \(p99 5\.0× higher\) — one run each: repeat both to know/);
    // These rounds carry no OS clock (as an imported file): their ms are sampled time, and said so.
    expect(c.verdict).toMatch(/Sampled time per 1 000 requests: 5\.0 → 7\.0 ms \(\+40%\)\. The difference is logging: B spends 3\.0 ms of sampled time per 1 000 requests on it in handler, app\.js:\d+ \(A: none\)\./);
    expect(c.load!.rps).toMatchObject({ a: 2000, b: 800, deltaPercent: -60, ci95: null, significant: null, basis: 'single' });
    expect(c.howSure.basis).toBe('single');
    expect(c.cpuMsPer1kRequests).toMatchObject({ a: 5, b: 7 });
  });

  it('calls a kind of work "the difference" only when it appears or vanishes (or the rounds say so), not when one run does more of it', () => {
    const some = `
      main     main     main                                    main
      handler  handler  handler                                 handler
                        log[node:internal/console/constructor]
    `;
    const more = `
      main     main                                    main                                    main
      handler  handler                                 handler                                 handler
               log[node:internal/console/constructor]  log[node:internal/console/constructor]
    `;
    const c = buildComparison([round({ profile: some })], [round({ profile: more })]);
    expect(c.verdict).toMatch(/The profiles differ most in logging: B spends 2\.0 ms of sampled time per 1 000 requests on it in handler, app\.js:\d+ \(A: 1\.0 ms\) — a change of degree, which noise alone can cause: repeat both to know\.$/);
  });

  it('compares rounds with an interval when each side has two or more', () => {
    const rounds = (rps: number[], p99: number) => rps.map((r) => round({ profile: A, load: syntheticLoad({ requests: r * 10, rps: r, p99 }) }));
    const c = buildComparison(rounds([1000, 1010, 990], 5), rounds([2000, 2030, 1985], 5));
    expect(c.load!.rps.basis).toBe('rounds');
    expect(c.load!.rps.significant).toBe(true);
    expect(c.load!.rps.ci95![0]).toBeGreaterThan(90);
    expect(c.load!.p99Ms.significant).toBe(false);
    expect(c.a.rounds).toBe(3);
    // The maximum is one request's: shown, never judged (B served twice the requests, so it sees a higher max by that alone).
    expect(c.load!.maxMs).toMatchObject({ significant: null, ci95: null, withheld: 'one-request' });
    expect(c.verdict).toMatch(/^B serves 2\.0× the requests per second of A \(95%: [\d.]+–[\d.]+×\), and p99 latency shows no meaningful difference \(3 rounds each\)\./);
    // The same profile per round: the handler costs half as much per request, surely.
    const handler = c.functions.find((f) => f.name === 'handler')!;
    expect(handler.significant).toBe(true);
    expect(handler.relativeCi95![1]).toBeLessThan(0);
  });

  it('warns about unlike runs and says why', () => {
    const c = buildComparison(
      [round({ profile: A, meta: { nodeVersion: 'v22.0.0', connections: 10, machine: { cpuModel: 'Xeon', cores: 8 } } })],
      [round({ profile: A, meta: { nodeVersion: 'v24.1.0', connections: 100, samplingIntervalUs: 100, durationSec: 30, machine: { cpuModel: 'M3', cores: 8 } } })],
    );
    expect(c.warnings.map((w) => w.kind)).toEqual(['node', 'connections', 'duration', 'sampling', 'machine']);
    expect(c.warnings[1].message).toBe('Different connections: A 10, B 100 — more connections queue more requests: latency rises and requests/s may change without any code change.');
    const same = buildComparison([round({ profile: A })], [round({ profile: A })]);
    expect(same.warnings).toEqual([]);
    const route = buildComparison([round({ profile: A })], [round({ profile: A, meta: { url: 'http://127.0.0.1:3000/log' } })]);
    expect(route.warnings[0].message).toMatch(/^A and B loaded different requests \(A: GET \/hello; B: GET \/log\)/);
  });

  it('flags failed responses and a recording that does not say its machine', () => {
    const c = buildComparison([round({ profile: A, meta: { machine: null } })], [round({ profile: A, load: syntheticLoad({ requests: 1000, non2xx: 300 }) })]);
    expect(c.warnings.map((w) => w.kind)).toEqual(['machine', 'errors']);
    expect(c.load!.non2xxPer1k).toMatchObject({ a: 0, b: 300 });
  });

  it('compares imported profiles in % of their own time, and says which views are missing', () => {
    const c = buildComparison(
      [round({ profile: A, load: null, meta: { source: 'imported', url: null } })],
      [round({ profile: B, load: null, meta: { source: 'imported', url: null } })],
    );
    expect(c.perRequest).toBe(false);
    expect(c.load).toBeNull();
    expect(c.cpuMsPer1kRequests).toBeNull();
    expect(c.functions.find((f) => f.name === 'log')).toMatchObject({ aMsPer1k: null, deltaMsPer1k: null, bPercent: 37.5 });
    expect(c.unavailable).toEqual([
      'A has no load numbers (an imported profile): requests/s, latency and CPU ms per 1 000 requests cannot be compared; the tables compare each profile\'s share of its own time instead.',
      'B has no load numbers (an imported profile): requests/s, latency and CPU ms per 1 000 requests cannot be compared; the tables compare each profile\'s share of its own time instead.',
    ]);
    expect(c.verdict).toBe('Without request counts on both sides, Flambé compares each profile in % of its own time. The profiles differ most in logging: 38% of B\'s time in handler, app.js:2, against 0.0% of A\'s.');
  });

  it('compares load-only runs by their load, without tables', () => {
    const c = buildComparison([round({ profile: null, load: syntheticLoad({ requests: 1000, rps: 100 }) })], [round({ profile: null, load: syntheticLoad({ requests: 1000, rps: 100.5 }) })]);
    expect(c.functions).toEqual([]);
    expect(c.buckets).toEqual([]);
    expect(c.unavailable[0]).toMatch(/^A is a load-only run/);
    expect(c.verdict).toBe('B serves about as many requests per second as A (p99 the same) — one run each: repeat both to know whether this is more than noise.');
  });

  it('matches a function whose line moved', () => {
    const c = buildComparison([round({ profile: 'main  f[a.js:10]' })], [round({ profile: 'main  f[a.js:12]' })]);
    expect(c.functions.find((f) => f.name === 'f')).toMatchObject({ status: 'changed', moved: true, line: 12, aLine: 10 });
  });

  it('averages the event-loop utilisation of the process samples', () => {
    const c = buildComparison([round({ profile: A, elu: [0.2, 0.4] })], [round({ profile: A, elu: [0.9, 0.9] })]);
    expect(c.elu!.a).toBeCloseTo(0.3, 10);
    expect(c.elu!.b).toBeCloseTo(0.9, 10);
  });

  it('says "of CPU" only where every round\'s ms are CPU from the OS clock, "of sampled time" where one is not (an imported file)', () => {
    // Ten ms a sample: A 50 ms busy, B 70 ms; each thread ran half its sampled busy time.
    const clocked = (text: string, busyMs: number) => ({
      ...round({ profile: profileFromText(text, { weightsMs: 10 }), load: syntheticLoad({ requests: 1000 }) }),
      cpu: { windowMs: 80, mainThread: { clock: 'threadCpuUsage' as const, cpuMs: busyMs / 2 }, processCpuMs: busyMs, sampledMs: 80, sampledBusyMs: busyMs, samples: 8, askedIntervalUs: 1000, workers: [] },
    });
    const c = buildComparison([clocked(A, 50)], [clocked(B, 70)]);
    expect(c.cpuTime).toBe(true);
    expect(per1kUnit(c)).toBe('CPU ms per 1 000 requests');
    // handler and log at half their sampled ms: 15 ms of CPU over 1 000 requests.
    expect(c.verdict).toMatch(/CPU per 1 000 requests: 25 → 35 ms \(\+40%\)\. The difference is logging: B spends 15 ms of CPU per 1 000 requests on it/);
    const mixed = buildComparison([clocked(A, 50)], [round({ profile: profileFromText(B, { weightsMs: 10 }), load: syntheticLoad({ requests: 1000 }) })]);
    expect(mixed.cpuTime).toBe(false);
    expect(per1kUnit(mixed)).toBe('sampled ms per 1 000 requests');
    expect(mixed.verdict).toMatch(/ms of sampled time per 1 000 requests/);
    expect(mixed.verdict).not.toMatch(/of CPU|CPU per 1 000/);
  });

  it('serialises to the JSON the CLI prints (no profile, no functions inside)', () => {
    const c = buildComparison([round({ profile: A })], [round({ profile: B })]);
    const back = JSON.parse(JSON.stringify(c));
    expect(back).toEqual(c);
    expect(Object.keys(back)).toEqual(['a', 'b', 'perRequest', 'cpuTime', 'load', 'cpuMsPer1kRequests', 'processCpuMsPer1k', 'elu', 'allocations', 'buckets', 'categories', 'functions', 'files', 'packages', 'warnings', 'unavailable', 'howSure', 'verdict']);
    expect(meta().source).toBe('recorded');
  });

  it('leaves background work out of every per-request figure: a timer that runs more in B is not the requests\' cost', () => {
    // Both sides verify 2 ms per batch of requests; B's timer also signs for 4 ms with no request behind it.
    const a = profileFromText(`
      handler  handler  (idle)  (idle)  (idle)  (idle)
      verify   verify
    `, { startTimeUs: 0 });
    const b = profileFromText(`
      handler  handler  signPrices  signPrices  signPrices  signPrices
      verify   verify
    `, { startTimeUs: 0 });
    const first = b.endTimeUs - b.durationMs * 1000;
    const background = { percent: 67, cpuMs: 4, functions: [], spans: [first + 2000, first + 6000] };
    const requestTime = { requests: 1000, perRequestMs: { p50: 1, mean: 1 }, serverMs: { p50: 1, p99: 1, mean: 1 }, parts: [], byRoute: [], dropped: 0, background };
    const c = buildComparison([round({ profile: a })], [{ ...round({ profile: b }), requestTime }]);
    expect(c.cpuMsPer1kRequests).toMatchObject({ a: 2, b: 2 });
    expect(c.functions.map((f) => f.name)).not.toContain('signPrices');
    expect(c.functions.map((f) => f.name)).not.toContain('(background work)');
    expect(c.files.map((f) => f.name)).not.toContain('(background work)');
    expect(c.functions.find((f) => f.name === 'verify')).toMatchObject({ aMsPer1k: 2, bMsPer1k: 2, deltaMsPer1k: 0 });
    expect(c.categories.find((k) => k.key === 'background')).toMatchObject({ aMsPer1k: 0, bMsPer1k: 4, name: 'background work (no request behind it)' });
    // Without the spans, the timer is charged to the requests, as before.
    expect(buildComparison([round({ profile: a })], [round({ profile: b })]).cpuMsPer1kRequests).toMatchObject({ a: 2, b: 6 });
  });
});
