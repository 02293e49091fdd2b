// Verdicts that hold (issue 23): each wrong answer reproduced on a real server,
// pinned here at its rule on a text profile — the sentence Flambé says first.
import { describe, expect, it } from 'vitest';
import type { LoadSummary } from '../recording/load.ts';
import { buildComparison } from '../compare/compare.ts';
import { round } from '../compare/test-support/rounds.ts';
import { exportThreadsCpuProfileText, importWholeProcess } from '../profile/import/all-threads.ts';
import { bucketBreakdown } from '../profile/views/categories.ts';
import { findFindings } from './findings.ts';
import { guardedStatement } from '../profile/lines.ts';
import { profileFromText } from '../profile/test-support/text-profile.ts';
import { buildVerdict, findingSentence, spreadSentence, verdictLines } from './profile-verdict.ts';

const APP = 'file:///app/app.js';
const cols = (n: number, stack: string) => Array(n).fill(stack);
function fromStacks(stacks: string[], opts: Parameters<typeof profileFromText>[1] = {}) {
  const parts = stacks.map((s) => s.split(' / '));
  const depth = Math.max(...parts.map((p) => p.length));
  const width = Math.max(...parts.flat().map((t) => t.length)) + 2;
  const rows: string[] = [];
  for (let d = 0; d < depth; d++) rows.push(parts.map((p) => (p[d] ?? '').padEnd(width)).join(''));
  return profileFromText(rows.join('\n'), opts);
}
const load = (over: Partial<LoadSummary>): LoadSummary => ({
  requests: 1000, durationSec: 10, rps: 100, latencyMs: { p50: 1, p90: 2, p99: 3, max: 4, mean: 1 }, errors: 0, timeouts: 0, non2xx: 0,
  statusCodes: { 200: 1000 }, bytesPerSec: 0, timeline: [], stoppedEarly: false, ...over,
});
const quiet = [0, 1].map((t) => ({ tMs: t * 1000, elu: 0.4, loopDelayP99Ms: 2, heapUsedMb: 10, rssMb: 60, cpuPercent: 40 }));

describe('failing requests lead the verdict (item 2)', () => {
  // The server's 404 handler, idle 58%: "Nothing of yours stands out … use more connections" before.
  const p = fromStacks([...cols(42, 'emit[node:events] / onRequest[node:_http_server:1]'), ...cols(58, '(idle)')]);

  it('an all-404 burst says so first, and not "use more connections"', () => {
    const v = buildVerdict(p, { samples: quiet, requests: 23_892, load: load({ requests: 23_892, non2xx: 23_892, statusCodes: { 404: 23_892 } }) });
    const lines = verdictLines(v);
    expect(lines[0]).toBe('All 23 892 responses were 404 (Not Found): the server has no route for that URL, so the profile shows it turning requests away, not serving them. Check the URL (path, port) and the method.');
    expect(lines.join('\n')).not.toMatch(/more connections|did not stress it/);
  });

  it('a mostly failing burst gives the share and the codes; a healthy one says nothing of it', () => {
    const v = buildVerdict(p, { samples: quiet, load: load({ requests: 1000, statusCodes: { 200: 300, 500: 600, 503: 100 } }) });
    expect(verdictLines(v)[0]).toBe('700 of 1 000 responses (70%) were errors, most of them 500 (Internal Server Error) ×600 (also 503 ×100): the server failed them, so the profile shows its error path, not the work. Look at its console for the cause.');
    const ok = buildVerdict(p, { samples: quiet, load: load({ statusCodes: { 200: 900, 404: 100 } }) });
    expect(ok.load.map((c) => c.id)).not.toContain('failing');
    expect(ok.trust.map((c) => c.id)).toContain('idle');
  });
});

