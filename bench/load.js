#!/usr/bin/env node
// npm run bench:load — Flambé's load burst against wrk, same server, same
// connections and duration, in one run. Prints both requests/s and the ratio
// (target: flambe ≥ 0.9 × wrk). Needs `wrk` on PATH for the reference
// (Debian: apt-get install wrk); without it, prints flambe's number alone.
import { spawn, spawnSync } from 'node:child_process';
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

function flambeRps(url) {
  const r = spawnSync(process.execPath, [path.join(root, 'bin/flambe.js'), 'record', '--no-profile', '--url', url, '-c', String(c), '-d', String(d), '--warmup', '1', '--json'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`flambe failed: ${r.stderr}`);
  const load = JSON.parse(r.stdout).load;
  // The generator says when its own thread was the limit (busy > 90 % of the burst).
  if (load.generatorBusy) console.log(`  flambe: ${load.generatorBusy}`);
  return load.rps;
}

function wrkRps(url) {
  // One wrk thread: autocannon drives the load from one thread too.
  spawnSync('wrk', ['-t1', `-c${c}`, '-d1s', url], { encoding: 'utf8' }); // warm-up, like flambe's
  const r = spawnSync('wrk', ['-t1', `-c${c}`, `-d${d}s`, url], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return null;
  const m = /Requests\/sec:\s+([\d.]+)/.exec(r.stdout);
  return m ? Number(m[1]) : null;
}

const hasWrk = spawnSync('wrk', ['--version']).error === undefined;
const { child, base } = await startDemo();
const url = base + values.route;
try {
  console.log(`bench:load — ${url}, ${c} connections, ${d} s, ${values.rounds} rounds, Node ${process.version}`);
  const rows = [];
  for (let i = 0; i < Number(values.rounds); i++) {
    const flambe = flambeRps(url);
    const wrk = hasWrk ? wrkRps(url) : null;
    rows.push({ flambe, wrk });
    console.log(`round ${i + 1}: flambe ${Math.round(flambe)} req/s` + (wrk ? `, wrk ${Math.round(wrk)} req/s, ratio ${(flambe / wrk).toFixed(3)}` : ''));
  }
  // Rounds alternate flambe and wrk, so each ratio compares neighbours in time;
  // the median ratio is robust to a round disturbed by other work on the machine.
  const ratios = rows.filter((r) => r.wrk).map((r) => r.flambe / r.wrk).sort((a, b) => a - b);
  const median = ratios.length ? ratios[Math.floor((ratios.length - 1) / 2)] * 0.5 + ratios[Math.ceil((ratios.length - 1) / 2)] * 0.5 : null;
  if (median !== null) console.log(`median ratio flambe/wrk: ${median.toFixed(3)} over ${ratios.length} rounds (target ≥ 0.9)`);
  else console.log('wrk is not installed: no reference (apt-get install wrk)');
} finally {
  child.kill();
}
