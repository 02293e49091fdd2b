// The Compare screen's pure parts: numbers and words, table rows, the HTML export.
import { describe, expect, it } from 'vitest';
import { buildComparison } from '../../../shared/compare/index.ts';
import { meta, round, syntheticLoad } from '../../../shared/compare/test-support/rounds.ts';
import { tableRows } from './change-rows.ts';
import { flameTooltip, msPer1k, signed, signedPercent, surenessWords } from './compare-format.ts';
import { computeComparison, type CompareSide } from './compute.ts';
import { cpuProfileFromText } from '../../../shared/profile/test-support/text-profile.ts';

const A = `
  main     main     main     (idle)
  handler  handler  helper
`;
const B = `
  main     main     main                                     main
  handler  handler  handler                                  handler
                    log[node:internal/console/constructor]   log[node:internal/console/constructor]
`;

describe('compare-format', () => {
  it('signs changes with a real minus, and says when nothing changed', () => {
    expect(signed(3.14159, 2)).toBe('+3.14');
    expect(signed(-0.004, 2)).toBe('0.00');
    expect(signed(-2, 1)).toBe('−2.0');
    expect(signedPercent(-42.4)).toBe('−42%');
    expect(signedPercent(4.44)).toBe('+4.4%');
    expect(signedPercent(null)).toBe('—');
    expect(msPer1k(123.4)).toBe('123');
    expect(msPer1k(0.123)).toBe('0.12');
  });

  it('says how sure in words', () => {
    const c = buildComparison([round({ profile: A })], [round({ profile: B, load: syntheticLoad({ requests: 1000, rps: 50 }) })]);
    expect(surenessWords(c.load!.rps)).toBe('cannot tell: one run each');
    expect(surenessWords(c.load!.errorsPer1k)).toBe('none on either side');
    const rounds = (rps: number[]) => rps.map((r) => round({ profile: A, load: syntheticLoad({ requests: r * 10, rps: r }) }));
    const sure = buildComparison(rounds([100, 101, 99]), rounds([200, 202, 199]));
    expect(surenessWords(sure.load!.rps)).toMatch(/^real \(95%: \+\d+% to \+\d+%\)$/);
  });
});

describe('table rows', () => {
  const c = buildComparison([round({ profile: A })], [round({ profile: B })]);

  it('turns functions and kinds of work into one row shape, in the order of the change', () => {
    const fns = tableRows(c, 'functions');
    expect(fns[0]).toMatchObject({ name: 'log', status: 'new', a: 0, b: 2, delta: 2, relative: null, flameTerm: 'log' });
    expect(fns[0].fn).toMatchObject({ name: 'log', url: 'node:internal/console/constructor' });
    const buckets = tableRows(c, 'buckets');
    expect(buckets.map((r) => r.name)).toEqual(['logging']);
    expect(buckets[0]).toMatchObject({ status: 'new', flameTerm: 'handler' });
    // A package row finds its frames by their folder; "your code" is no package to search.
    const withDep = buildComparison([round({ profile: 'main  route[node_modules/express/lib/router.js:3]' })], [round({ profile: 'main  main' })]);
    expect(tableRows(withDep, 'packages').map((r) => [r.name, r.flameTerm])).toEqual([['express', 'node_modules/express/'], ['your code', null]]);
  });

  it('carries what a (program) or (garbage collector) row is, for its "what is this?" button', () => {
    const meta = buildComparison([round({ profile: 'main  (program)  (gc)' })], [round({ profile: 'main  main  (program)' })]);
    const rows = tableRows(meta, 'functions');
    expect(rows.find((r) => r.name === '(program)')).toMatchObject({ notCode: 'program', location: expect.stringMatching(/^not a function — V8 and Node/) });
    expect(rows.find((r) => r.name === '(garbage collector)')).toMatchObject({ notCode: 'gc', status: 'gone' });
    expect(rows.find((r) => r.name === 'main')?.notCode).toBeUndefined();
  });

  it('filters by every word typed, on name, location and status', () => {
    // (idle) is gone from A to B too, but idle has no CPU per request: no row (shared/compare/rows.ts).
    expect(tableRows(c, 'functions', 'gone').map((r) => r.name)).toEqual(['helper']);
    expect(tableRows(c, 'functions', 'app.js hand').map((r) => r.name)).toEqual(['handler']);
    expect(tableRows(c, 'functions', 'nothing-like-it')).toEqual([]);
  });

  it('takes a status word as the status, not as part of a name (CI: "new" also listed newListener)', () => {
    // newListener is in both profiles (changed); log is only in B (new).
    const a = `
      main         main         main
      newListener  newListener  handler
    `;
    const b = `
      main         main     main
      newListener  handler  log
    `;
    const c2 = buildComparison([round({ profile: a })], [round({ profile: b })]);
    expect(tableRows(c2, 'functions').find((r) => r.name === 'newListener')?.status).toBe('changed');
    expect(tableRows(c2, 'functions', 'new').map((r) => r.name)).toEqual(['log']);
    expect(tableRows(c2, 'functions', 'newlist').map((r) => r.name)).toEqual(['newListener']);
  });
});