describe('a function owns the built-ins it calls directly (item 3)', () => {
  // `while (performance.now() < end) {}`: 31 ms in the loop, 56 ms under performance.now, 13 ms idle.
  const p = fromStacks([
    ...cols(31, 'handle[node_modules/express/lib/router/layer.js:95] / busyWait[server.js:12]'),
    ...cols(50, 'handle[node_modules/express/lib/router/layer.js:95] / busyWait[server.js:12] / now[node:internal/perf/performance] / now[native]'),
    ...cols(6, 'handle[node_modules/express/lib/router/layer.js:95] / busyWait[server.js:12] / now[node:internal/perf/performance]'),
    ...cols(13, '(idle)'),
  ]);

  it('names the function with its own and its total share, and never "not in what it calls"', () => {
    const f = findFindings(p).findings[0];
    expect(f).toMatchObject({ kind: 'function', function: 'busyWait', percent: 87, split: { ownPercent: 31, callee: 'now in node:internal/perf/performance' } });
    expect(f.split!.builtinPercent).toBeCloseTo(56, 6);
    expect(findingSentence(f)).toBe('busyWait takes 87% of the time with the built-ins it calls (100% of the busy time): its own code 31%, the built-ins 56% (heaviest: now in node:internal/perf/performance). Hottest line in server.js:12.');
    expect(f.advice).toMatch(/^Most of it is in the built-ins busyWait calls directly/);
    expect(f.advice).not.toMatch(/not in what it calls/);
  });

  it("leaves Node's I/O (res.end writing the response) and the buckets out of a function's built-ins", () => {
    const q = fromStacks([
      ...cols(5, 'handler[server.js:3]'),
      ...cols(60, 'handler[server.js:3] / end[node:_http_outgoing] / writev[native]'),
      ...cols(35, 'handler[server.js:3] / pbkdf2Sync[node:internal/crypto/pbkdf2] / pbkdf2[native]'),
    ]);
    const { findings } = findFindings(q);
    expect(findings.map((f) => f.kind)).toEqual(['crypto']);
  });

  it('keeps "its own code" for a function whose time is its own', () => {
    const own = fromStacks([...cols(90, 'loopy[a.js:1]'), ...cols(10, 'loopy[a.js:1] / floor[native]')]);
    const f = findFindings(own).findings[0];
    expect(f.advice).toMatch(/^Part of it is in the built-ins loopy calls directly/);
    const pure = findFindings(fromStacks(cols(10, 'loopy[a.js:1]'))).findings[0];
    expect(findingSentence(pure)).toMatch(/^loopy's own code takes 100% of the time\./);
    expect(pure.advice).toMatch(/own code, not in what it calls/);
  });
});

describe('near ties name both (item 4)', () => {
  it('names two functions within 5% of each other in the spread sentence', () => {
    const stacks = [...cols(2808, 'a[node:internal/a]'), ...cols(2783, 'b[node:internal/b]')];
    for (let i = 0; i < 40; i++) stacks.push(...cols(110, `f${i}[node:internal/f${i}]`));
    const r = findFindings(fromStacks(stacks));
    expect(r.findings).toEqual([]);
    expect(spreadSentence(r.spread!)).toMatch(/The heaviest functions are a \(28%\) and b \(28%\): within 5% of each other, neither is the one culprit\.$/);
    // Apart by more than the margin: one is named.
    const apart = findFindings(fromStacks([...cols(2808, 'a[node:internal/a]'), ...cols(2500, 'b[node:internal/b]'), ...stacks.slice(2808 + 2783)]));
    expect(spreadSentence(apart.spread!)).toMatch(/The heaviest function is a \(29%\)\.$/);
  });

  it('shows a fourth finding in a near tie with the third', () => {
    const p = fromStacks([
      ...cols(40, 'd[d.js:1] / readFileSync[node:fs]'),
      ...cols(30, 'c[c.js:1] / gzipSync[node:zlib]'),
      ...cols(20, 'b[b.js:1] / pbkdf2Sync[node:internal/crypto/pbkdf2]'),
      ...cols(19, 'a[a.js:1] / console.log[node:internal/console/constructor]'),
    ]);
    expect(findFindings(p).findings.map((f) => f.kind)).toEqual(['fs', 'compression', 'crypto', 'logging']);
  });
});

describe("a line's text classifies only what its own ticks did (item 5)", () => {
  const text = "if (process.env.LOG === '1') console.log(JSON.stringify(req.headers));";

  it('splits a guarded one-line statement into condition and body', () => {
    expect(guardedStatement(text)).toEqual({ condition: "process.env.LOG === ''", body: 'console.log(JSON.stringify(req.headers));' });
    expect(guardedStatement('debug && console.log(JSON.stringify(x));')).toEqual({ condition: 'debug', body: 'console.log(JSON.stringify(x));' });
    expect(guardedStatement('const s = JSON.stringify(x);')).toBeNull();
  });

  it('with LOG unset (no console.log under the function) the line is not JSON', () => {
    const p = profileFromText('route route route route other', { leafLines: [4, 4, 4, 4, 0], sourceLines: { [APP]: { 4: text } } });
    expect(bucketBreakdown(p).find((b) => b.id === 'json')!.ms).toBe(0);
    expect(findFindings(p).findings.map((f) => [f.kind, f.function])).toEqual([['function', 'route'], ['function', 'other']]);
  });

  it('with LOG set (console.log ran under it) the line is logging — its arguments, JSON included, are what the logging costs', () => {
    const p = fromStacks([...cols(3, 'route'), ...cols(2, 'route / log[node:internal/console/constructor]')], { leafLines: [4, 4, 4, 0, 0], sourceLines: { [APP]: { 4: text } } });
    const b = Object.fromEntries(bucketBreakdown(p).map((r) => [r.id, r.ms]));
    expect(b).toMatchObject({ json: 0, logging: 5 });
  });
});

describe('logging counts what a console.* call causes (item 6)', () => {
  it("counts the line that builds console.log's arguments as logging, beside console's own frames", () => {
    // `console.log(`${new Date().toISOString()} ${req.method} ${req.url}`)`: 3 ms building the string on the line, 2 ms in console.
    const line = 'console.log(`${new Date().toISOString()} ${req.method} ${req.url}`);';
    const p = fromStacks([...cols(3, 'handle'), ...cols(2, 'handle / log[node:internal/console/constructor] / writeUtf8String[native]'), ...cols(5, 'other')],
      { leafLines: [7, 7, 7, 0, 0, 0, 0, 0, 0, 0], sourceLines: { [APP]: { 7: line } } });
    const logging = bucketBreakdown(p).find((r) => r.id === 'logging')!;
    expect(logging.ms).toBe(5);
    expect(logging.callers[0]).toMatchObject({ name: 'handle', line: { line: 7, text: line } });
  });
});

describe('the verdict reads every thread (item 1)', () => {
  // The main thread hands requests to a pool and idles; the workers hash.
  const main = fromStacks([...cols(8, 'onRequest[server.js:20] / postMessage[node:internal/worker/io]'), ...cols(92, '(idle)')]);
  const worker = (busy: number) => ({
    name: 'worker 1 (hash-worker.cjs)',
    profile: fromStacks([...cols(busy, 'hashRounds[hash-worker.cjs:5] / digest[node:internal/crypto/hash] / digest[native]'), ...cols(100 - busy, '(idle)')]),
  });
  const samples = [0, 1].map((t) => ({ tMs: t * 1000, elu: 0.1, loopDelayP99Ms: 2, heapUsedMb: 10, rssMb: 60, cpuPercent: 70 }));
  const ctx = { samples, requests: 600, load: load({ requests: 600, statusCodes: { 200: 600 }, latencyMs: { p50: 25, p90: 66, p99: 270, max: 400, mean: 30 } }) };

  it('names the saturated pool first, the work on its thread, advice for code already in a worker, and no "did not stress it"', () => {
    const v = buildVerdict(main, ctx, undefined, [worker(95)]);
    const lines = verdictLines(v);
    expect(lines[0]).toBe('The worker pool was saturated — worker 1 (hash-worker.cjs) busy 95% of the time: requests queued for a free worker while the main thread waited. Make each task cheaper, or add workers (up to the number of cores).');
    expect(lines[1]).toBe('1. On worker 1 (hash-worker.cjs), synchronous crypto takes 95% of the time (100% of the busy time), 158 ms of sampled time per 1 000 requests. From hashRounds in hash-worker.cjs:5.');
    expect(v.findings[0]).toMatchObject({ thread: 'worker 1 (hash-worker.cjs)', kind: 'crypto', function: 'hashRounds' });
    expect(v.findings[0].advice).toMatch(/^This runs in a worker thread \(worker 1 \(hash-worker\.cjs\)\), so it does not block the event loop/);
    expect(lines.join('\n')).not.toMatch(/did not stress it|or a worker thread|waiting on something else/);
  });

  it('asks for more workers only while there are cores for them (2 workers on 2 cores: make each task cheaper)', () => {
    const two = [worker(95), { ...worker(93), name: 'worker 2 (hash-worker.cjs)' }];
    const onTwoCores = verdictLines(buildVerdict(main, { ...ctx, cores: 2 }, undefined, two));
    expect(onTwoCores[0]).toMatch(/Make each task cheaper — 2 workers already have this machine's 2 cores: more would only share them\.$/);
    const v = buildVerdict(main, { ...ctx, cores: 2 }, undefined, two);
    expect(v.findings[0].advice).toMatch(/a result kept instead of recomputed\) — 2 workers already have this machine's 2 cores: more would only share them\.$/);
    const onEight = verdictLines(buildVerdict(main, { ...ctx, cores: 8 }, undefined, two));
    expect(onEight[0]).toMatch(/Make each task cheaper, or add workers \(up to this machine's 8 cores\)\.$/);
  });

  it('says saturated cluster workers or forked children as what they are, not a worker pool of threads', () => {
    const proc = (pid: number, role: string) => ({ ...worker(95), name: `process ${pid} (${role})`, requests: role === 'cluster worker' ? 300 : null });
    const cluster = verdictLines(buildVerdict(main, { ...ctx, cores: 2 }, undefined, [proc(4242, 'cluster worker'), proc(4243, 'cluster worker')]));
    expect(cluster[0]).toBe('The 2 cluster workers were saturated — process 4242 busy 95%, process 4243 busy 95% of the time: requests queued for a free one. '
      + 'Make each request cheaper — 2 workers already have this machine\'s 2 cores: more would only share them.');
    const pool = verdictLines(buildVerdict(main, { ...ctx, cores: 8 }, undefined, [proc(7, 'forked child'), proc(8, 'forked child')]));
    expect(pool[0]).toBe('The 2 forked children were saturated — process 7 busy 95%, process 8 busy 95% of the time: jobs queued for a free one while the parent waited. '
      + 'Make each job cheaper, or add workers (up to this machine\'s 8 cores).');
  });

  it('a busy but unsaturated pool is still no idle server; the main thread alone says what it said', () => {
    const v = buildVerdict(main, ctx, undefined, [worker(60)]);
    expect([...v.load, ...v.trust].map((c) => c.id)).not.toContain('idle');
    expect(v.load.map((c) => c.id)).not.toContain('workers-saturated');
    expect(buildVerdict(main, ctx).trust.map((c) => c.id)).toContain('idle');
  });
});

describe('Compare reads the whole process (item 1)', () => {
  // A hashes on its main thread; B moved the hashing into a worker: B's main thread idles.
  const a = fromStacks([...cols(60, 'login[server.js:5] / pbkdf2Sync[node:internal/crypto/pbkdf2]'), ...cols(40, '(idle)')]);
  const bMain = fromStacks([...cols(5, 'login[server.js:5] / postMessage[node:internal/worker/io]'), ...cols(95, '(idle)')]);
  const bWorker = fromStacks([...cols(62, 'hash[hash-worker.cjs:3] / pbkdf2Sync[node:internal/crypto/pbkdf2]'), ...cols(38, '(idle)')]);
  const bRaw = JSON.parse(exportThreadsCpuProfileText([{ name: 'main thread', profile: bMain }, { name: 'worker 1 (hash-worker.cjs)', profile: bWorker }]));

  it("counts B's hashing in its worker: sync crypto per 1 000 requests is about the same, not 0", () => {
    const c = buildComparison([round({ profile: a })], [round({ profile: importWholeProcess(bRaw) })]);
    const crypto = c.buckets.find((x) => x.id === 'crypto')!;
    expect(crypto.aMsPer1k).toBe(60);
    expect(crypto.bMsPer1k).toBe(62);
    // The main thread alone (before): B spent nothing on it.
    const mainOnly = buildComparison([round({ profile: a })], [round({ profile: bMain })]).buckets.find((x) => x.id === 'crypto')!;
    expect(mainOnly.bMsPer1k).toBe(0);
  });
});
