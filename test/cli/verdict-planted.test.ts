// The verdict on a server it has never seen (issue 12): one planted mistake
// per route — sync crypto, a big JSON.stringify, a backtracking regex,
// gzipSync, readFileSync per request, console.log per request. Each route is
// recorded for real (`flambe record --launch … --json`: a real Node process,
// real load over 127.0.0.1) and its FIRST finding must name the planted
// function, the planted line, and advice for that kind of work. JSON, regex
// and logging are found by the line that called them; logging's write to
// stdout (a pipe here, as for every launched script) is logging wherever it
// runs, and Flambé's own request collector does nothing in it. For crypto, zlib and fs
// the profile has frames, not the calling line: the finding takes the line of
// the function's own samples that makes such a call — when the function had
// samples there (usually: `.toString('hex')` after pbkdf2Sync runs on it) —
// else the function's first line; the test accepts those two and no other.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repo, runFlambe } from '../helpers/demo.ts';
import { importProfile } from '../../shared/profile/index.ts';
import { bucketBreakdown } from '../../shared/profile/views/categories.ts';
import { callNodeTable } from '../../shared/profile/call-nodes.ts';
import { COLLECTOR_URL, OUTPUT_COUNTER_URL } from '../../shared/profile/classify.ts';

const script = path.join(repo, 'test/fixtures/planted-server/server.cjs');
const dir = mkdtempSync(path.join(tmpdir(), 'flambe-planted-'));
const template = path.join(dir, 'template.html');
writeFileSync(template, `<!doctype html><title>t</title>\n${'<p>a line of the template</p>\n'.repeat(20_000)}`);

// route → kind, function, the line the finding points at (server.cjs), what the advice must say.
const PLANTED = [
  { route: '/hash', kind: 'crypto', fn: 'hashPassword', line: 17, orFirstLine: 15, advice: /asynchronous API/ },
  { route: '/report', kind: 'json', fn: 'buildReport', line: 22, text: 'return JSON.stringify({ generatedAt, items: inventory });', advice: /fast-json-stringify/ },
  { route: '/validate', kind: 'regex', fn: 'validateInput', line: 27, text: 'return /^(\\w+\\s?)*$/.test(trimmed);', advice: /backtracks catastrophically: '.+' \(.+\) takes exponential time/ },
  { route: '/gzip', kind: 'compression', fn: 'compressPage', line: 32, orFirstLine: 30, advice: /asynchronous zlib/ },
  { route: '/template', kind: 'fs', fn: 'readTemplate', line: 37, orFirstLine: 35, advice: /once at start-up/ },
  { route: '/audit', kind: 'logging', fn: 'auditRequest', line: 42, advice: /pino/ },
];

describe('the verdict on a server with planted mistakes', () => {
  it.each(PLANTED)('$route: the first finding is $kind in $fn, line $line', async (p) => {
    const out = path.join(dir, `${p.kind}.cpuprofile`);
    const r = await runFlambe(['record', '--launch', script, '--env', `TEMPLATE_FILE=${template}`, '--url', p.route, '-d', '2', '-c', '4', '--warmup', '1', '--out', out, '--json'], { timeoutMs: 80_000 });
    expect(r.code, r.stderr).toBe(0);
    const o = JSON.parse(r.stdout);
    const first = o.findings[0];
    console.log(`${p.route}: ${o.findings.map((f: { kind: string; function: string; line: number; percent: number }) => `${f.kind} ${f.function}:${f.line} ${f.percent.toFixed(1)}%`).join(' | ')}`);
    expect(first).toMatchObject({ kind: p.kind, function: p.fn, url: expect.stringMatching(/planted-server\/server\.cjs$/) });
    if (p.orFirstLine && first.line === p.orFirstLine) expect(first.lineText).toBeNull();
    else expect(first.line).toBe(p.line);
    if (p.text) expect(first.lineText).toBe(p.text);
    expect(first.msPer1kRequests).toBeGreaterThan(0);
    expect(first.busyPercent).toBeGreaterThanOrEqual(first.percent);
    expect(first.advice).toMatch(p.advice);
    if (p.kind === 'logging') expectStdoutWritesAreLogging(importProfile(readFileSync(out, 'utf8')));
  }, 90_000);
});

