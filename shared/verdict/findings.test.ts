// The verdict's findings from text profiles: each kind of planted work is
// named with its function, line and advice; nothing standing out says so.
import { numbersOutOfStyle } from '../number-format.ts';
import { describe, expect, it } from 'vitest';
import { buildVerdict, emptyVerdictSentence, findingSentence, findingWhere, spreadSentence, verdictLines } from './profile-verdict.ts';
import { findFindings } from './findings.ts';
import { profileFromText } from '../profile/test-support/text-profile.ts';
import type { RegexChecker } from './regex-check.ts';

const APP = 'file:///app/app.js';
const cols = (n: number, stack: string) => Array(n).fill(stack);
/** A profile from stacks given as "a/b/c" strings, one per sample. */
function fromStacks(stacks: string[], opts: Parameters<typeof profileFromText>[1] = {}) {
  const depth = Math.max(...stacks.map((s) => s.split(' / ').length));
  const parts = stacks.map((s) => s.split(' / '));
  const width = Math.max(...parts.flat().map((t) => t.length)) + 2;
  const rows: string[] = [];
  for (let d = 0; d < depth; d++) rows.push(parts.map((p) => (p[d] ?? '').padEnd(width)).join(''));
  // Columns must all start in the first row: every stack has a first frame.
  return profileFromText(rows.join('\n'), opts);
}