describe('computeComparison (the worker’s job)', () => {
  // As the screen hands it over: getRecording's metadata and getProfile's bytes.
  const rec = (text: string, requests: number, name: string): CompareSide => ({
    rec: {
      id: name, name, createdAt: '2026-11-23T10:00:00Z', target: { kind: 'launched', label: 's.js', pid: 1, nodeVersion: 'v24', argv: [] },
      settings: { targetId: 't', warmupSec: 0, samplingIntervalUs: 1000, tags: [], load: { url: 'http://127.0.0.1:1/x', method: 'GET', headers: {}, connections: 10, durationSec: 10, timeoutSec: 10 } },
      load: syntheticLoad({ requests }), hasProfile: true, samples: [], machine: meta().machine, error: null, tags: [], notes: '',
    },
    profile: new TextEncoder().encode(JSON.stringify(cpuProfileFromText(text))),
  });

  it("builds B's shape and A's shape, both coloured by B − A per 1 000 requests", () => {
    const { output } = computeComparison(rec(A, 1000, 'a'), rec(B, 1000, 'b'), null);
    expect(output.flameB!.unit).toBe('per1k');
    const main = (t: typeof output.flameB) => t!.tree.children[0];
    const logB = main(output.flameB).children.find((c) => c.name === 'handler')!.children.find((c) => c.name === 'log')!;
    expect(logB).toMatchObject({ status: 'new', delta: 2 });
    // No OS clock in these recordings: sampled time, and the tooltip says so.
    expect(flameTooltip(output.flameB!, 'b', logB)).toBe('log — only in B\nnode:internal/console/constructor\nA: 0.00 ms of sampled time per 1 000 requests\nB: 2.00 ms of sampled time per 1 000 requests\nChange: +2.00 ms (new in B)');
    // In A's shape, helper (gone from B) is there, with a negative change.
    const helperA = main(output.flameA).children.find((c) => c.name === 'helper')!;
    expect(helperA.delta).toBeLessThan(0);
    expect(flameTooltip(output.flameA!, 'a', helperA)).toMatch(/^helper — only in A\n\/app\/app\.js:\d+\nA: 1\.00 ms of sampled time per 1 000 requests\nB: 0\.00 ms of sampled time per 1 000 requests\nChange: −1\.00 ms \(−100%\)$/);
    // No allocation profiles: no allocation mode.
    expect([output.allocFlameA, output.allocFlameB]).toEqual([null, null]);
  });

  it("draws ms of CPU where both sides read the OS clock: a frame's tooltip says what the function table says", () => {
    // 10 ms a sample. A's thread ran 15 ms of CPU over 30 ms sampled busy (0.5), B's 10 over 40 (0.25): B's log,
    // 20 sampled ms over 1 000 requests, is 5 ms of CPU per 1 000 requests — in the table and in the chart.
    const clocked = (text: string, cpuMs: number, busyMs: number, name: string): CompareSide => {
      const side = rec(text, 1000, name);
      return {
        rec: { ...side.rec, cpu: { windowMs: 50, mainThread: { clock: 'threadCpuUsage', cpuMs }, processCpuMs: cpuMs, sampledMs: 50, sampledBusyMs: busyMs, samples: 5, askedIntervalUs: 10_000, workers: [] } },
        profile: new TextEncoder().encode(JSON.stringify(cpuProfileFromText(text, { weightsMs: 10 }))),
      };
    };
    const { output } = computeComparison(clocked(A, 15, 30, 'a'), clocked(B, 10, 40, 'b'), null);
    expect(output.comparison.cpuTime).toBe(true);
    expect(output.flameB!.cpuTime).toBe(true);
    // A's (idle) sample is the thread waiting: no frame per request, as no row (it drew a wide red "(idle)").
    expect([output.flameA!, output.flameB!].flatMap((f) => f.tree.children.map((c) => c.name))).not.toContain('(idle)');
    const logB = output.flameB!.tree.children[0].children.find((c) => c.name === 'handler')!.children.find((c) => c.name === 'log')!;
    const row = output.comparison.functions.find((r) => r.name === 'log')!;
    expect(row.bMsPer1k).toBeCloseTo(5, 6);
    expect(flameTooltip(output.flameB!, 'b', logB)).toBe('log — only in B\nnode:internal/console/constructor\nA: 0.00 ms of CPU per 1 000 requests\nB: 5.00 ms of CPU per 1 000 requests\nChange: +5.00 ms (new in B)');
    // helper, gone from B: A's 10 sampled ms at A's 0.5 are 5 ms of CPU per 1 000 requests, as its row says.
    const helperA = output.flameA!.tree.children[0].children.find((c) => c.name === 'helper')!;
    expect(output.comparison.functions.find((r) => r.name === 'helper')!.aMsPer1k).toBeCloseTo(5, 6);
    expect(flameTooltip(output.flameA!, 'a', helperA)).toMatch(/\nA: 5\.00 ms of CPU per 1 000 requests\nB: 0\.00 ms of CPU per 1 000 requests\n/);
  });

  it('draws the same two shapes from the allocation profiles, in bytes allocated per request (issue 22 item 6)', () => {
    const withHeap = (side: CompareSide, rowsBytes: number): CompareSide => {
      const profile = JSON.parse(new TextDecoder().decode(side.profile!));
      const frame = (functionName: string, lineNumber: number) => ({ functionName, scriptId: '1', url: '/app/app.js', lineNumber, columnNumber: 0 });
      profile.flambeAllocations = { head: { callFrame: { ...frame('(root)', -1), url: '' }, selfSize: 0, id: 1, children: [
        { callFrame: frame('handler', 4), selfSize: 200_000, id: 2, children: [{ callFrame: frame('buildRows', 9), selfSize: rowsBytes, id: 3, children: [] }] },
      ] } };
      return { ...side, profile: new TextEncoder().encode(JSON.stringify(profile)) };
    };
    // A builds 9.6 MB of rows per request over its 1 000 requests, B 1.2 MB.
    const { output } = computeComparison(withHeap(rec(A, 1000, 'a'), 9_600_000_000), withHeap(rec(B, 1000, 'b'), 1_200_000_000), null);
    expect(output.comparison.allocations!.bytesPerRequest).toMatchObject({ a: 9_600_200, b: 1_200_200, significant: null });
    expect(output.allocFlameB!.unit).toBe('bytes');
    const rows = output.allocFlameB!.tree.children[0].children.find((c) => c.name === 'buildRows')!;
    expect(flameTooltip(output.allocFlameB!, 'b', rows)).toBe('buildRows\n/app/app.js:10\nA: 9.2 MiB allocated per request\nB: 1.1 MiB allocated per request\nChange: −8 MiB (−88%)');
  });
});
