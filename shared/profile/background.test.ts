import { describe, expect, it } from 'vitest';
import { allocationsWithoutBackground, BACKGROUND_NAME, withoutBackground } from './background.ts';
import { buildVerdict, findingSentence, spreadSentence } from '../verdict/profile-verdict.ts';
import { categoryBreakdown } from './views/categories.ts';
import { profileFromText } from './test-support/text-profile.ts';
import type { HeapProfile } from '../recording/memory.ts';

// Six 1 ms samples from 0 µs: a request verifies (0-2), a timer signs with no request behind it (2-5), then idle.
const feed = () => profileFromText(`
  handler                           handler                           signPrices                        signPrices                        signPrices                        (idle)
  verifyLatest                      verifyLatest                      sign[node:internal/crypto/sig]    sign[node:internal/crypto/sig]    sign[node:internal/crypto/sig]
  verify[node:internal/crypto/sig]  verify[node:internal/crypto/sig]
`, { startTimeUs: 0 });

describe('withoutBackground', () => {
  it('moves the samples taken inside background spans under one node, idle left as it is', () => {
    const p = feed();
    const first = p.endTimeUs - p.durationMs * 1000;
    const out = withoutBackground(p, [first + 2000, first + 6000]);
    const names = [...out.samples].map((n) => out.frames[out.nodeFrame[n]].name);
    expect(names).toEqual(['verify', 'verify', BACKGROUND_NAME, BACKGROUND_NAME, BACKGROUND_NAME, '(idle)']);
    expect(out.durationMs).toBe(p.durationMs);
    expect(withoutBackground(p, undefined)).toBe(p);
  });

  it('leaves the timer out of the per-request figures: the crypto finding is the verification, at its own CPU', () => {
    const p = feed();
    const first = p.endTimeUs - p.durationMs * 1000;
    const before = buildVerdict(p, { requests: 2 }).findings.find((f) => f.kind === 'crypto')!;
    expect(before.function).toBe('signPrices');
    const requestTime = {
      requests: 2, perRequestMs: { p50: 1, mean: 1 }, serverMs: { p50: 1, p99: 1, mean: 1 }, parts: [], byRoute: [], dropped: 0,
      background: { percent: 60, cpuMs: 3, functions: [], spans: [first + 2000, first + 5000] },
    };
    const after = buildVerdict(p, { requests: 2, requestTime }).findings.find((f) => f.kind === 'crypto')!;
    expect(after.function).toBe('verifyLatest');
    expect(after.msPer1kRequests).toBe(1000); // 2 ms of verification over 2 requests
  });
});

describe('allocationsWithoutBackground', () => {
  it('drops what a background callback allocated, and keeps the rest', () => {
    const node = (id: number, functionName: string, line: number, selfSize: number, children: HeapProfile['head'][] = []) =>
      ({ id, selfSize, callFrame: { functionName, url: 'file:///srv/feed.js', lineNumber: line - 1, columnNumber: 0, scriptId: '1' }, children });
    const heap = { head: node(1, '(root)', 0, 0, [node(2, 'signPrices', 9, 500, [node(3, 'stringify', 12, 900)]), node(4, 'verifyLatest', 20, 40)]), samples: [] } as unknown as HeapProfile;
    const bg = { percent: 50, cpuMs: 1, functions: [{ function: 'signPrices', url: 'file:///srv/feed.js', line: 9, percent: 50, source: 'interval' as const, everyMs: 250 }] };
    const out = allocationsWithoutBackground(heap, bg);
    expect(out.head.children.map((c) => c.callFrame.functionName)).toEqual(['verifyLatest']);
    expect(heap.head.children).toHaveLength(2);
    // A CommonJS script: the CPU profile names it by its file:// URL, the heap profile by its path (a Koa app's
    // index rebuilt every 200 ms was counted per request).
    const byPath = { ...heap, head: { ...heap.head, children: heap.head.children.map((c) => ({ ...c, callFrame: { ...c.callFrame, url: '/srv/feed.js' } })) } };
    expect(allocationsWithoutBackground(byPath, bg).head.children.map((c) => c.callFrame.functionName)).toEqual(['verifyLatest']);
  });

  it("never takes Node's own frames for a background callback: processImmediate is above every immediate, a request's too", () => {
    // Seen beside another test file: Flambé's GC observer's immediates named processImmediate (node:internal/timers:525)
    // and isPerformanceEntry as background, and every byte the report route allocated under processImmediate was
    // counted as background — 0 bytes per request, and the GC finding named isPerformanceEntry as the allocator.
    const frame = (functionName: string, url: string, line: number) => ({ functionName, url, lineNumber: line - 1, columnNumber: 0, scriptId: '1' });
    const heap = {
      head: { id: 1, selfSize: 0, callFrame: frame('(root)', '', 0), children: [
        { id: 2, selfSize: 0, callFrame: frame('processImmediate', 'node:internal/timers', 525), children: [
          { id: 3, selfSize: 8_000, callFrame: frame('buildRows', 'file:///srv/report.js', 6), children: [] },
          { id: 4, selfSize: 60, callFrame: frame('isPerformanceEntry', 'node:internal/perf/performance_entry', 29), children: [] },
        ] },
      ] },
      samples: [],
    } as unknown as HeapProfile;
    const bg = { percent: 0.1, cpuMs: 3, functions: [
      { function: 'processImmediate', url: 'node:internal/timers', line: 525, percent: 0, source: 'immediate' as const },
      { function: 'isPerformanceEntry', url: 'node:internal/perf/performance_entry', line: 29, percent: 0, source: 'immediate' as const },
    ] };
    expect(allocationsWithoutBackground(heap, bg)).toBe(heap);
  });
});