/** Every sample under the output counter's wrappers of stdout's writes is logging, none under console is the collector's, and the counting itself is not in the profile. */
function expectStdoutWritesAreLogging(profile: ReturnType<typeof importProfile>) {
  const t = callNodeTable(profile);
  let underWrapper = 0;
  let collectorUnderConsole = 0;
  const inWrapper = new Int8Array(t.count);
  const inConsole = new Int8Array(t.count);
  for (let c = 1; c < t.count; c++) {
    const f = profile.frames[t.frame[c]];
    inWrapper[c] = inWrapper[t.parent[c]] || (f.url === OUTPUT_COUNTER_URL && f.name.startsWith('flambeStdio') ? 1 : 0);
    inConsole[c] = inConsole[t.parent[c]] || (f.name === 'consoleCall' ? 1 : 0);
    if (inWrapper[c]) underWrapper += t.selfMs[c];
    if (inConsole[c] && f.url === COLLECTOR_URL && f.name === 'site') collectorUnderConsole += t.selfMs[c];
  }
  expect(underWrapper).toBeGreaterThan(0);
  expect(bucketBreakdown(profile).find((b) => b.id === 'logging')!.ms).toBeGreaterThanOrEqual(underWrapper);
  expect(collectorUnderConsole).toBe(0);
  // Counting the lines is Flambé's work, kept out as its probes are: only the wrappers that make the write logging stay.
  expect(profile.frames.filter((f) => f.url === OUTPUT_COUNTER_URL && !f.name.startsWith('flambe')).map((f) => f.name)).toEqual([]);
}

// Verdicts that hold (issue 23): wrong answers found on servers users bring, each recorded for real.
describe('verdicts that hold on real servers', () => {
  const record = async (target: string, url: string, extra: string[] = []) => {
    const r = await runFlambe(['record', '--launch', target, ...extra, '--url', url, '-d', '2', '-c', '4', '--warmup', '1', '--json'], { timeoutMs: 80_000 });
    expect(r.code, r.stderr).toBe(0);
    const o = JSON.parse(r.stdout);
    console.log(`${url}: ${o.checks.map((c: { id: string }) => c.id).join(', ')} | ${o.findings.map((f: { kind: string; function: string; thread?: string; percent: number }) => `${f.thread ? `[${f.thread}] ` : ''}${f.kind} ${f.function} ${f.percent.toFixed(1)}%`).join(' | ')}`);
    return o;
  };

  it('an all-404 burst leads with the failing responses, never "use more connections"', async () => {
    const o = await record(script, '/no-such-route');
    expect(o.checks[0].id).toBe('failing');
    expect(o.checks[0].text).toMatch(/^All [\d ]+ responses were 404 \(Not Found\): the server has no route for that URL/);
    expect(o.checks.map((c: { id: string }) => c.id)).not.toContain('idle');
  }, 90_000);

  it('a busy-wait on performance.now() is the function with the built-ins it calls, not "its own code"', async () => {
    const o = await record(script, '/busy');
    const f = o.findings[0];
    expect(f).toMatchObject({ kind: 'function', function: 'busyWait' });
    expect(f.split.builtinPercent).toBeGreaterThan(f.split.ownPercent);
    expect(f.split.callee).toMatch(/^now in node:internal\/perf\/performance$/);
    expect(f.percent).toBeCloseTo(f.split.ownPercent + f.split.builtinPercent, 6);
    expect(f.advice).not.toMatch(/not in what it calls/);
  }, 90_000);

  it('one line is one finding: the arrow Array.from calls per item is counted with the function it is written in', async () => {
    const o = await record(script, '/invoice');
    const atLine = o.findings.filter((f: { kind: string; line: number }) => f.kind === 'function' && f.line === 56);
    expect(atLine).toHaveLength(1);
    expect(atLine[0]).toMatchObject({ function: 'buildInvoice', lineText: expect.stringMatching(/^const lines = Array\.from\(/) });
    // V8 may inline the arrow (then it has no frame of its own); when it has one, the finding says both shares.
    if (atLine[0].callback) expect(atLine[0].callback).toMatchObject({ callee: 'Array.from' });
  }, 90_000);

  it('a guarded "if (LOG) console.log(JSON.stringify(…))" with LOG unset is not JSON', async () => {
    const o = await record(script, '/trace');
    expect(o.findings.map((f: { kind: string }) => f.kind)).not.toContain('json');
    expect(o.findings[0]).toMatchObject({ kind: 'function', function: 'traceHeaders', lineText: "if (process.env.PLANTED_LOG === '1') console.log(JSON.stringify(req.headers));" });
  }, 90_000);

  it('hashing in a worker pool is named on its worker, with advice for code already in one', async () => {
    const o = await record(path.join(repo, 'test/fixtures/worker-pool/server.cjs'), '/', ['--env', 'POOL_SIZE=1']);
    const f = o.findings[0];
    expect(f).toMatchObject({ kind: 'crypto', function: 'hashRounds', thread: 'worker 1 (hash-worker.cjs)' });
    expect(f.advice).toMatch(/^This runs in a worker thread/);
    expect(o.checks.map((c: { id: string }) => c.id)).not.toContain('idle');
  }, 90_000);
});
