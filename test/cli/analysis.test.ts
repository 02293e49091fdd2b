// `flambe analyze | diff | convert` as a user runs them: `node bin/flambe.js …`
// on the recorded fixtures (test/fixtures/profiles, scripts/record-fixtures.js).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { repo, runFlambe } from '../helpers/demo.ts';

const fixtures = path.join(repo, 'test/fixtures/profiles');
const fixture = (name: string) => path.join(fixtures, name);
const dir = mkdtempSync(path.join(tmpdir(), 'flambe-cli-analysis-'));

/** Runs the CLI and parses its one JSON object. */
async function json(args: string[]) {
  const r = await runFlambe(args);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

/** A user error: exit 1 and exactly one line on stderr, no stack. */
async function refused(args: string[], message: RegExp) {
  const r = await runFlambe(args);
  expect(r.code).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(/^flambe: /);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

beforeAll(() => {
  // `npm test` builds first; when run alone, build the Node bundles if they lack these commands.
  const cli = path.join(repo, 'dist/node/cli.js');
  // Only when there is none: the commands are chunks of their own now (cli.js no longer holds their help), and a
  // rebuild empties dist/node while the e2e files beside this one run browser mode from it.
  if (!existsSync(cli)) {
    execFileSync(process.execPath, ['scripts/build.js', '--node-only'], { cwd: repo, stdio: 'pipe' });
  }
}, 120_000);

describe('flambe analyze', () => {
  it('--json prints durations, functions by self time (1-based lines) and categories', async () => {
    const o = await json(['analyze', fixture('node22.cpuprofile'), '--json']);
    expect(o.samples).toBeGreaterThan(100);
    expect(o.durationMs).toBeGreaterThan(100);
    const self = o.functions.map((f: { selfMs: number }) => f.selfMs);
    expect(self).toEqual([...self].sort((a: number, b: number) => b - a));
    expect(o.functions.find((f: { name: string }) => f.name === 'handleRequest')).toMatchObject({ url: 'file:///app/server-work.js', line: 19 });
    for (const f of o.functions) expect(f.totalMs).toBeGreaterThanOrEqual(f.selfMs - 1e-9);
    expect(o.functions.reduce((s: number, f: { selfMs: number }) => s + f.selfMs, 0)).toBeCloseTo(o.durationMs, 6);
    expect(o.categories.reduce((s: number, c: { percent: number }) => s + c.percent, 0)).toBeCloseTo(100, 6);
    expect(o.categories.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['your code', 'Node internals', 'garbage collection', 'tiny-dep']));
  });

  it('prints readable tables, grouped and per request', async () => {
    const r = await runFlambe(['analyze', fixture('node24.cpuprofile'), '--by', 'package', '--requests', '400', '--top', '3']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Where the time went/);
    expect(r.stdout).toMatch(/regular expressions — mostly from handleRequest \(\/app\/server-work\.js:19\)/);
    expect(r.stdout).toMatch(/Top 3 packages by self time/);
    expect(r.stdout).toMatch(/ms\/1k req/);
  });

  it('reads the DevTools trace like the profile it came from', async () => {
    const trace = await json(['analyze', fixture('devtools-trace.json'), '--json', '--top', '5']);
    const direct = await json(['analyze', fixture('node22.cpuprofile'), '--json', '--top', '5']);
    // A trace has no line ticks: its findings point at the function's first line, not its hottest one.
    const where = (findings: { line: number; lineText: string | null }[]) => findings.map(({ line: _, lineText: __, ...f }) => f);
    expect(where(trace.findings)).toEqual(where(direct.findings));
    expect({ ...trace, findings: null }).toEqual({ ...direct, findings: null });
  });

  it('--json carries the verdict: findings with advice, most important first', async () => {
    const a = await json(['analyze', fixture('node22.cpuprofile'), '--json', '--requests', '500']);
    expect(a.findings.map((f: { kind: string; function: string }) => [f.kind, f.function])).toEqual([['function', 'churn'], ['gc', ''], ['regex', 'handleRequest']]);
    // churn calls built-ins directly (its time is its own code's and theirs): `split` says how much of each.
    expect(Object.keys(a.findings[0])).toEqual(['kind', 'function', 'url', 'line', 'lineText', 'percent', 'busyPercent', 'msPer1kRequests', 'msPer1kRequestsIsCpu', 'advice', 'split']);
    // A profile file carries no CPU clock: its ms per 1 000 requests are sampled time, and say so.
    expect(a.findings[0].msPer1kRequestsIsCpu).toBe(false);
    expect(a.findings[0]).toMatchObject({ line: 32, msPer1kRequests: expect.closeTo((a.findings[0].percent / 100) * a.durationMs * 2, 6) });
    expect(a.findings[0].advice).toMatch(/hot lines/);
    const plain = await runFlambe(['analyze', fixture('node22.cpuprofile')]);
    expect(plain.stdout).toMatch(/^Verdict\n {2}1\. churn's own code takes 25% of the time \(29% of the busy time\)\./m);
    expect(plain.stdout).toMatch(/What to do: /);
  });

  it('--help explains the options', async () => {
    const r = await runFlambe(['analyze', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/flambe analyze FILE \[--json\] \[--top N\] \[--by function\|file\|package\] \[--requests N\]/);
  });
});

describe('flambe diff', () => {
  it('finds nothing changed between a profile and itself', async () => {
    const o = await json(['diff', fixture('node24.cpuprofile'), fixture('node24.cpuprofile'), '--json']);
    expect(o.functions.length).toBeGreaterThan(20);
    for (const f of o.functions) expect(f).toMatchObject({ status: 'changed', deltaPercent: 0 });
  });

  it('marks new and gone functions between Node versions', async () => {
    const o = await json(['diff', fixture('node20.cpuprofile'), fixture('node24.cpuprofile'), '--json', '--requests-a', '400', '--requests-b', '500']);
    const statuses = new Set(o.functions.map((f: { status: string }) => f.status));
    expect(statuses).toEqual(new Set(['changed', 'new', 'gone']));
    const churn = o.functions.find((f: { name: string }) => f.name === 'churn');
    expect(churn.deltaPercent).toBeCloseTo(churn.afterPercent - churn.beforePercent, 9);
    expect(churn).toHaveProperty('deltaMsPer1kRequests');
  });

  it('prints a table of the largest changes', async () => {
    const r = await runFlambe(['diff', fixture('node20.cpuprofile'), fixture('node24.cpuprofile'), '--top', '5']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Largest changes in self time/);
    expect(r.stdout.trim().split('\n').length).toBeLessThanOrEqual(3 + 1 + 1 + 5);
  });
});

describe('flambe convert', () => {
  it('writes a .cpuprofile that reads back to the same numbers', async () => {
    const out = path.join(dir, 'again.cpuprofile');
    const r = await runFlambe(['convert', fixture('devtools-trace.json'), '--to', 'cpuprofile', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Wrote .*again\.cpuprofile \(cpuprofile, /);
    // Converted from a trace: no line ticks, so findings name the functions' first lines (see above).
    const { findings: _, ...again } = await json(['analyze', out, '--json']);
    const { findings: __, ...direct } = await json(['analyze', fixture('node22.cpuprofile'), '--json']);
    expect(again).toEqual(direct);
  });

  it('writes pprof (.pb.gz) that analyze reads back, every function within 1%', async () => {
    const out = path.join(dir, 'node22.pb.gz');
    const r = await runFlambe(['convert', fixture('node22.cpuprofile'), '--to', 'pprof', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Wrote .*node22\.pb\.gz \(pprof, /);
    expect(readFileSync(out).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const back = await json(['analyze', out, '--json', '--top', '1000']);
    const direct = await json(['analyze', fixture('node22.cpuprofile'), '--json', '--top', '1000']);
    expect(back.functions.length).toBe(direct.functions.length);
    // The JSON names a function by name, url and line (two may share them: summed alike on both sides).
    const selfOf = (o: { functions: { name: string; url: string; line: number; selfMs: number }[] }) => {
      const m = new Map<string, number>();
      for (const f of o.functions) m.set(`${f.name} ${f.url}:${f.line}`, (m.get(`${f.name} ${f.url}:${f.line}`) ?? 0) + f.selfMs);
      return m;
    };
    const after = selfOf(back);
    for (const [fn, ms] of selfOf(direct)) expect(Math.abs(after.get(fn)! - ms), fn).toBeLessThanOrEqual(0.01 * ms + 1e-3);
  });

  it('reads gzipped profiles and traces (.cpuprofile.gz, .json.gz) like the files inside', async () => {
    const gz = path.join(dir, 'trace.json.gz');
    writeFileSync(gz, gzipSync(readFileSync(fixture('devtools-trace.json'))));
    expect(await json(['analyze', gz, '--json'])).toEqual(await json(['analyze', fixture('devtools-trace.json'), '--json']));
  });

  it('writes collapsed stacks and speedscope JSON', async () => {
    const collapsed = path.join(dir, 'out.collapsed');
    const speedscope = path.join(dir, 'out.speedscope.json');
    expect((await runFlambe(['convert', fixture('node20.cpuprofile'), '--to', 'collapsed', '--out', collapsed])).code).toBe(0);
    expect((await runFlambe(['convert', fixture('node20.cpuprofile'), '--to', 'speedscope', '--out', speedscope])).code).toBe(0);
    expect(readFileSync(collapsed, 'utf8')).toMatch(/^\S.*;handleRequest \/app\/server-work\.js:19 \d+$/m);
    expect(JSON.parse(readFileSync(speedscope, 'utf8'))).toMatchObject({ $schema: 'https://www.speedscope.app/file-format-schema.json', profiles: [{ type: 'evented' }] });
  });
});

describe('bad input: exit 1, one line on stderr', () => {
  const truncated = path.join(dir, 'truncated.cpuprofile');
  const notProfile = path.join(dir, 'notes.json');
  beforeAll(() => {
    const text = readFileSync(fixture('node22.cpuprofile'), 'utf8');
    writeFileSync(truncated, text.slice(0, text.length / 3));
    writeFileSync(notProfile, '{"hello":"world"}');
    writeFileSync(path.join(dir, 'cut.json.gz'), gzipSync(text).subarray(0, 200));
    writeFileSync(path.join(dir, 'profiles.zip'), Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00, 0x9c, 0xff]));
    writeFileSync(path.join(dir, 'perf.data'), Buffer.concat([Buffer.from('PERFILE2'), Buffer.from([0x68, 0, 0, 0, 0, 0, 0, 0, 0x9c])]));
  });

  it.each([
    [['analyze', '/no/such/file.cpuprofile'], /Cannot read .*: there is no such file\./],
    [['analyze', truncated], /truncated\.cpuprofile: The file ends in the middle of the data: it looks cut off/],
    [['analyze', notProfile], /notes\.json: Flambé cannot read this file/],
    [['analyze', dir], /is a folder, not a profile file/],
    [['analyze', path.join(dir, 'cut.json.gz')], /cut\.json\.gz: This file is gzip-compressed but its data is damaged or cut off/],
    [['analyze', path.join(dir, 'profiles.zip')], /profiles\.zip: This file is a zip archive: unzip it/],
    [['analyze', path.join(dir, 'perf.data')], /perf\.data: This file is a Linux perf\.data recording/],
    [['analyze'], /Missing the profile file to analyze/],
    [['analyze', fixture('node22.cpuprofile'), '--top', 'ten'], /--top takes a whole number/],
    [['analyze', fixture('node22.cpuprofile'), '--by', 'line'], /--by takes function, file, package/],
    [['analyze', fixture('node22.cpuprofile'), '--requests=-3'], /--requests takes a number above 0/],
    [['analyze', fixture('node22.cpuprofile'), '--requests', '-3'], /--requests needs a value; for one that starts with "-", write --requests=VALUE/],
    [['analyze', fixture('node22.cpuprofile'), '--frobnicate'], /Unknown option '--frobnicate'.*flambe analyze --help/],
    [['diff', fixture('node22.cpuprofile')], /Missing the two profiles to compare/],
    [['diff', fixture('node22.cpuprofile'), fixture('node24.cpuprofile'), '--requests-a', '10'], /Give both --requests-a and --requests-b/],
    [['convert', fixture('node22.cpuprofile'), '--out', path.join(dir, 'x')], /Say which format to write with --to/],
    [['convert', fixture('node22.cpuprofile'), '--to', 'perf', '--out', path.join(dir, 'x')], /--to takes cpuprofile, trace, pprof, collapsed, speedscope/],
    [['convert', fixture('node22.cpuprofile'), '--to', 'collapsed'], /Say where to write with --out FILE/],
  ])('flambe %j', async (args, message) => {
    await refused(args as string[], message as RegExp);
  });
});