describe('findFindings', () => {
  it('names Express\'s automatic ETag for crypto an app never calls, with its package and the way to turn it off', () => {
    // An unseen NestJS-on-Express catalog: "Synchronous crypto … From entitytag in index.js:39 … fewer iterations".
    const p = fromStacks([
      ...cols(40, 'handle[catalog.js:5] / send[node_modules/express/lib/response.js:200] / entitytag[node_modules/etag/index.js:39] / update[node:internal/crypto/hash] / update[native]'),
      ...cols(40, 'handle[catalog.js:5] / stringify[native]'),
      ...cols(20, '(idle)'),
    ]);
    const crypto = findFindings(p, { requests: 1000 }).findings.find((f) => f.kind === 'crypto')!;
    expect(crypto).toMatchObject({ function: 'entitytag' });
    expect(findingWhere(crypto)).toBe('From entitytag in index.js:39 (the etag package).');
    expect(crypto.advice).toMatch(/^This is Express's automatic ETag: .*app\.set\('etag', false\)/);
    expect(crypto.advice).not.toMatch(/pbkdf2|iterations/);
  });

  it('names sync crypto by the function of yours that called it, with advice', () => {
    const p = fromStacks([
      ...cols(60, 'handle[server.js:10] / cryptoRoute[server.js:39] / pbkdf2Sync[node:internal/crypto/pbkdf2] / pbkdf2[native]'),
      ...cols(30, 'handle[server.js:10] / writeHead[node:_http_server:408]'),
      ...cols(10, '(idle)'),
    ]);
    const { findings } = findFindings(p, { requests: 1000 });
    expect(findings[0]).toMatchObject({
      kind: 'crypto', function: 'cryptoRoute', url: 'file:///app/server.js', line: 39, location: '/app/server.js:39',
      percent: 60, msPer1kRequests: 60,
    });
    expect(findings[0].busyPercent).toBeCloseTo(66.667, 2);
    expect(findings[0].advice).toMatch(/asynchronous API/);
    // No OS clock (a file): the figure is sampled time, and says so.
    expect(findingSentence(findings[0])).toBe('Synchronous crypto takes 60% of the time (67% of the busy time), 60 ms of sampled time per 1 000 requests. From cryptoRoute in server.js:39.');
    // The thread had 45 ms of CPU over its 90 ms of sampled busy time (it waited for a core half the time): 30 ms of CPU.
    const cpu = { windowMs: 100, mainThread: { clock: 'threadCpuUsage' as const, cpuMs: 45 }, processCpuMs: 50, sampledMs: 100, sampledBusyMs: 90, samples: 100, askedIntervalUs: 1000, workers: [] };
    const withClock = findFindings(p, { requests: 1000, cpu }).findings[0];
    expect(withClock.msPer1kRequests).toBeCloseTo(30, 9);
    expect(findingSentence(withClock)).toBe('Synchronous crypto takes 60% of the time (67% of the busy time), 30 ms of CPU per 1 000 requests. From cryptoRoute in server.js:39.');
  });

  it("finds the caller's line for frame-decided work when the line is hot and known", () => {
    const p = fromStacks([
      ...cols(40, 'readRoute[server.js:20] / readFileSync[node:fs] / read[native]'),
      ...cols(2, 'readRoute[server.js:20]'),
      ...cols(58, '(idle)'),
    ], { leafLines: [...Array(40).fill(0), 22, 22, ...Array(58).fill(0)], sourceLines: { 'file:///app/server.js': { '22': "const page = fs.readFileSync('index.html');" } } });
    const f = findFindings(p).findings[0];
    expect(f).toMatchObject({ kind: 'fs', function: 'readRoute', line: 22, lineText: "const page = fs.readFileSync('index.html');", msPer1kRequests: null });
    expect(f.advice).toMatch(/once at start-up/);
  });

  it('names a synchronous child process by its caller and line, as a wait per request, not as CPU', () => {
    // The stack Node 24 samples while execSync waits for the program: the native spawn of spawnSync at the leaf.
    const p = fromStacks([
      ...cols(50, 'handle[about.js:20] / buildInfo[about.js:8] / execSync[node:child_process] / spawnSync[node:child_process] / spawnSync[node:internal/child_process] / spawn[native]'),
      ...cols(2, 'handle[about.js:20] / buildInfo[about.js:8]'),
      ...cols(20, 'handle[about.js:20] / writeHead[node:_http_server:408]'),
      ...cols(28, '(idle)'),
    ], { leafLines: [...Array(50).fill(0), 9, 9, ...Array(48).fill(0)], sourceLines: { 'file:///app/about.js': { '9': "commit: execSync('git rev-parse HEAD').trim()," } } });
    const f = findFindings(p, { requests: 10 }).findings[0];
    expect(f).toMatchObject({ kind: 'childProcess', function: 'buildInfo', line: 9, lineText: "commit: execSync('git rev-parse HEAD').trim(),", msPer1kRequests: 5000 });
    expect(f.advice).toMatch(/once at start-up.*asynchronous execFile/);
    expect(findingSentence(f)).toBe("Synchronous child processes take 50% of the time (69% of the busy time): the event loop waited 5 ms per request for them. From buildInfo in about.js:9: “commit: execSync('git rev-parse HEAD').trim(),”.");
  });

  it('names a JSON.stringify line and advises caching or a schema serializer; parse gets parse advice', () => {
    const source = { [APP]: { '5': 'res.end(JSON.stringify(big));', '6': 'const body = JSON.parse(text);' } };
    const p = profileFromText(`
      jsonRoute  jsonRoute  jsonRoute  jsonRoute  other
    `, { leafLines: [5, 5, 5, 6, 0], sourceLines: source });
    const { findings } = findFindings(p);
    expect(findings[0]).toMatchObject({ kind: 'json', function: 'jsonRoute', line: 5, lineText: 'res.end(JSON.stringify(big));' });
    expect(findings[0].advice).toMatch(/fast-json-stringify/);
    const parse = profileFromText('parseRoute parseRoute', { leafLines: [6, 6], sourceLines: { [APP]: { '6': 'const body = JSON.parse(text);' } } });
    expect(findFindings(parse).findings[0].advice).toMatch(/Parse it once/);
  });

  it('runs the regex check on the pattern a hot line names, found on its definition line', () => {
    const source = { [APP]: { '3': 'const fragile = /^(a+)+$/;', '9': 'const ok = fragile.test(input);' } };
    const p = profileFromText('regexRoute regexRoute regexRoute', { leafLines: [9, 9, 9], sourceLines: source });
    const seen: string[] = [];
    const checker: RegexChecker = (pattern) => {
      seen.push(`${pattern.source}/${pattern.flags}`);
      return { ...pattern, status: 'vulnerable', complexity: 'exponential', attack: 'aaaaaaaaaaaaaaaaaaaa!', attackPattern: "'a'.repeat(20) + '!'" };
    };
    const f = findFindings(p, { checkRegex: checker }).findings[0];
    expect(seen).toEqual(['^(a+)+$/']);
    expect(f.kind).toBe('regex');
    expect(f.regex?.status).toBe('vulnerable');
    expect(f.advice).toContain("'aaaaaaaaaaaaaaaaaaaa!'");
    expect(f.advice).toContain('takes exponential time');
    // A plural kind takes a plural verb; a singular one keeps "takes".
    expect(findingSentence(f)).toMatch(/^Regular expressions take 100% of the time\./);
    expect(findingSentence({ ...f, kind: 'json', label: 'JSON' })).toMatch(/^JSON takes 100% of the time\./);
  });

  it("names a function of yours whose own code is heavy, at its hottest line, but not again for the JSON lines already counted", () => {
    const p = profileFromText(`
      loopy  loopy  loopy  loopy  jsonRoute  jsonRoute  (idle)
    `, { leafLines: [7, 7, 7, 8, 4, 4, 0], sourceLines: { [APP]: { '4': 'return JSON.stringify(x);', '7': 'for (const a of all) for (const b of all) n += a * b;' } } });
    const { findings } = findFindings(p);
    expect(findings.map((f) => [f.kind, f.function])).toEqual([['function', 'loopy'], ['json', 'jsonRoute']]);
    expect(findings[0]).toMatchObject({ line: 7, lineText: 'for (const a of all) for (const b of all) n += a * b;' });
    expect(findings[0].advice).toMatch(/loopy's own code/);
  });

  it('says one line once: a callback written on a function\'s hottest line and called from it is part of that finding (Array.from on an Express route, issue 23)', () => {
    const shop = 'file:///app/shop.js';
    const line8 = 'const lines = Array.from({ length: 3000 }, (_, i) => ({ sku: `SKU-${i}`, qty: (i % 7) + 1 }));';
    const p = fromStacks([
      ...cols(30, 'handle[node_modules/express/lib/router/layer.js:95] / (anonymous)[shop.js:6]'),
      ...cols(29, 'handle[node_modules/express/lib/router/layer.js:95] / (anonymous)[shop.js:6] / (anonymous)[shop.js:8]'),
      ...cols(41, '(idle)'),
    ], { leafLines: [...Array(59).fill(8), ...Array(41).fill(0)], sourceLines: { [shop]: { '8': line8 } } });
    const fns = findFindings(p, { requests: 1000 }).findings.filter((f) => f.kind === 'function');
    expect(fns).toHaveLength(1);
    expect(fns[0]).toMatchObject({ function: '(anonymous)', location: '/app/shop.js:8', percent: 59, callback: { function: '(anonymous)', callee: 'Array.from', count: 1 } });
    expect(fns[0].callback!.percent).toBeCloseTo(29, 6);
    expect(findingSentence(fns[0])).toBe(`(anonymous) takes 59% of the time (100% of the busy time), 59 ms of sampled time per 1 000 requests, with the callback it passes to Array.from on its hottest line: its own code 30%, the callback 29%. Hottest line in shop.js:8: “${line8}”.`);
    expect(fns[0].advice).toMatch(/once per item/);
    expect(fns[0].advice).not.toMatch(/not in what it calls/);
    // A function on that line that the finding's function does not call (another handler, a minified bundle's line) stays its own.
    const apart = fromStacks([
      ...cols(30, 'handle[node_modules/express/lib/router/layer.js:95] / (anonymous)[shop.js:6]'),
      ...cols(29, 'handle[node_modules/express/lib/router/layer.js:95] / (anonymous)[shop.js:8]'),
    ], { leafLines: Array(59).fill(8), sourceLines: { [shop]: { '8': line8 } } });
    expect(findFindings(apart).findings.filter((f) => f.kind === 'function').map((f) => f.callback)).toEqual([undefined, undefined]);
  });

  it('keeps at most three findings, heaviest first', () => {
    const p = fromStacks([
      ...cols(10, 'a[a.js:1] / console.log[node:internal/console/constructor]'),
      ...cols(20, 'b[b.js:1] / pbkdf2Sync[node:internal/crypto/pbkdf2]'),
      ...cols(30, 'c[c.js:1] / gzipSync[node:zlib]'),
      ...cols(40, 'd[d.js:1] / readFileSync[node:fs]'),
    ]);
    expect(findFindings(p).findings.map((f) => f.kind)).toEqual(['fs', 'compression', 'crypto']);
  });

  it('says nothing stands out when no function or work takes 5% of the busy time, and where the time is', () => {
    const stacks: string[] = [];
    for (let i = 0; i < 25; i++) stacks.push(...cols(4, `f${i}[node:internal/f${i}]`));
    const r = findFindings(fromStacks(stacks));
    expect(r.findings).toEqual([]);
    expect(r.spread?.categories[0]).toMatchObject({ name: 'Node internals', busyPercent: 100 });
    expect(spreadSentence(r.spread!)).toMatch(/^Nothing of yours stands out: no kind of work .* takes 5% of the busy time, and no function of your code 10%\. The time is spread over Node internals 100%\. The heaviest functions are f0 \(4\.0%\) and f1 \(4\.0%\): within 5% of each other, neither is the one culprit\.$/);
  });

  it('has no findings and no spread for an all-idle profile', () => {
    expect(findFindings(profileFromText('(idle) (idle)'))).toMatchObject({ findings: [], spread: null, busyMs: 0 });
  });

  it('says an idle profile was idle, and a profile with no time that it holds none (not that the server idled)', () => {
    expect(verdictLines(buildVerdict(profileFromText('(idle) (idle)')))[0]).toEqual('The server was idle for the whole profile: there is nothing to say about its CPU time.');
    const instant = profileFromText('work[w.js:1] work[w.js:1]', { weightsMs: 0 });
    expect(instant.durationMs).toBe(0);
    expect(emptyVerdictSentence(buildVerdict(instant))).toBe('Every sample of this profile is at the same instant: it holds no time, so there is nothing to say about its CPU time.');
  });
});

describe('checks', () => {
  const busy = fromStacks([...cols(50, 'work[w.js:1] / gzipSync[node:zlib]'), ...cols(50, '(idle)')]);

  it('warns of too few samples with the interval a share could really be in', () => {
    const v = buildVerdict(busy);
    expect(v.trust.find((c) => c.id === 'few-samples')?.text).toBe('Only 100 samples: a share measured as 50% could really be anywhere from 40% to 60%. Record longer (or sample more often) for firmer numbers.');
  });

  it('says "No warm-up" only of code that ran cold: a sweep level after the first ran warm, the level before warmed it (issue 23 item 10)', () => {
    expect(buildVerdict(busy, { warmupSec: 0 }).trust.map((c) => c.id)).toContain('no-warmup');
    expect(buildVerdict(busy, { warmupSec: 0, warmedByEarlierLoad: true }).trust.map((c) => c.id)).not.toContain('no-warmup');
    expect(buildVerdict(busy, { warmupSec: 2 }).trust.map((c) => c.id)).not.toContain('no-warmup');
  });

  it('says "No warm-up" under the user’s own load, whatever the setting, and how to give one (issue 31)', () => {
    const load = { requests: 100, durationSec: 0.33, rps: 303, latencyMs: { p50: 1, p90: 2, p99: 3, max: 4, mean: 1 }, errors: 0, timeouts: 0, non2xx: 0, statusCodes: {}, bytesPerSec: 0, timeline: [], stoppedEarly: false };
    const own = buildVerdict(busy, { warmupSec: 3, load: { ...load, measuredInServer: true } }).trust.find((c) => c.id === 'no-warmup');
    expect(own?.text).toMatch(/^No warm-up: Flambé recorded your load from its first request.*record with --attach or --pid while you send it again/);
    expect(buildVerdict(busy, { warmupSec: 3, load }).trust.map((c) => c.id)).not.toContain('no-warmup');
    // Idle half the recording: under the user's load there are no connections of Flambé's to add.
    const idle = buildVerdict(busy, { warmupSec: 3, load: { ...load, measuredInServer: true } }).trust.find((c) => c.id === 'idle');
    expect(idle?.text).toBe('The server was idle 50% of the recording: your load did not keep it busy, or came for part of it only. Send more at once (more connections in your tool), or stop recording when your tool is done.');
  });

  it('says a hot line that calls a function the profile never saw as that function inlined, not "not in what it calls"', () => {
    // An unseen TypeScript server: "page's own code … Hottest line server.ts:22: const html = renderComments(…) … not in what it calls".
    const stacks = (line: string) => fromStacks([...cols(60, 'handle[server.js:2] / page[server.js:20]'), ...cols(40, '(idle)')],
      { leafLines: [...Array(60).fill(22), ...Array(40).fill(0)], sourceLines: { 'file:///app/server.js': { '22': line } } });
    const inlined = findFindings(stacks('  const html = renderComments(comments, 50);'), { requests: 1000 }).findings.find((f) => f.function === 'page')!;
    expect(inlined.advice).toMatch(/^The hottest line of page calls renderComments\(\): V8 compiled renderComments into page for speed \(inlined it\), so its time shows as page's own\. Look at renderComments:/);
    // A method or a global is no function of the app's; a function the profile has a frame of ran on its own.
    for (const line of ['  const html = comments.map(escape).join("");', '  const n = parseInt(text, 10) * Number(rate);', '  const html = handle(comments);']) {
      expect(findFindings(stacks(line), { requests: 1000 }).findings.find((f) => f.function === 'page')!.advice, line).toMatch(/^The time is in page's own code/);
    }
  });

  it('says requests queued behind child processes run synchronously, not behind running JavaScript, when they held the loop', () => {
    const held = fromStacks([...cols(90, 'buildInfo[build-info.js:5] / execSync[node:child_process] / spawnSync[node:internal/child_process] / spawnSync[native]'), ...cols(10, '(idle)')]);
    const samples = [0, 1, 2].map((t) => ({ tMs: t * 1000, elu: 0.92, loopDelayP99Ms: 137, heapUsedMb: 20, rssMb: 60, cpuPercent: 10 }));
    const text = buildVerdict(held, { warmupSec: 0, samples }).load.find((c) => c.id === 'loop-blocked')?.text;
    expect(text).toMatch(/^The event loop was busy 92% of the time and waited up to 137 ms \(loop delay p99\): requests queued behind child processes run synchronously\./);
  });

  it('warns when samples came much slower than asked, of no warm-up, of an idle server and of saturation', () => {
    const samples = [0, 1, 2].map((t) => ({ tMs: t * 1000, elu: 0.95, loopDelayP99Ms: 80, heapUsedMb: 20, rssMb: 60, cpuPercent: 97 }));
    const load = { requests: 1000, durationSec: 1, rps: 1000, latencyMs: { p50: 1, p90: 2, p99: 3, max: 4, mean: 1 }, errors: 0, timeouts: 0, non2xx: 0, statusCodes: {}, bytesPerSec: 0, timeline: [], stoppedEarly: false };
    const v = buildVerdict(busy, { samplingIntervalUs: 250, warmupSec: 0, samples, load });
    // Idle in the profile but saturated on the CPU: the process was stressed, so no "the load did not stress it" (issue 23).
    expect(v.trust.map((c) => c.id)).toEqual(['few-samples', 'interval', 'no-warmup', 'saturated']);
    expect(v.trust.find((c) => c.id === 'interval')?.text).toMatch(/^Samples came every 1 ms on average, not every 0\.25 ms as asked/);
    // Said with what Flambé did about it: without the OS clock, the ms per request are sampled time and read high…
    expect(v.trust.find((c) => c.id === 'interval')?.text).toMatch(/ms per request are sampled time here .* read high\.$/);
    // …with it, they come from the thread's CPU time, and how much of its sampled busy time it really ran is said.
    const busyMs = busy.durationMs;
    const cpu = { windowMs: busyMs, mainThread: { clock: 'schedstat' as const, cpuMs: busyMs / 4 }, processCpuMs: busyMs / 2, sampledMs: busyMs, sampledBusyMs: busyMs, samples: busy.samples.length, askedIntervalUs: 250, workers: [] };
    const withClock = buildVerdict(busy, { samplingIntervalUs: 250, warmupSec: 0, samples, load, cpu }).trust.find((c) => c.id === 'interval')?.text;
    expect(withClock).toMatch(/The thread ran .* on a CPU while it was sampled busy for .* \(25%\), so Flambé counts each ms per request from that CPU time, measured by the operating system/);
    // Where the collector timed the requests' code at a lower rate, that rate is the one every figure uses, and it is said.
    const withCode = buildVerdict(busy, { samplingIntervalUs: 250, warmupSec: 0, samples, load, cpu: { ...cpu, requestCode: { requests: 50, cpuMs: 30, wallMs: 300 } } }).trust.find((c) => c.id === 'interval')?.text;
    expect(withCode).toMatch(/\(25%\), so Flambé counts .* Its requests' own code got .* of CPU over the .* it ran \(10%\): each sampled ms counts as that share of a ms of CPU\.$/);
    expect(withClock).not.toMatch(/requests' own code/);
    // Its ms in the one number style: "2 271 ms", not "2271 ms" (issue 38's walk at 1024×700).
    const long = buildVerdict(busy, { samplingIntervalUs: 250, warmupSec: 0, samples, load, cpu: { ...cpu, sampledBusyMs: 2271, mainThread: { clock: 'schedstat' as const, cpuMs: 298 } } }).trust.find((c) => c.id === 'interval')!.text;
    expect(long).toMatch(/sampled busy for 2 271 ms \(13%\)/);
    expect(numbersOutOfStyle(long)).toEqual([]);
    expect(v.load.find((c) => c.id === 'loop-blocked')?.text).toBe('The event loop was busy 95% of the time and waited up to 80 ms (loop delay p99): requests queued behind running JavaScript. The heaviest work on it: work (w.js:1), 100% of the busy time.');
    expect(verdictLines(v)[0]).toMatch(/^1\. Compression takes 50% of the time \(100% of the busy time\)\./);
  });

  it('says the server was waiting when CPU is low and latency high, and says GC once, as a finding', () => {
    const p = fromStacks([...cols(30, 'work[w.js:1] / (gc)'), ...cols(70, 'work[w.js:1]')]);
    const samples = [0, 1].map((t) => ({ tMs: t * 1000, elu: 0.2, loopDelayP99Ms: 2, heapUsedMb: 10 + t * 40, rssMb: 60, cpuPercent: 20 }));
    const load = { requests: 10, durationSec: 1, rps: 10, latencyMs: { p50: 200, p90: 250, p99: 400, max: 500, mean: 210 }, errors: 0, timeouts: 0, non2xx: 0, statusCodes: {}, bytesPerSec: 0, timeline: [], stoppedEarly: false };
    const v = buildVerdict(p, { samples, load });
    // GC is a finding here: said once, there (not again as a load or a trust check: issue 23).
    expect(v.load.map((c) => c.id)).toEqual(['waiting']);
    expect(v.load[0].text).toMatch(/^CPU was only 20% of a core while p99 latency was 400 ms: requests were waiting on something else/);
    expect(v.trust.map((c) => c.id)).not.toContain('gc');
    expect(v.findings.map((f) => f.kind)).toEqual(['function', 'gc']);
    // Said once as a finding; the first finding names it only as a part of the rest of the busy time.
    expect(verdictLines(v).filter((l) => /garbage collection/i.test(l.replace(/\(the rest of the busy time is [^)]*\)/, '')))).toHaveLength(1);
    expect(verdictLines(v).find((l) => l.startsWith('1.'))).toBe("1. work's own code takes 70% of the time (the rest of the busy time is garbage collection 30%). Hottest line in w.js:1.");
  });

  it('names what a worker allocates in its GC finding, never the main thread\'s allocator', () => {
    // Found on a real pool (test/fixtures/memory-servers/invoice-pool.mjs): the worker's GC finding named the main thread's handler.
    const main = fromStacks([...cols(80, '(idle)'), ...cols(20, 'onRequest[pool.mjs:12]')]);
    const worker = fromStacks([...cols(40, 'onJob[worker.mjs:10] / (gc)'), ...cols(60, 'onJob[worker.mjs:10] / buildLines[worker.mjs:3]')]);
    const heap = (url: string, fn: string, line: number, bytes: number) => ({
      head: { callFrame: { functionName: '(root)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 }, selfSize: 0, id: 1, children: [
        { callFrame: { functionName: fn, scriptId: '1', url, lineNumber: line - 1, columnNumber: 0 }, selfSize: bytes, id: 2, children: [] },
      ] },
    });
    const v = buildVerdict(main, { requests: 1000, allocations: heap('/srv/pool.mjs', 'onRequest', 12, 130_000) }, undefined,
      [{ name: 'worker 1 (worker.mjs)', profile: worker, allocations: heap('/srv/worker.mjs', 'buildLines', 3, 244_000_000) }]);
    const gc = v.findings.find((f) => f.kind === 'gc' && f.thread === 'worker 1 (worker.mjs)')!;
    expect(findingSentence(gc)).toMatch(/buildLines \(worker\.mjs:3\) allocates 238 KiB per request/);
    // A worker whose allocations were not sampled names nobody.
    const unsampled = buildVerdict(main, { requests: 1000, allocations: heap('/srv/pool.mjs', 'onRequest', 12, 130_000) }, undefined, [{ name: 'worker 1 (worker.mjs)', profile: worker }]);
    expect(findingSentence(unsampled.findings.find((f) => f.kind === 'gc')!)).not.toMatch(/pool\.mjs/);
  });

  it('names who allocates in the GC finding when the recording sampled allocations', () => {
    const p = fromStacks([...cols(40, 'handle[report.js:10] / (gc)'), ...cols(60, 'handle[report.js:10] / buildRows[report.js:23]')]);
    const frame = (functionName: string, lineNumber: number) => ({ functionName, scriptId: '1', url: '/srv/report.js', lineNumber, columnNumber: 0 });
    const allocations = {
      head: { callFrame: { ...frame('(root)', -1), url: '' }, selfSize: 0, id: 1, children: [
        { callFrame: frame('handle', 9), selfSize: 400_000, id: 2, children: [{ callFrame: frame('buildRows', 22), selfSize: 9_600_000_000, id: 3, children: [] }] },
      ] },
    };
    const v = buildVerdict(p, { requests: 1000, allocations });
    const gc = v.findings.find((f) => f.kind === 'gc')!;
    expect(findingSentence(gc)).toBe('Garbage collection takes 40% of the time, 40 ms of sampled time per 1 000 requests. buildRows (report.js:23) allocates 9.2 MiB per request — build less per request, reuse buffers, or stream.');
  });

  it('adds to the allocating function the collections its garbage costs, which the profile shows apart (issue 31)', () => {
    // buildRows runs 50 of 100 samples; the (gc) samples sit beside it, 40 of them; it allocated 75 % of the bytes.
    const p = fromStacks([...cols(40, 'handle[report.js:10] / (gc)'), ...cols(50, 'handle[report.js:10] / buildRows[report.js:23]'), ...cols(10, 'handle[report.js:10]')]);
    // The heap profile names the script by its path, the CPU profile by its file:// URL (found on every CommonJS server).
    const frame = (functionName: string, lineNumber: number) => ({ functionName, scriptId: '1', url: '/app/report.js', lineNumber, columnNumber: 0 });
    const allocations = {
      head: { callFrame: { ...frame('(root)', -1), url: '' }, selfSize: 0, id: 1, children: [
        { callFrame: frame('handle', 9), selfSize: 100_000, id: 2, children: [{ callFrame: frame('buildRows', 22), selfSize: 300_000, id: 3, children: [] }] },
      ] },
    };
    const v = buildVerdict(p, { requests: 1000, allocations });
    const f = v.findings.find((x) => x.function === 'buildRows' && x.kind === 'function')!;
    // 40 ms of GC × 75 % of the bytes: 30 ms, 30 ms per 1 000 requests (sampled time: no OS clock here).
    expect(f.gcCaused).toMatchObject({ ms: 30, msPer1kRequests: 30, allocatesPercent: 75 });
    expect(findingSentence(f)).toMatch(/^buildRows's own code takes 50% of the time \(the rest of the busy time is garbage collection 40%, your code 10%\), 50 ms of sampled time per 1 000 requests\. Plus about 30 ms of sampled time per 1 000 requests collecting the garbage it allocates \(75% of the bytes allocated\), which the profile shows apart as “\(garbage collector\)”\./);
    // Without an allocation profile nothing is guessed.
    expect(buildVerdict(p, { requests: 1000 }).findings.find((x) => x.function === 'buildRows')!.gcCaused).toBeUndefined();
  });

  it('says what the rest of the busy time is when one function is most of it, its own code and built-ins left out of the rest', () => {
    // A busy-wait polling the clock: its own code 40 %, the clock (a built-in) 45 %, then Node's HTTP work, (program) and GC.
    const p = fromStacks([
      ...cols(40, 'handle[server.js:10] / busyWait[server.js:3]'),
      ...cols(45, 'handle[server.js:10] / busyWait[server.js:3] / now[node:internal/perf/performance]'),
      ...cols(7, 'parserOnIncoming[node:_http_server:1100]'),
      ...cols(5, '(program)'),
      ...cols(3, '(gc)'),
      ...cols(20, '(idle)'),
    ]);
    const [f] = findFindings(p, { requests: 1000 }).findings;
    expect(f.busyPercent).toBeCloseTo(85, 6);
    // The rest adds up to the 15 %: none of the busy-wait's own time or its built-ins is in it.
    expect(f.busyOthers!.reduce((sum, o) => sum + o.busyPercent, 0)).toBeCloseTo(15, 6);
    expect(findingSentence(f)).toMatch(/^busyWait takes 71% of the time with the built-ins it calls \(85% of the busy time; the rest of it is Node internals 7\.0%, program 5\.0%, garbage collection 3\.0%\), 85 ms of sampled time per 1 000 requests: its own code 33%, the built-ins 38%/);
  });

  it('says what is kept comes first when memory grows while GC is heavy', () => {
    const p = fromStacks([...cols(40, 'handle[feed.js:5] / (gc)'), ...cols(60, 'handle[feed.js:5]')]);
    const allocations = { head: { callFrame: { functionName: '(root)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 }, selfSize: 0, id: 1, children: [
      { callFrame: { functionName: 'handle', scriptId: '1', url: '/srv/feed.js', lineNumber: 4, columnNumber: 0 }, selfSize: 190_000, id: 2, children: [] },
    ] } };
    // External memory climbing 10 MB/s for 8 s while the heap saws: a leak of Buffers.
    const samples = Array.from({ length: 33 }, (_, i) => ({ tMs: i * 250, elu: 0.8, loopDelayP99Ms: 5, cpuPercent: 80, heapUsedMb: 10 + (i % 4), externalMb: 5 + 2.5 * i, rssMb: 100 + 2.5 * i, gcCount: 3, majorGcCount: 1 }));
    const v = buildVerdict(p, { requests: 1000, allocations, samples });
    expect(v.load[0].id).toBe('memory-growth');
    expect(findingSentence(v.findings.find((f) => f.kind === 'gc')!)).toMatch(/handle \(feed\.js:5\) allocates 190 B per request, but memory keeps growing \(above\): what the server keeps is the first suspect/);
    // Its advice points at what is kept too (found on a Koa app that never evicts its sessions: the advice spoke of short-lived objects).
    const lines = verdictLines(v);
    expect(lines[0]).toMatch(/^Memory grows by/);
    const advice = lines.find((l) => l.startsWith('   What to do:') && lines[lines.indexOf(l) - 1].includes('Garbage collection'))!;
    expect(advice).toMatch(/^ {3}What to do: Find what the server keeps and never lets go/);
    expect(lines.join('\n')).not.toMatch(/short-lived/);
    // Without an allocation profile the advice is the same: the growth decides it, not who allocates.
    const unsampled = buildVerdict(p, { requests: 1000, samples });
    expect(unsampled.findings.find((f) => f.kind === 'gc')!.advice).toBe(v.findings.find((f) => f.kind === 'gc')!.advice);
    // A steady heap keeps the churn advice.
    const steady = samples.map((x) => ({ ...x, externalMb: 5, rssMb: 100 }));
    const churn = buildVerdict(p, { requests: 1000, allocations, samples: steady });
    expect(churn.load.map((c) => c.id)).not.toContain('memory-growth');
    expect(churn.findings.find((f) => f.kind === 'gc')!.advice).toMatch(/^The server creates many short-lived objects/);
    expect(findingSentence(churn.findings.find((f) => f.kind === 'gc')!)).toMatch(/190 B per request — build less per request/);
  });

  it('says requests wait when each takes far longer than its CPU, before the findings, and does not call the server under-loaded', () => {
    // An awaited 20 ms call per request: 21 ms p50 for 0.1 ms of CPU each (the process at 10% of a core, 1 000 requests in 1 s), idle 90% of the profile.
    const p = fromStacks([...cols(10, 'handle[node_modules/express/lib/application.js:152]'), ...cols(90, '(idle)')], { weightsMs: 10 });
    const samples = [0, 1].map((t) => ({ tMs: t * 1000, elu: 0.1, loopDelayP99Ms: 1, heapUsedMb: 10, rssMb: 60, cpuPercent: 10 }));
    const load = { requests: 1000, durationSec: 1, rps: 1000, latencyMs: { p50: 21, p90: 22, p99: 24, max: 40, mean: 21 }, errors: 0, timeouts: 0, non2xx: 0, statusCodes: {}, bytesPerSec: 0, timeline: [], stoppedEarly: false };
    const v = buildVerdict(p, { samples, load, requests: 1000 });
    expect(v.load.map((c) => c.id)).toEqual(['waiting']);
    expect(v.load[0].text).toBe('Each request took 21 ms (p50) but only 0.1 ms of CPU, with the process at 10% of a core: requests spent their time waiting on something else (a database, the network, a timer, the disk), not computing. A CPU profile does not show waiting — look at what the slow requests call or await.');
    expect(v.trust.map((c) => c.id)).not.toContain('idle');
    expect(verdictLines(v)[0]).toBe(v.load[0].text);
    expect(verdictLines(v).filter((l) => l.includes('waiting on something else'))).toHaveLength(1);
    // The same profile with requests that take about their CPU time: no such claim, and the idle server is named.
    const quick = buildVerdict(p, { samples, load: { ...load, latencyMs: { ...load.latencyMs, p50: 0.5 } }, requests: 1000 });
    expect(quick.load.map((c) => c.id)).toEqual([]);
    expect(quick.trust.map((c) => c.id)).toContain('idle');
  });
});

describe('a package whose own line is a kind of work', () => {
  // Fastify's serialize runs JSON.stringify on its line 1091: that time is JSON (a finding of its own), not the package's on top.
  const REPLY = 'file:///app/node_modules/fastify/lib/reply.js';
  const p = fromStacks([
    ...cols(40, 'handler[app.js:2] / serialize[node_modules/fastify/lib/reply.js:1086]'),
    ...cols(10, 'handler[app.js:2] / route[node_modules/fastify/lib/route.js:20]'),
    ...cols(50, '(idle)'),
  ], { leafLines: [...Array(40).fill(1091), ...Array(60).fill(0)], sourceLines: { [REPLY]: { '1091': 'return JSON.stringify(data)' } } });

  it('counts the JSON once: the package finding leaves out the lines a kind of work already counted', () => {
    const { findings, busyMs } = findFindings(p, { requests: 100 });
    const json = findings.find((f) => f.kind === 'json')!;
    expect(json.ms).toBe(40);
    expect(findings.reduce((sum, f) => sum + f.ms, 0)).toBeLessThanOrEqual(busyMs);
    const pkg = findings.find((f) => f.kind === 'dependency');
    expect(pkg?.ms ?? 0).toBeLessThanOrEqual(10);
  });
});

describe('a package’s share says what it counts (issue 31)', () => {
  // A validator package whose functions spend most of their time in the built-ins they call (Buffer, the clock):
  // 31 ms of its own frames, 33 ms in the built-ins under them, 36 ms idle.
  const p = fromStacks([
    ...cols(31, 'handler[app.js:2] / check[node_modules/validator-x/index.js:10]'),
    ...cols(33, 'handler[app.js:2] / check[node_modules/validator-x/index.js:10] / from[node:buffer] / copy[native]'),
    ...cols(36, '(idle)'),
  ]);

  it('counts the built-ins its functions call, and says both shares', () => {
    const v = buildVerdict(p, { requests: 100 });
    const pkg = v.findings.find((f) => f.kind === 'dependency')!;
    expect(pkg.ms).toBe(64);
    expect(pkg.split).toMatchObject({ ownMs: 31, builtinMs: 33 });
    expect(findingSentence(pkg)).toMatch(/^The validator-x package takes 64% of the time with the built-ins it calls \(100% of the busy time\), 640 ms of sampled time per 1 000 requests: its own functions 31%, the built-ins 33%\./);
  });
});
