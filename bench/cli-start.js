#!/usr/bin/env node
// npm run bench:cli — how long `flambe --help` and each command's --help take
// to start and end, whole process, against `node -e 0` in the same run (the
// floor: Node's own start). Target: every one ≤ 3 × node -e 0. Also the peak
// memory (maxRSS) of each. Needs `npm run build` (bin/flambe.js runs dist/).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(tmpdir(), 'flambe-bench-cli-'));
// Each run writes its peak memory on exit, read back here (the parent cannot see a child's rusage).
const probe = path.join(dir, 'rss.mjs');
writeFileSync(probe, `import { writeFileSync } from 'node:fs';
process.on('exit', () => writeFileSync(${JSON.stringify(path.join(dir, 'rss'))}, String(process.resourceUsage().maxRSS)));\n`);

const RUNS = Number(process.env.RUNS ?? 7);
const commands = ['record', 'library', 'analyze', 'compare', 'diff', 'experiment', 'convert', 'sweep', 'overhead', 'report'];
const cases = [
  ['node -e 0', ['-e', '0']],
  ['flambe --help', [path.join(repo, 'bin/flambe.js'), '--help']],
  ...commands.map((c) => [`flambe ${c} --help`, [path.join(repo, 'bin/flambe.js'), c, '--help']]),
];

function once(args) {
  const t = performance.now();
  const r = spawnSync(process.execPath, ['--import', probe, ...args], { cwd: repo, encoding: 'utf8' });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { ms, rssMb: Number(readFileSync(path.join(dir, 'rss'), 'utf8')) / 1024 };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = new Map(cases.map(([name]) => [name, []]));
// Interleaved: what the machine does meanwhile hits every case alike.
for (let i = 0; i < RUNS; i++) for (const [name, args] of cases) results.get(name).push(once(args));

const floor = median(results.get('node -e 0').map((r) => r.ms));
let worst = 0;
for (const [name, runs] of results) {
  const ms = median(runs.map((r) => r.ms));
  const ratio = ms / floor;
  if (name !== 'node -e 0') worst = Math.max(worst, ratio);
  console.log(`${name.padEnd(26)} ${ms.toFixed(0).padStart(5)} ms  ${ratio.toFixed(2)}× node -e 0  ${median(runs.map((r) => r.rssMb)).toFixed(0).padStart(4)} MB`);
}
console.log(`worst: ${worst.toFixed(2)}× node -e 0 (target ≤ 3×)`);
