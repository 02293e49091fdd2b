#!/usr/bin/env node
// npm run bench:collector — what the request collector costs the server it measures: the same server run twice,
// one with the collector (the very script Flambé sends over the inspector) and one without, loaded in turn by wrk
// (ABBA… rounds, so the machine's drift hits both alike) and compared pair by pair (shared/stats comparePaired):
// requests/s and the server's own CPU time per request (Linux /proc; a busy machine moves it less than
// requests/s). Two servers: a hello-world node:http route and an Express 5 route making 16 PostgreSQL queries
// (a real PostgreSQL, started and stopped here). Needs wrk on PATH (Debian: apt-get install wrk) and, for the
// pg route, PostgreSQL 15 (/usr/lib/postgresql/15/bin). Target (issue 36): ≤ 0.01 ms of CPU and ≤ 5 % of the
// requests/s per request on hello-world.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { INSTALL_COLLECTOR_JS } from '../electron/services/request-time/request-collector.ts';
import { comparePaired } from '../shared/stats/index.ts';
import { startPostgres } from '../test/helpers/databases.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: {
  rounds: { type: 'string', default: '6' }, duration: { type: 'string', default: '2' }, connections: { type: 'string', default: '10' },
  only: { type: 'string' }, node: { type: 'string', default: process.env.FLAMBE_TARGET_NODE ?? process.execPath },
} });
const rounds = Number(values.rounds);
const durationSec = Number(values.duration);

const TICK_US = 1e6 / (Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100);
/** The process's CPU time (user + system), µs. */
function cpuUsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

function startServer(script, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(values.node, [path.join(root, 'bench/collector-servers', script)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.on('data', (b) => { err += b; });
    child.stdout.on('data', (b) => {
      out += b;
      const m = /listening on (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), stderr: () => err });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited (${code}): ${err}`)));
  });
}

/** wrk's output; run without blocking this process (it carries PostgreSQL's log to its file: a blocked pipe stalls the database). */
function wrk(url, sec) {
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', ['-t1', `-c${values.connections}`, `-d${sec}s`, '--timeout', '10s', url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b) => { out += b; });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited with code ${code}: ${out}`))));
  });
}

/** One wrk burst: requests/s and the server's CPU µs per request over it. */
async function burst(server, url, sec) {
  const cpu0 = cpuUsOf(server.child.pid);
  const out = await wrk(url, sec);
  const cpu1 = cpuUsOf(server.child.pid);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  if (requests === 0) throw new Error(`no request to ${url} was answered within the burst: ${out}`);
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  if (errors) throw new Error(`${url} answered ${errors[1]} errors: ${out}`);
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0), cpuUsPerRequest: (cpu1 - cpu0) / requests };
}

async function measure(name, script, urlPath, env) {
  const without = await startServer(script, env);
  const withC = await startServer(script, { ...env, FLAMBE_COLLECTOR_JS: INSTALL_COLLECTOR_JS });
  try {
    const url = (s) => `http://127.0.0.1:${s.port}${urlPath}`;
    // Warm-up, both alike: a first answer (the pool's connections opened), then a burst for the JIT.
    for (const s of [without, withC]) {
      for (let i = 0; i < 5; i++) await (await fetch(url(s))).text();
      await burst(s, url(s), 1);
    }
    const a = [];
    const b = [];
    for (let i = 0; i < rounds; i++) {
      for (const on of i % 2 ? [true, false] : [false, true]) (on ? b : a).push(await burst(on ? withC : without, url(on ? withC : without), durationSec));
    }
    report(name, a, b, await collected(withC));
  } finally {
    without.child.kill();
    withC.child.kill();
  }
}

async function collected(server) {
  server.child.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 300));
  const m = /collected (\{.*\})/.exec(server.stderr());
  return m ? JSON.parse(m[1]) : null;
}

const pct = (x) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(1)} %`;
const ci = (d) => (d.ci95 ? ` (95 %: ${pct(d.ci95[0])} to ${pct(d.ci95[1])})` : '');
function report(name, a, b, handed) {
  const rps = comparePaired(a.map((x) => x.rps), b.map((x) => x.rps));
  const cpu = comparePaired(a.map((x) => x.cpuUsPerRequest), b.map((x) => x.cpuUsPerRequest));
  const added = b.reduce((s, x) => s + x.cpuUsPerRequest, 0) / b.length - a.reduce((s, x) => s + x.cpuUsPerRequest, 0) / a.length;
  console.log(`${name}, ${rounds} pairs of ${durationSec} s at ${values.connections} connections:`);
  console.log(`  requests/s       ${rps.a.toFixed(0)} without → ${rps.b.toFixed(0)} with the collector: ${pct(rps.deltaPercent)}${ci(rps)}, ratio ${(rps.b / rps.a).toFixed(3)}`);
  console.log(`  CPU per request  ${cpu.a.toFixed(1)} µs → ${cpu.b.toFixed(1)} µs: ${pct(cpu.deltaPercent)}${ci(cpu)}, ${added.toFixed(1)} µs added${name.startsWith('hello') ? ' (target ≤ 10 µs and ≤ 5 % of the requests/s)' : ''}`);
  if (handed && handed.requests > 0) console.log(`  handed over      ${(handed.bytes / handed.requests).toFixed(0)} bytes of JSON per request`);
}

async function withPostgres(run) {
  const db = await startPostgres();
  try {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ host: '127.0.0.1', port: db.port, user: 'postgres', database: 'postgres' });
    await c.connect();
    await c.query('CREATE TABLE products (id int PRIMARY KEY, name text, price int); CREATE TABLE cart_items (cart_id int, product_id int)');
    await c.query("INSERT INTO products SELECT g, 'product ' || g, g * 3 FROM generate_series(1, 100) g; INSERT INTO cart_items SELECT 1, g FROM generate_series(1, 15) g");
    await c.end();
    await run(db.port);
  } finally {
    await db.stop();
  }
}

if (spawnSync('wrk', ['--version']).error) {
  console.log('bench:collector needs wrk on PATH (Debian: apt-get install wrk).');
  process.exit(1);
}
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
console.log(`load average ${load()} (before); target node ${spawnSync(values.node, ['--version'], { encoding: 'utf8' }).stdout.trim()}`);
if (!values.only || values.only === 'hello') await measure('hello-world node:http route', 'hello.mjs', '/', {});
if (!values.only || values.only === 'pg') await withPostgres((port) => measure('Express 5 route, 16 PostgreSQL queries', 'shop.mjs', '/cart', { PGPORT: String(port) }));
console.log(`load average ${load()} (after)`);
