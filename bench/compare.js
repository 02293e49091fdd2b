#!/usr/bin/env node
// npm run bench:compare — comparing two big profiles vs. 2 × 2 JSON.parse calls
// (issue 10: "diffs two ~90 MB profiles (import both + diff + diff flame
// tree) … against 2 × 2 JSON.parse in the same run. Target ≤ 1.2").
//
// Two synthetic profiles of about 90 MB each (--mb 103: the generator lands a little under its target; seeds 42
// and 43: the same shape, functions in other places — a before and an
// after), then, in one run: JSON.parse of each text twice (the baseline), and
// importProfile of both + diffProfiles (functions matched, per 1000
// requests) + buildDiffFlameTree (the Compare screen's minFraction). Also
// printed, outside the ratio: everything else the Compare screen computes
// (buildComparison: files, packages, kinds of work, categories, load).
//
// Usage: node bench/compare.js [--mb 103] [--rounds 2]
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { buildComparison } from '../shared/compare/index.ts';
import { buildDiffFlameTree, diffProfiles, importProfile } from '../shared/profile/index.ts';
import { generate } from './synthetic-profile.js';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '103' }, rounds: { type: 'string', default: '2' } } });
const bytes = Number(values.mb) * 1024 * 1024;
const rounds = Math.max(1, Number(values.rounds));
const mb = (b) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const REQUESTS_A = 120_000;
const REQUESTS_B = 90_000;
const MIN_FRACTION = 0.0005; // as renderer/src/compare/compute.ts

console.log(`bench:compare — generating two profiles (--mb ${values.mb})…`);
const textA = generate(bytes, 42);
const textB = generate(bytes, 43);
console.log(`profiles: ${mb(textA.length)} and ${mb(textB.length)}`);

// Warm-up on small profiles so every path is compiled before timing.
{
  const a = importProfile(generate(2 * 1024 * 1024, 1));
  const b = importProfile(generate(2 * 1024 * 1024, 2));
  diffProfiles(a, b, { requestsBefore: 1000, requestsAfter: 900 });
  buildDiffFlameTree(a, b, { requestsBefore: 1000, requestsAfter: 900, minFraction: MIN_FRACTION });
  JSON.parse(generate(1024 * 1024, 3));
}

const round = (profile, requests) => ({
  meta: { id: null, name: '', createdAt: null, source: 'recorded', targetLabel: 'bench', nodeVersion: 'v24', method: 'GET', url: 'http://127.0.0.1/x', connections: 10, durationSec: 10, requestLimit: null, samplingIntervalUs: 1000, machine: null },
  load: { requests, durationSec: 10, rps: requests / 10, latencyMs: { p50: 1, p90: 2, p99: 5, max: 9, mean: 1.2 }, errors: 0, timeouts: 0, non2xx: 0, statusCodes: {}, bytesPerSec: 0, timeline: [], stoppedEarly: false },
  profile, samples: [],
});

const best = new Map();
const bestCpu = new Map();
let shape = '';
for (let r = 1; r <= rounds; r++) {
  const step = (name, fn) => {
    const c0 = cpuMs();
    const t0 = performance.now();
    const v = fn();
    best.set(name, Math.min(best.get(name) ?? Infinity, performance.now() - t0));
    bestCpu.set(name, Math.min(bestCpu.get(name) ?? Infinity, cpuMs() - c0));
    return v;
  };
  step('JSON.parse A #1', () => JSON.parse(textA));
  step('JSON.parse A #2', () => JSON.parse(textA));
  step('JSON.parse B #1', () => JSON.parse(textB));
  step('JSON.parse B #2', () => JSON.parse(textB));
  const a = step('import A', () => importProfile(textA, 'a.cpuprofile'));
  const b = step('import B', () => importProfile(textB, 'b.cpuprofile'));
  const d = step('diff (functions matched, per 1k requests)', () => diffProfiles(a, b, { requestsBefore: REQUESTS_A, requestsAfter: REQUESTS_B }));
  step('diff flame tree (minFraction 0.0005)', () => buildDiffFlameTree(a, b, { requestsBefore: REQUESTS_A, requestsAfter: REQUESTS_B, minFraction: MIN_FRACTION }));
  step('[extra] buildComparison (every table)', () => buildComparison([round(a, REQUESTS_A)], [round(b, REQUESTS_B)]));
  shape = `A: ${a.nodeFrame.length} nodes, ${a.samples.length} samples; B: ${b.nodeFrame.length} nodes, ${b.samples.length} samples; ${d.functions.length} functions in the diff`;
}
const sum = (m, pick) => [...m].filter(([n]) => pick(n)).reduce((s, [, ms]) => s + ms, 0);
const isBaseline = (n) => n.startsWith('JSON.parse');
const isExtra = (n) => n.startsWith('[extra]');
const baseline = sum(best, isBaseline);
const total = sum(best, (n) => !isBaseline(n) && !isExtra(n));
const baselineCpu = sum(bestCpu, isBaseline);
const totalCpu = sum(bestCpu, (n) => !isBaseline(n) && !isExtra(n));
console.log(`\n${shape}; best of ${rounds} round${rounds > 1 ? 's' : ''}`);
console.log(`  ${''.padEnd(44)} ${'wall'.padStart(9)} ${'cpu'.padStart(9)}`);
const row = (name, ms, cpu) => console.log(`  ${name.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms ${cpu.toFixed(0).padStart(6)} ms`);
row('JSON.parse, 2 × 2 (baseline)', baseline, baselineCpu);
for (const [name, ms] of best) if (!isBaseline(name)) row(name, ms, bestCpu.get(name));
row('import both + diff + diff flame tree', total, totalCpu);
console.log(`ratio (import both + diff + diff flame tree) / (2 × 2 JSON.parse): ${(total / baseline).toFixed(2)} wall, ${(totalCpu / baselineCpu).toFixed(2)} cpu  (target ≤ 1.2)`);
console.log(`peak memory (max RSS): ${mb(process.resourceUsage().maxRSS * 1024)}`);
