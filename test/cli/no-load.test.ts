// `flambe record --no-load`: the user sends the load with their own tool
// (autocannon and ab here, as separate processes, as k6 would be); Flambé counts
// and times every request in the server, and Ctrl-C ends the recording and
// keeps what was measured.
import { spawn, execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { flambeBin, repo, runFlambe, waitFor } from '../helpers/demo.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-no-load-'));
const autocannon = path.join(repo, 'node_modules/.bin/autocannon');

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

describe('flambe record --no-load', () => {
  it('counts exactly the requests another tool sent, per route, and stops on Ctrl-C', async () => {
    const script = path.join(dir, 'server.js');
    writeFileSync(script, `const http = require('node:http');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
http.createServer(async (req, res) => {
  if (req.url === '/slow') await sleep(10);
  res.end('ok');
}).listen(Number(process.env.PORT), '127.0.0.1');`);
    const port = await freePort();
    const flambe = spawn(process.execPath, [flambeBin, 'record', '--launch', script, '--env', `PORT=${port}`, '--no-load', '-d', '120', '--json'], { cwd: repo });
    let stdout = '';
    let stderr = '';
    flambe.stdout.on('data', (c) => (stdout += c));
    flambe.stderr.on('data', (c) => (stderr += c));
    const exited = new Promise<number | null>((r) => flambe.on('exit', r));
    // The cue (on stderr, also with --json): the collector is in; the user's tool sends a known number of requests.
    await waitFor(() => /send your load to/.test(stderr), 30_000, 'the cue to send the load');
    const run = promisify(execFile);
    await run(autocannon, ['-c', '4', '-a', '300', '--json', `http://127.0.0.1:${port}/fast`]);
    await run(autocannon, ['-c', '2', '-a', '60', '--json', `http://127.0.0.1:${port}/slow`]);
    flambe.kill('SIGINT');
    expect(await exited).toBe(0);
    const o = JSON.parse(stdout);
    expect(o.error).toBeNull();
    const routes = Object.fromEntries(o.routes.map((r: { path: string; requests: number }) => [r.path, r.requests]));
    expect(routes).toEqual({ '/fast': 300, '/slow': 60 });
    expect(o.load.requests).toBe(360);
    const slow = o.requestTime.byRoute.find((r: { path: string }) => r.path === '/slow');
    expect(slow.parts[0]).toMatchObject({ kind: 'timer', target: '10 ms' });
    expect(o.load.durationSec).toBeLessThan(120); // ended by Ctrl-C, not by -d
  }, 90_000);

  it('under ab -c 10 -n 100: requests/s within 10 % of ab\'s, says whose clock the latency is, and that nothing warmed it (issue 31)', async () => {
    const script = path.join(dir, 'busy.js');
    // Each request burns 5 ms of CPU: 100 requests take about half a second whatever the machine does beside.
    writeFileSync(script, `const http = require('node:http');
function burn(ms) { const end = performance.now() + ms; let x = 0; while (performance.now() < end) x++; return x; }
http.createServer((req, res) => { burn(5); res.end('ok'); }).listen(Number(process.env.PORT), '127.0.0.1');`);
    const port = await freePort();
    const flambe = spawn(process.execPath, [flambeBin, 'record', '--launch', script, '--env', `PORT=${port}`, '--url', `http://127.0.0.1:${port}/`, '--no-load', '-d', '120', '--json'], { cwd: repo });
    let stdout = '';
    let stderr = '';
    flambe.stdout.on('data', (c) => (stdout += c));
    flambe.stderr.on('data', (c) => (stderr += c));
    const exited = new Promise<number | null>((r) => flambe.on('exit', r));
    await waitFor(() => /send your load to/.test(stderr), 30_000, 'the cue to send the load');
    // Seconds of nothing before and after the user's load: the rate must not count them.
    await new Promise((r) => setTimeout(r, 1500));
    const ab = await promisify(execFile)('ab', ['-c', '10', '-n', '100', `http://127.0.0.1:${port}/`]);
    await new Promise((r) => setTimeout(r, 1500));
    flambe.kill('SIGINT');
    expect(await exited).toBe(0);
    const abRps = Number(/Requests per second:\s+([\d.]+)/.exec(ab.stdout)?.[1]);
    const o = JSON.parse(stdout);
    expect(o.load.requests).toBe(100);
    expect(Math.abs(o.load.rps / abRps - 1), `Flambé ${o.load.rps} req/s, ab ${abRps}`).toBeLessThan(0.1);
    expect(o.load.measuredInServer).toBe(true);
    expect(o.checks.map((c: { id: string }) => c.id)).toContain('no-warmup');
  }, 90_000);

  it('needs the request collector and a load it does not send', async () => {
    const r = await runFlambe(['record', '--launch', 'server.js', '--no-load', '--no-request-time']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--no-load counts your requests with the request collector: it does not go with --no-request-time.');
    const n = await runFlambe(['record', '--launch', 'server.js', '--no-load', '-n', '100']);
    expect(n.stderr).toContain('--no-load records while you send the load: -n, --rate, --route, --routes and --per-route-cpu describe a load Flambé sends');
  });
});
