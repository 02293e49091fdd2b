// Bytes allocated per request, A against B: one run each (no interval, said
// so, unless the library repeats these settings), rounds (Welch) and an
// experiment's pairs (paired), per function too.
import { describe, expect, it } from 'vitest';
import type { HeapProfile, HeapProfileNode } from '../recording/memory.ts';
import { COLLECTOR_URL } from '../profile/classify.ts';
import { compareRounds } from '../experiment/comparison.ts';
import { buildComparison } from './compare.ts';
import { round, syntheticLoad } from './test-support/rounds.ts';
import { compareReport } from '../report/build-report.ts';
import type { RecordingMeta } from '../recording/recording.ts';
import { estimateNoise, type NoiseRun } from './noise.ts';
import type { RunMeta } from './types.ts';

let id = 1;
const node = (functionName: string, url: string, lineNumber: number, selfSize: number, children: HeapProfileNode[] = []): HeapProfileNode =>
  ({ callFrame: { functionName, scriptId: '1', url, lineNumber, columnNumber: 0 }, selfSize, id: id++, children });
/** A handler that allocates `header` bytes itself and calls buildRows, which allocates `rows` (both over the whole round). */
const heap = (rows: number, header: number, extra: HeapProfileNode[] = []): HeapProfile =>
  ({ head: node('(root)', '', -1, 0, [node('handle', '/srv/report.js', 9, header, [node('buildRows', '/srv/report.js', 22, rows)]), ...extra]) });

/** A round of `requests` whose main thread allocated `h` (and a worker `w`, when given). */
function allocRound(requests: number, h: HeapProfile | null, w?: HeapProfile) {
  const r = round({ profile: 'main\nhandle', load: syntheticLoad({ requests }) });
  return { ...r, allocations: h ? [{ name: 'main thread', heap: h }, ...(w ? [{ name: 'worker 1 (w.js)', heap: w }] : [])] : null };
}

