// The CLI as a user runs it: `node bin/flambe.js record …` (built by `npm test`).
import { describe, expect, it } from 'vitest';
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoScript, flambeBin, isAlive, profileFunctions, repo, runFlambe, waitFor } from '../helpers/demo.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-cli-'));

describe('flambe record', () => {
  it('--launch … --json prints exactly one JSON object and writes the profile', async () => {
    const out = path.join(dir, 'json.cpuprofile');
    const r = await runFlambe(['record', '--launch', demoScript,
      '-d', '2', '-c', '4', '--warmup', '1', '--json', '--out', out, '--sampling-interval', '500']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const o = JSON.parse(lines[0]);
    expect(Object.keys(o)).toEqual(expect.arrayContaining(['target', 'load', 'profile']));
    expect(o.target).toEqual({ nodeVersion: expect.stringMatching(/^v\d+/), pid: expect.any(Number) });
    const n = expect.any(Number);
    expect(o.load).toEqual({
      requests: n, rps: n, durationSec: n, connections: 4, loadThreads: 1,
      latencyMs: { min: n, p50: n, p75: n, p90: n, p95: n, p99: n, p999: n, max: n },
      errors: 0, timeouts: 0, non2xx: n, histogram: expect.stringMatching(/^HIST/), generatorCpuUsPerRequest: n,
    });
    expect(o.load.requests).toBeGreaterThan(100);
    expect(o.profile).toEqual({ samples: expect.any(Number), durationMs: expect.any(Number), file: out });
    expect(o.profile.samples).toBeGreaterThan(100);
    expect(profileFunctions(JSON.parse(readFileSync(out, 'utf8')))).toContain('handleRequest');
    // The launched server is gone when the command ends.
    expect(isAlive(o.target.pid)).toBe(false);
  });

  it('records a route given with --url, with the script args after --', async () => {
    const script = path.join(dir, 'args.js');
    writeFileSync(script, `const port = Number(process.argv[2]);
require('http').createServer(function argsHandler(q, s) { s.end(process.argv[3]); }).listen(port, '127.0.0.1');`);
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    probe.close();
    const r = await runFlambe(['record', '--launch', script, '--url', `http://127.0.0.1:${port}/`, '-n', '300', '--warmup', '0', '--json', '--', String(port), 'hi']);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout);
    expect(o.load.requests).toBeGreaterThanOrEqual(300);
    expect(o.load.non2xx).toBe(0);
  });

  it('--url with a path alone loads that path on the port the script opened', async () => {
    const out = path.join(dir, 'regex.cpuprofile');
    const r = await runFlambe(['record', '--launch', demoScript, '--url', '/regex', '-n', '200', '--warmup', '0', '--json', '--out', out]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).load.non2xx).toBe(0);
    expect(profileFunctions(JSON.parse(readFileSync(out, 'utf8')))).toContain('regexRoute');
  });

  it('--cwd resolves the script, and --node picks the node program', async () => {
    const r = await runFlambe(['record', '--launch', 'server.js', '--cwd', path.dirname(demoScript), '--node', process.execPath,
      '-n', '100', '--warmup', '0', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).target.nodeVersion).toBe(process.version);
  });

  it('--no-profile runs the burst alone and prints a readable summary', async () => {
    const server = createServer((q, s) => s.end('ok'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const r = await runFlambe(['record', '--no-profile', '--url', url, '-d', '1', '--warmup', '0']);
    server.close();
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Requests \d{1,3}( \d{3})* in [\d.]+ s — \d{1,3}( \d{3})* requests\/s/);
    expect(r.stdout).toMatch(/Latency {2}min \d+\.\d{3} ms {2}p50 \d+\.\d{3} ms {2}p75 \d+\.\d{3} ms {2}p90 \d+\.\d{3} ms {2}p95 \d+\.\d{3} ms {2}p99 \d+\.\d{3} ms {2}p99\.9 \d+\.\d{3} ms {2}max \d+\.\d{3} ms/);
    expect(r.stdout).not.toMatch(/Profile/);
  });

  it('--load-threads 2 sends the burst from two threads and says so (issue 13, item 7)', async () => {
    const server = createServer((q, s) => s.end('ok'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const text = await runFlambe(['record', '--no-profile', '--url', url, '-c', '4', '-d', '1', '--warmup', '0', '--load-threads', '2']);
    const json = await runFlambe(['record', '--no-profile', '--url', url, '-c', '4', '-n', '500', '--warmup', '0', '--load-threads', '2', '--json']);
    server.close();
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/requests\/s \(2 load threads\)/);
    const load = JSON.parse(json.stdout).load;
    expect(load).toMatchObject({ loadThreads: 2, connections: 4, requests: 500 });
  });

  it.each([
    [['record'], /Say what to record/],
    [['record', '--no-profile'], /--no-profile needs --url/],
    [['record', '--launch', 'nope.js', '--url', 'http://127.0.0.1:1/'], /nope\.js does not exist/],
    [['record', '--no-profile', '--url', 'localhost:3000'], /Enter the full URL to load/],
    [['record', '--no-profile', '--url', 'http://127.0.0.1:9/', '-d', '1', '--warmup', '0'], /Nothing is listening at http:\/\/127\.0\.0\.1:9\//],
    [['record', '--no-profile', '--url', 'http://127.0.0.1:9/', '-c', 'many'], /--connections takes a number/],
    [['record', '--no-profile', '--url', 'http://127.0.0.1:9/', '--load-threads', '0'], /Use at least 1 load thread/],
    [['record', '--attach', 'nonsense', '--url', 'http://127.0.0.1:9/'], /--attach takes HOST:PORT/],
    [['record', '--launch', demoScript, 'extra'], /put the script's own arguments after "--"/],
    [['record', '--bogus'], /Unknown option '--bogus'/],
    [['record', '--no-profile', '--url', 'http://127.0.0.1:9/', '-H', 'X-Bad: a\r\nInjected: 1'], /^flambe: --header "X-Bad: a\\r\\nInjected: 1": the value of X-Bad contains a line break/],
    [['record', '--no-profile', '--url', 'http://127.0.0.1:9/', '-H', 'Bad Name: 1'], /"Bad Name" is not a valid header name/],
    [['record', '--no-profile', '--url', 'http://127.0.0.1:9/', '-H', 'nocolon'], /--header "nocolon" needs a name and a colon/],
    [['record', '--launch', demoScript, '--env', '1X=2', '--url', 'http://127.0.0.1:9/'], /--env "1X=2": "1X" is not a valid variable name/],
    [['frobnicate'], /Unknown command "frobnicate"/],
    [['record', '--launch', demoScript, '--node', '/nope/bin/node', '--url', 'http://127.0.0.1:9/'], /Could not find the Node.js program "\/nope\/bin\/node"/],
    [['record', '--launch', 'server.js', '--cwd', '/nope-dir', '--url', 'http://127.0.0.1:9/'], /The working directory \/nope-dir does not exist/],
  ])('user error %j: exit 1, one line on stderr, no stack', async (args, message) => {
    const r = await runFlambe(args as string[]);
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines.at(-1)).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('Ctrl-C stops the recording, keeps the result and stops the launched process', async () => {
    const child = spawn(process.execPath, [flambeBin, 'record', '--launch', demoScript, '-d', '30', '--warmup', '0', '--json'], { cwd: repo });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const pids = () => {
      // The demo server is a child of flambe: find it by its command line.
      const out = execSync('ps -eo pid,ppid,args').toString();
      // Only our child's: other tests may run the demo server at the same time.
      return out.split('\n').map((l) => l.trim().split(/\s+/))
        .filter(([, ppid, ...args]) => Number(ppid) === child.pid && args.join(' ').includes(demoScript) && args.join(' ').includes('--inspect'))
        .map(([pid]) => Number(pid));
    };
    const [serverPid] = await waitFor(() => { const p = pids(); return p.length ? p : null; }, 10_000, 'the demo server');
    await new Promise((r) => setTimeout(r, 2500));
    child.kill('SIGINT');
    const exit = await new Promise<{ code: number | null; signal: string | null }>((r) => child.on('exit', (code, signal) => r({ code, signal })));
    expect({ ...exit, stderr }).toMatchObject({ code: 130, signal: null });
    const o = JSON.parse(stdout);
    expect(o.load.requests).toBeGreaterThan(0);
    expect(o.profile.samples).toBeGreaterThan(0);
    await waitFor(() => !isAlive(serverPid), 5000, 'the demo server to stop');
    void stderr;
  });
});

describe('flambe record --pid', () => {
  it('profiles a server started without --inspect, found by its pid, and leaves it running', async () => {
    // --inspect-port=0: the inspector stays closed until Flambé opens it, on a port from the OS.
    const server = spawn(process.execPath, ['--inspect-port=0', demoScript], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      // The demo says it listens on stdout (the inspector writes to stderr): both read.
      let err = '';
      server.stderr!.on('data', (d) => (err += d));
      server.stdout!.on('data', (d) => (err += d));
      await waitFor(() => /listening on http/.test(err), 15_000, 'the demo server');
      const out = path.join(dir, 'pid.cpuprofile');
      const r = await runFlambe(['record', '--pid', String(server.pid), '--url', '/json', '-d', '2', '-c', '4', '--warmup', '0', '--json', '--out', out]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).target.pid).toBe(server.pid);
      expect(profileFunctions(JSON.parse(readFileSync(out, 'utf8')))).toContain('jsonRoute');
      expect(isAlive(server.pid!)).toBe(true);
    } finally {
      server.kill('SIGKILL');
    }
  });

  it('says in one line when --pid is not a process id', async () => {
    const r = await runFlambe(['record', '--pid', 'abc']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^flambe: --pid takes a process id, a whole number like 12345; "abc" is not one/);
    // Plain decimal only: Number() would read "0x10" as pid 16 and signal it.
    for (const typed of ['0x10', '1e3', '16.0', '0o20']) {
      const hex = await runFlambe(['record', '--pid', typed]);
      expect(hex.code).toBe(1);
      expect(hex.stderr).toMatch(new RegExp(`^flambe: --pid takes a process id, a whole number like 12345; "${typed}" is not one`));
    }
  });
});

describe('flambe record on an Express app', () => {
  const app = path.join(repo, 'test/fixtures/express-app/server.js');

  it('finds the port by itself, loads it and profiles Express', async () => {
    const out = path.join(dir, 'express.cpuprofile');
    const r = await runFlambe(['record', '--launch', app, '-d', '1', '--warmup', '0', '--json', '--out', out]);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout);
    expect(o.load.requests).toBeGreaterThan(0);
    const p = JSON.parse(readFileSync(out, 'utf8')) as { nodes: { callFrame: { url: string } }[] };
    expect(p.nodes.some((n) => /node_modules\/(express|router)\//.test(n.callFrame.url))).toBe(true);
  });

  it('POSTs a JSON body with headers', async () => {
    const port = await freePort();
    const r = await runFlambe(['record', '--launch', app, '--env', `PORT=${port}`, '--url', `http://127.0.0.1:${port}/api/echo`,
      '-m', 'POST', '-H', 'content-type: application/json', '-b', '{"hello":"flambe"}', '-n', '200', '--warmup', '0', '--json']);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout);
    expect(o.load.requests).toBeGreaterThanOrEqual(200);
    expect(o.load.non2xx).toBe(0); // 201 Created counts as 2xx
  });

  it('profiles the route handler of a given --url', async () => {
    const port = await freePort();
    const out = path.join(dir, 'express-total.cpuprofile');
    const r = await runFlambe(['record', '--launch', app, '--env', `PORT=${port}`, '--url', `http://127.0.0.1:${port}/api/total`,
      '-d', '2', '--warmup', '1', '--json', '--out', out]);
    expect(r.code).toBe(0);
    const fns = profileFunctions(JSON.parse(readFileSync(out, 'utf8')));
    expect(fns).toContain('totalHandler');
    expect(fns).toContain('expensiveTotal');
  });
});

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

describe('flambe record: routes, rate, -n', () => {
  it('--route twice and --rate give per-route numbers and the rate line in --json', async () => {
    const { startLoadServer } = await import('../services/load/load-server.ts');
    const server = await startLoadServer();
    try {
      const routesFile = path.join(dir, 'routes.json');
      writeFileSync(routesFile, JSON.stringify([{ method: 'POST', path: '/echo', body: 'hi', weight: 2 }]));
      const r = await runFlambe(['record', '--no-profile', '--url', `${server.base}/`, '--route', 'GET /hello', '--route', '/heavy?ms=5', '--routes', routesFile,
        '-d', '1', '--warmup', '0', '--slow-ms', '4', '--json']);
      expect(r.code).toBe(0);
      const o = JSON.parse(r.stdout);
      expect(o.routes.map((x: { method: string; path: string }) => `${x.method} ${x.path}`)).toEqual(['POST /echo', 'GET /hello', 'GET /heavy?ms=5']);
      expect(Object.keys(o.routes[0])).toEqual(['method', 'path', 'requests', 'rps', 'latencyMs', 'errors', 'non2xx']);
      expect(o.load.slowRoutes).toEqual({ thresholdMs: 4, routes: expect.arrayContaining(['GET /heavy?ms=5']) });
      const bad = await runFlambe(['record', '--no-profile', '--url', `${server.base}/`, '--route', 'FETCH hello']);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toBe('flambe: --route: A route is "METHOD /path", optionally with a weight from 1 to 100, like "GET /users" or "POST /orders 3"; "FETCH hello" is not that.\n');
      const few = await runFlambe(['record', '--no-profile', '--url', `${server.base}/hello`, '-n', '3', '-c', '10', '--warmup', '0']);
      expect(few.code).toBe(0);
      expect(few.stdout).toContain('3 connections, not 10: there were only 3 requests to send.');
    } finally {
      server.stop();
    }
  });
});

describe('flambe sweep and flambe overhead', () => {
  it('sweep --no-profile --json prints the levels and the knee in the documented shape', async () => {
    const { startLoadServer } = await import('../services/load/load-server.ts');
    const server = await startLoadServer();
    try {
      const r = await runFlambe(['sweep', '--no-profile', '--url', `${server.base}/hello`, '-c', '1,3', '-d', '1', '--warmup', '0', '--json']);
      expect(r.code).toBe(0);
      const o = JSON.parse(r.stdout);
      expect(Object.keys(o)).toEqual(['levels', 'knee', 'sentence']);
      expect(o.levels.map((l: { connections: number }) => l.connections)).toEqual([1, 3]);
      expect(Object.keys(o.levels[0])).toEqual(['connections', 'requests', 'rps', 'latencyMs', 'errors', 'non2xx', 'profiled', 'process', 'memory', 'machine', 'output']);
      // Each level read the machine by the experiments' rule (Linux); the sentence says the knee, or that a busy machine cannot tell.
      if (process.platform === 'linux') expect(o.levels[0].machine).toMatchObject({ cores: expect.any(Number), disturbed: expect.any(Boolean) });
      expect(o.sentence).toMatch(/^(Saturated past|Not saturated yet|Near its limit|The machine was busy, so Flambé cannot tell whether the server saturated)/);
      if (o.levels.some((l: { machine: { disturbed: boolean } | null }) => l.machine?.disturbed)) expect(o.knee).toBeNull();
      // Not profiled: no process samples, so neither the process nor its memory.
      expect(o.levels[0].process).toBeNull();
      expect(o.levels[0].memory).toBeNull();
      expect(Object.keys(o.levels[0].latencyMs)).toEqual(['min', 'p50', 'p75', 'p90', 'p95', 'p99', 'p999', 'max']);
      expect(o.knee === null || typeof o.knee.reason === 'string').toBe(true);
    } finally {
      server.stop();
    }
  });

  it('sweep --route … prints the per-route table and the slow route per level; --json carries levels[].routes[] as record --json routes', async () => {
    const { startLoadServer } = await import('../services/load/load-server.ts');
    const server = await startLoadServer();
    try {
      const args = ['sweep', '--no-profile', '--url', `${server.base}/`, '--route', 'GET /hello', '--route', 'GET /wait?ms=60', '-c', '1,2', '-d', '1', '--warmup', '0', '--slow-ms', '50'];
      const text = await runFlambe(args);
      expect(text.code).toBe(0);
      expect(text.stdout).toMatch(/^Per route$/m);
      expect(text.stdout).toMatch(/^1\s+GET \/wait\?ms=60\s+\d+/m);
      expect(text.stdout).toMatch(/^ {3}2 conn {2}slower than 50 ms at p75: GET \/wait\?ms=60 \(\d+\.\d ms\)$/m);
      expect(text.stdout).toContain('GET /wait?ms=60 passes 50 ms at p75 from 1 connection (');
      const o = JSON.parse((await runFlambe([...args, '--json'])).stdout);
      expect(o.slowMs).toBe(50);
      expect(o.slowRoutes).toEqual([expect.stringMatching(/^GET \/wait\?ms=60 passes 50 ms at p75 from 1 connection/)]);
      for (const l of o.levels) {
        expect(l.routes.map((r: { path: string }) => r.path)).toEqual(['/hello', '/wait?ms=60']);
        expect(Object.keys(l.routes[0])).toEqual(['method', 'path', 'requests', 'rps', 'latencyMs', 'errors', 'non2xx']);
        expect(l.slowRoutes).toEqual(['GET /wait?ms=60']);
      }
    } finally {
      server.stop();
    }
  });

  it('overhead --sampling-interval 1000,100 measures both intervals in one command: a row each, --json {"intervals":[…]}', async () => {
    const loadServer = path.join(repo, 'test/fixtures/load-server/server.js');
    const r = await runFlambe(['overhead', '--launch', loadServer, '--url', '/heavy?ms=1', '--sampling-interval', '1000,100', '-d', '0.5', '--rounds', '2', '-c', '2', '--warmup', '0.2', '--json']);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout);
    expect(Object.keys(o)).toEqual(['intervals']);
    expect(o.intervals.map((x: { samplingIntervalUs: number }) => x.samplingIntervalUs)).toEqual([1000, 100]);
    for (const x of o.intervals) {
      expect(Object.keys(x)).toEqual(['rounds', 'samplingIntervalUs', 'withoutProfiler', 'withProfiler', 'rpsCostPercent', 'ci95', 'p99CostPercent', 'cpuCostPercent', 'cpuCi95']);
      expect(x.rounds).toBe(2);
      expect(x.withoutProfiler.rps).toBeGreaterThan(0);
      expect(x.withProfiler.rps).toBeGreaterThan(0);
    }
  });

  it('overhead --request-time measures the request collector: request timing on against off', async () => {
    const loadServer = path.join(repo, 'test/fixtures/load-server/server.js');
    const r = await runFlambe(['overhead', '--launch', loadServer, '--url', '/heavy?ms=1', '--request-time', '-d', '0.5', '--rounds', '2', '-c', '2', '--warmup', '0.2', '--json']);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout);
    expect(o).toMatchObject({ rounds: 2, profiler: 'requests' });
    expect(o.withProfiler.rps).toBeGreaterThan(0);
    const text = await runFlambe(['overhead', '--launch', loadServer, '--url', '/heavy?ms=1', '--request-time', '-d', '0.5', '--rounds', '2', '-c', '2', '--warmup', '0']);
    expect(text.stdout).toMatch(/^With it \(request timing\) /m);
    expect(text.stdout).toMatch(/^Timing each request \(the request collector: where each request's time went\)/m);
  });

  it.each([
    [['overhead', '--launch', 'x.js', '--allocations', '--request-time'], 'flambe: --allocations and --request-time each measure one thing against nothing: give one of them.\n'],
    [['sweep', '--no-profile', '--url', 'http://127.0.0.1:9/', '-c', '1,x'], 'flambe: -c takes levels of connections like 1,5,8,20; "x" is not a whole number above 0.\n'],
    [['overhead', '--no-profile', '--url', 'http://127.0.0.1:9/'], 'flambe: flambe overhead compares runs with and without the profiler: it needs --launch or --attach.\n'],
    [['sweep', '--no-profile', '--url', 'http://127.0.0.1:9/', '--profile-at', '5'], 'flambe: --no-profile cannot profile a level: use --launch or --attach.\n'],
    [['overhead', '--launch', 'x.js', '--sampling-interval', '1000,20'], 'flambe: "20" is not a sampling interval: use whole microseconds from 50 to 100000, separated by commas, like 1000,100.\n'],
    [['sweep', '--no-profile', '--url', 'http://127.0.0.1:9/', '--per-route-cpu'], 'flambe: --per-route-cpu profiles the routes at the profiled levels: add --profile-every or --profile-at N.\n'],
  ])('%j: one sentence', async (args, message) => {
    const r = await runFlambe(args);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(message);
  });
});

describe('flambe record --print-k6', () => {
  it('prints the same load as a k6 script, with the autocannon command, without loading', async () => {
    const r = await runFlambe(['record', '--no-profile', '--url', 'http://127.0.0.1:9/users', '-c', '7', '-d', '4', '-m', 'POST', '-b', '{}', '--print-k6']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe("// The same load with autocannon: autocannon -c 7 -d 4 -m POST -b '{}' http://127.0.0.1:9/users");
    expect(r.stdout).toContain("executor: 'constant-vus', vus: 7, duration: \"4s\"");
    const file = path.join(dir, 'k6.mjs');
    writeFileSync(file, r.stdout);
    expect(() => execSync(`"${process.execPath}" --check "${file}"`)).not.toThrow(); // valid JavaScript
  });
});
