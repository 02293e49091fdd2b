#!/usr/bin/env node
// npm run bench:load — Flambé's load burst against wrk, same server, same
// connections and duration, in one run. Prints both requests/s and the ratio
// (target: flambe ≥ 0.9 × wrk). Needs `wrk` on PATH for the reference
// (Debian: apt-get install wrk); without it, prints flambe's number alone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { connections: { type: 'string', default: '10' }, duration: { type: 'string', default: '5' }, route: { type: 'string', default: '/hello' }, rounds: { type: 'string', default: '3' } } });
const c = Number(values.connections);
const d = Number(values.duration);

function startDemo() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'assets/demo-server/server.js')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (b) => {
      err += b;
      const m = /listening on (http:\S+)/.exec(err);
      if (m) resolve({ child, base: m[1].replace(/\/$/, '') });
    });
    child.on('exit', (code) => reject(new Error(`demo server exited (${code}): ${err}`)));
  });
}

// CPU per request says where the time goes even on a busy machine, where
// requests/s alone swing with the neighbours: the server's (Linux /proc), the
// generator's own thread (flambe reports it) and wrk's (GNU time).
const TICK_US = 1e6 / (Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100);
function cpuUsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US; // utime + stime
  } catch {
    return null;
  }
}
const hasTime = existsSync('/usr/bin/time');
const perRequest = (us, n) => (us === null || !n ? null : us / n);
const fmtUs = (x) => (x === null || x === undefined ? '?' : `${Math.round(x)} µs`);

function flambeRps(url) {
  const r = spawnSync(process.execPath, [path.join(root, 'bin/flambe.js'), 'record', '--no-profile', '--url', url, '-c', String(c), '-d', String(d), '--warmup', '1', '--json'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`flambe failed: ${r.stderr}`);
  const load = JSON.parse(r.stdout).load;
  // The generator says when its own thread was the limit (busy > 90 % of the burst).
  if (load.generatorBusy) console.log(`  flambe: ${load.generatorBusy}`);
  return { rps: load.rps, requests: load.requests, generatorUs: load.generatorCpuUsPerRequest };
}

function wrkRps(url) {
  // One wrk thread: autocannon drives the load from one thread too.
  spawnSync('wrk', ['-t1', `-c${c}`, '-d1s', url], { encoding: 'utf8' }); // warm-up, like flambe's
  const cmd = ['wrk', '-t1', `-c${c}`, `-d${d}s`, url];
  const r = hasTime ? spawnSync('/usr/bin/time', ['-f', 'cpu %U %S', ...cmd], { encoding: 'utf8' }) : spawnSync(cmd[0], cmd.slice(1), { encoding: 'utf8' });
  if (r.error || r.status !== 0) return null;
  const m = /Requests\/sec:\s+([\d.]+)/.exec(r.stdout);
  const n = /(\d+) requests in/.exec(r.stdout);
  const t = /cpu ([\d.]+) ([\d.]+)/.exec(r.stderr);
  const requests = n ? Number(n[1]) : 0;
  return m ? { rps: Number(m[1]), requests, generatorUs: t && requests ? ((Number(t[1]) + Number(t[2])) * 1e6) / requests : null } : null;
}

/** Runs `fn` and adds the server's CPU per request during it (warm-up included in the CPU, so slightly high for both tools alike). */
function withServerCpu(pid, fn) {
  const before = cpuUsOf(pid);
  const out = fn();
  const after = cpuUsOf(pid);
  if (out) out.serverUs = before === null || after === null ? null : perRequest(after - before, out.requests * (1 + 1 / d));
  return out;
}

function loadAverage() {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return '?';
  }
}

const hasWrk = spawnSync('wrk', ['--version']).error === undefined;
const { child, base } = await startDemo();
const url = base + values.route;
try {
  console.log(`bench:load — ${url}, ${c} connections, ${d} s, ${values.rounds} rounds, Node ${process.version}`);
  const rows = [];
  for (let i = 0; i < Number(values.rounds); i++) {
    const load = loadAverage();
    const f = withServerCpu(child.pid, () => flambeRps(url));
    const w = hasWrk ? withServerCpu(child.pid, () => wrkRps(url)) : null;
    rows.push({ flambe: f.rps, wrk: w?.rps, cpuRatio: w?.generatorUs && f.generatorUs ? f.generatorUs / w.generatorUs : null });
    console.log(`round ${i + 1}: flambe ${Math.round(f.rps)} req/s` + (w ? `, wrk ${Math.round(w.rps)} req/s, ratio ${(f.rps / w.rps).toFixed(3)}` : '') + ` (load average before ${load}, after ${loadAverage()})`);
    console.log(`  CPU per request — generator: flambe ${fmtUs(f.generatorUs)}` + (w ? `, wrk ${fmtUs(w.generatorUs)}` + (rows.at(-1).cpuRatio ? `, ratio ${rows.at(-1).cpuRatio.toFixed(2)}` : '') : '') + `; server: under flambe ${fmtUs(f.serverUs)}` + (w ? `, under wrk ${fmtUs(w.serverUs)}` : ''));
  }
  // Rounds alternate flambe and wrk, so each ratio compares neighbours in time;
  // the median ratio is robust to a round disturbed by other work on the machine.
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? (s[Math.floor((s.length - 1) / 2)] + s[Math.ceil((s.length - 1) / 2)]) / 2 : null;
  };
  const spread = (xs) => (xs.length ? `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}` : '?');
  const ratios = rows.filter((r) => r.wrk).map((r) => r.flambe / r.wrk);
  const cpuRatios = rows.map((r) => r.cpuRatio).filter((x) => x !== null);
  // One generator thread against a one-thread Node server, one core each: a
  // generator needing more CPU per request than the server is the limit.
  if (ratios.length) {
    console.log(`requests/s flambe/wrk: median ${median(ratios).toFixed(3)}, spread ${spread(ratios)} over ${ratios.length} rounds (target ≥ 0.95)`);
    if (cpuRatios.length) console.log(`generator CPU per request flambe/wrk: median ${median(cpuRatios).toFixed(2)}, spread ${spread(cpuRatios)} (target ≤ 1.5)`);
    else console.log('wrk\'s CPU was not measured (/usr/bin/time is missing): no CPU ratio.');
    console.log(`load average now ${loadAverage()}: on a busy machine the requests/s ratio swings with the neighbours; the CPU ratio holds better. A generator needing more CPU per request than the server is the bottleneck.`);
  } else console.log('wrk is not installed: no reference, flambe\'s numbers alone (apt-get install wrk)');
} finally {
  child.kill();
}