describe('garbage that background work made', () => {
  it('is named in the GC finding instead of a request’s small allocator', () => {
    const p = profileFromText(`
      handler        handler        (gc)  (gc)  (idle)
      verifyLatest   verifyLatest
    `, { startTimeUs: 0 });
    const node = (id: number, functionName: string, line: number, selfSize: number, children: HeapProfile['head'][] = []) =>
      ({ id, selfSize, callFrame: { functionName, url: '/srv/feed.js', lineNumber: line - 1, columnNumber: 0, scriptId: '1' }, children });
    const allocations = { head: node(1, '(root)', 0, 0, [node(2, 'signPrices', 9, 5000, [node(3, 'stringify', 12, 9000)]), node(4, 'verifyLatest', 20, 400)]), samples: [] } as unknown as HeapProfile;
    const background = { percent: 20, cpuMs: 1, functions: [{ function: 'signPrices', url: 'file:///srv/feed.js', line: 9, percent: 20, source: 'interval' as const, everyMs: 250 }] };
    const requestTime = { requests: 2, perRequestMs: { p50: 1, mean: 1 }, serverMs: { p50: 1, p99: 1, mean: 1 }, parts: [], byRoute: [], dropped: 0, background };
    const v = buildVerdict(p, { requests: 2, requestTime, allocations });
    const gc = v.findings.find((f) => f.kind === 'gc')!;
    expect(gc.function).toBe('signPrices');
    expect(findingSentence(gc)).toMatch(/signPrices \(feed\.js:9\) allocates 14 KiB, 97% of all the bytes allocated, as background work run by a timer every 250 ms/);
    // With the requests' own allocator the bigger one, it is named as before.
    const small = { ...background, functions: [{ ...background.functions[0], function: 'nobody' }] };
    expect(buildVerdict(p, { requests: 2, requestTime: { ...requestTime, background: small }, allocations }).findings.find((f) => f.kind === 'gc')!.function).not.toBe('nobody');
  });
});

describe('the spread of a profile with background work set aside', () => {
  it('names it as background work, not as V8’s program', () => {
    const p = profileFromText(`
      handler   signPrices   signPrices   signPrices   (idle)
    `, { startTimeUs: 0 });
    const first = p.endTimeUs - p.durationMs * 1000;
    const rows = categoryBreakdown(withoutBackground(p, [first + 1000, first + 4000]));
    expect(rows.map((c) => [c.name, c.ms])).toEqual([['background work (no request behind it)', 3], ['idle', 1], ['your code', 1]]);
  });
});

describe('the verdict when only the background work stands out', () => {
  // Requests spread over twenty internals (1 ms each), a timer of yours 30 ms: "no function of your code 10%" holds of the requests' work only.
  const requests = Array.from({ length: 20 }, (_, i) => `f${i}[node:internal/f${i}]`);
  const p = profileFromText(`\n  ${[...requests, ...Array(30).fill('recomputeReport[report.js:2]')].join('  ')}\n`, { startTimeUs: 0 });
  const first = p.endTimeUs - p.durationMs * 1000;
  const requestTime = {
    requests: 20, perRequestMs: { p50: 1, mean: 1 }, serverMs: { p50: 1, p99: 1, mean: 1 }, parts: [], byRoute: [], dropped: 0,
    background: { percent: 60, cpuMs: 30, functions: [], spans: [first + 20_000, first + 50_000] },
  };

  it('says nothing stands out in the requests’ own work, not that nothing of yours does', () => {
    const v = buildVerdict(p, { requests: 20, requestTime });
    expect(v.findings).toEqual([]);
    const s = spreadSentence(v.spread!);
    expect(s).toMatch(/^Nothing stands out in the requests’ own work \(work with no request behind it, such as a timer’s, is counted apart\): no kind of work/);
    expect(s).toMatch(/background work \(no request behind it\) 60%/);
  });

  it('keeps the plain sentence when the background is too small to hold a finding (the demo\'s /hello read "in the requests\' own work")', () => {
    const small = profileFromText(`\n  ${[...requests, 'tick[report.js:2]'].join('  ')}\n`, { startTimeUs: 0 });
    const at = small.endTimeUs - small.durationMs * 1000;
    const bg = { ...requestTime, background: { percent: 5, cpuMs: 1, functions: [], spans: [at + 20_000, at + 21_000] } };
    expect(spreadSentence(buildVerdict(small, { requests: 20, requestTime: bg }).spread!)).toMatch(/^Nothing of yours stands out: no kind of work/);
  });

  it('keeps the plain sentence without background work', () => {
    const plain = profileFromText(`\n  ${requests.join('  ')}\n`);
    expect(spreadSentence(buildVerdict(plain, { requests: 20 }).spread!)).toMatch(/^Nothing of yours stands out: no kind of work/);
  });
});