describe('compareAllocationRounds (through buildComparison)', () => {
  it('gives bytes per request on each side and by function with one run each, but no interval: the sampler is statistical too', () => {
    // A builds 9.6 MB of rows per request, B 1.2 MB; both 0.4 MB in the handler itself.
    const c = buildComparison([allocRound(1, heap(9_600_000, 400_000))], [allocRound(1, heap(1_200_000, 400_000))]);
    const m = c.allocations!.bytesPerRequest;
    expect([m.a, m.b]).toEqual([10_000_000, 1_600_000]);
    expect(m.deltaPercent).toBeCloseTo(-84, 5);
    expect(m).toMatchObject({ ci95: null, significant: null, basis: 'single' });
    expect(c.allocations!.functions.map((f) => `${f.function} ${f.location} ${f.status} ${f.deltaBytesPerRequest}`))
      .toEqual(['buildRows /srv/report.js:23 changed -8400000', 'handle /srv/report.js:10 changed 0']);
    expect(c.verdict).toMatch(/Allocated per request: 9\.5 MiB → 1\.5 MiB \(−84%; one run each, so not yet known to be more than noise\)\.$/);
    // The report (flambe report A B, the screens' "Export report") carries the same rows.
    const rec = { name: 'r', createdAt: '2026-11-28T06:00:00Z', machine: null, target: null, settings: null } as unknown as RecordingMeta;
    const doc = compareReport(c, null, rec, rec, { a: null, b: null });
    const i = doc.blocks.findIndex((b) => b.kind === 'h2' && b.text === 'Allocated per request (every thread)');
    const table = doc.blocks[i + 1];
    expect(table.kind === 'table' && table.table.rows.slice(0, 2)).toEqual([
      ['all functions', '9.5 MiB', '1.5 MiB', '-8 MiB', '-84.0 %', 'cannot tell: one run each'],
      ['buildRows (/srv/report.js:23)', '9.2 MiB', '1.1 MiB', '-8 MiB', '-87.5 %', 'cannot tell: one run each'],
    ]);
  });

  it('divides each round by its own requests, and sums every thread (work moved into a worker still allocates)', () => {
    const c = buildComparison([allocRound(10, heap(1000, 0))], [allocRound(40, heap(1000, 0), heap(3000, 0))]);
    expect(c.allocations!.bytesPerRequest.deltaPercent).toBe(0);
    expect(c.allocations!.functions.find((f) => f.function === 'buildRows')!.bBytesPerRequest).toBe(100);
  });

  it('marks functions new and gone, and leaves Flambé\'s own collector out of the rows and of bytes per request', () => {
    const collector = node('onStart', COLLECTOR_URL, 135, 50_000);
    const c = buildComparison([allocRound(1, heap(1000, 0))], [allocRound(1, heap(0, 0, [node('cache', '/srv/report.js', 40, 5000), collector]))]);
    // Flambé's allocations are its own cost, in no per-request figure (shared/memory/allocations.ts), as in a recording's table.
    expect(c.allocations!.bytesPerRequest.b).toBe(5000);
    expect(c.allocations!.functions.map((f) => `${f.function} ${f.status}`)).toEqual(['cache new', 'buildRows gone']);
  });

  describe('one run each, with the library\'s repeats of these settings (as CPU per 1 000 requests)', () => {
    /** Library runs of `m`'s settings with these bytes per request (none: a run saved before the library kept them). */
    const repeats = (m: RunMeta, prefix: string, bytes: (number | undefined)[]): NoiseRun[] =>
      bytes.map((b, i) => ({ id: `${prefix}${i}`, meta: { ...m, id: `${prefix}${i}` }, values: { rps: 100, ...(b === undefined ? {} : { bytesPerRequest: b }) } }));
    const A = allocRound(1, heap(9_600_000, 400_000));
    const B = (rows: number) => allocRound(1, heap(rows, 400_000));
    // Three repeats at 1 MB × e^(−0.1, 0, +0.1): ln-values' pooled sd is exactly 0.1 with df 2.
    const library = repeats(A.meta, 'a', [1e6 * Math.exp(-0.1), 1e6, 1e6 * Math.exp(0.1)]);
    // t(0.975, 2) · 0.1 · √2 = 0.608 in ln: B/A's interval is e^(ln(B/A) ∓ 0.608) − 1.
    const half = 4.302652729911275 * 0.1 * Math.SQRT2;

    it('gives the interval from their noise and calls a drop of 84% real (−91% to −71%)', () => {
      const c = buildComparison([A], [B(1_200_000)], { noise: estimateNoise(library, A.meta, A.meta) });
      const m = c.allocations!.bytesPerRequest;
      expect(m).toMatchObject({ basis: 'repeats', significant: true });
      expect(m.ci95![0]).toBeCloseTo((Math.exp(Math.log(0.16) - half) - 1) * 100, 6);
      expect(m.ci95![1]).toBeCloseTo((Math.exp(Math.log(0.16) + half) - 1) * 100, 6);
      expect(m.ci95!.map(Math.round)).toEqual([-91, -71]);
      expect(c.verdict).toMatch(/Allocated per request: 9\.5 MiB → 1\.5 MiB \(−84%; 95% interval −91% to −71%, from the noise of repeated recordings\)\.$/);
      // The functions' own bytes are not kept per run in the library: their rows still cannot tell.
      expect(c.allocations!.functions[0]).toMatchObject({ function: 'buildRows', relativeCi95: null, significant: null });
    });

    it('says a 10% drop is within what runs of these settings differ by (−51% to +65%)', () => {
      const c = buildComparison([A], [B(8_600_000)], { noise: estimateNoise(library, A.meta, A.meta) });
      const m = c.allocations!.bytesPerRequest;
      expect(m).toMatchObject({ basis: 'repeats', significant: false });
      expect(m.ci95!.map(Math.round)).toEqual([-51, 65]);
      expect(c.verdict).toMatch(/Allocated per request: 9\.5 MiB → 8\.6 MiB \(−10\.0%; runs of these settings differ that much by chance \(95%: −51% to \+65%\): no clear difference\)\.$/);
    });

    it('cannot tell when the repeats did not keep bytes per request (saved before the library kept them) or ran other settings', () => {
      const old = repeats(A.meta, 'o', [undefined, 1e6, undefined]);
      const other = repeats({ ...A.meta, sameness: JSON.stringify([['LOG=1']]) }, 'x', [1e6, 1.1e6, 0.9e6]);
      for (const runs of [old, other]) {
        const c = buildComparison([A], [B(1_200_000)], { noise: estimateNoise(runs, A.meta, A.meta) });
        expect(c.allocations!.bytesPerRequest).toMatchObject({ basis: 'single', significant: null, ci95: null });
        expect(c.verdict).toMatch(/one run each, so not yet known to be more than noise\)\.$/);
      }
    });
  });

  it('is null when a round has no allocation profile or no requests: nothing is compared against nothing', () => {
    expect(buildComparison([allocRound(1, null)], [allocRound(1, heap(1, 1))]).allocations).toBeNull();
    expect(buildComparison([{ ...allocRound(1, heap(1, 1)), load: null }], [allocRound(1, heap(1, 1))]).allocations).toBeNull();
  });

  it('puts the paired interval of an experiment on bytes per request and on each function, like CPU per request', () => {
    // Pair by pair B builds about a third of A's rows; the handler's own bytes do not move.
    const rowsA = [9_600_000, 9_900_000, 9_400_000, 9_700_000];
    const rowsB = [3_100_000, 3_300_000, 3_000_000, 3_250_000];
    const a = rowsA.map((r, i) => allocRound(1000, heap(r * 1000, 400_000_000 + i * 1_000_000)));
    const b = rowsB.map((r, i) => allocRound(1000, heap(r * 1000, 400_000_000 + i * 1_200_000)));
    const c = compareRounds({ a: 'rows copied', b: 'rows streamed' }, a, b)!;
    const m = c.allocations!.bytesPerRequest;
    expect(m.basis).toBe('rounds');
    expect(m.significant).toBe(true);
    expect(m.ci95![1]).toBeLessThan(0);
    expect(m.ci95![0]).toBeLessThan(m.deltaPercent!);
    const rows = c.allocations!.functions.find((f) => f.function === 'buildRows')!;
    expect(rows.significant).toBe(true);
    expect(rows.relativeCi95![1]).toBeLessThan(-50);
    // The handler's own 0.4 MB moved by under 1% of the bytes per request: not a change worth a claim.
    expect(c.allocations!.functions.find((f) => f.function === 'handle')!.significant).not.toBe(true);
    expect(c.verdict).toMatch(/“rows streamed” allocates 6\d% less per request than “rows copied” \(95%: 6\d%–\d\d% less\): 9\.\d MiB → 3\.\d MiB per request\./);
  });

  it('never puts a function gone from B below 100% less: bytes are not negative (found on an Express app: "real (95%: −159% to −41%)")', () => {
    const copy = (bytes: number) => [node('copyRows', '/srv/report.js', 30, bytes)];
    const a = [2e9, 1.5e9, 2.5e9, 1.8e9].map((b) => allocRound(1000, heap(1e9, 0, copy(b))));
    const b = [1, 2, 3, 4].map(() => allocRound(1000, heap(1e9, 0)));
    const gone = compareRounds({ a: 'A', b: 'B' }, a, b)!.allocations!.functions.find((f) => f.function === 'copyRows')!;
    expect(gone.status).toBe('gone');
    expect(gone.relativeCi95![0]).toBe(-100);
    expect(gone.relativeCi95![1]).toBeLessThan(0);
  });

  it('says no clear difference when the rounds disagree as much as the change', () => {
    const a = [9, 14, 6, 12].map((mb) => allocRound(1000, heap(mb * 1e9, 0)));
    const b = [13, 7, 11, 8].map((mb) => allocRound(1000, heap(mb * 1e9, 0)));
    const c = compareRounds({ a: 'A', b: 'B' }, a, b)!;
    expect(c.allocations!.bytesPerRequest.significant).toBe(false);
    expect(c.verdict).not.toMatch(/allocates/);
  });
});
