#!/usr/bin/env node
// npm run bench:analysis — opening a big profile vs. two JSON.parse calls
// (docs/ARCHITECTURE.md "Performance targets": a 100 MB .cpuprofile builds every view in
// well under the time of two JSON.parse calls of the same file).
//
// Generates a synthetic, deterministic .cpuprofile of about --mb megabytes
// (default 100): tens of thousands of nodes with real-looking URLs and
// positionTicks, stacks 100+ frames deep, millions of samples. Then, in one
// run: two plain JSON.parse calls of the text (the baseline), and
// importProfile(text) plus every view the app builds. Prints each step, the
// ratio (target ≤ 1.0) and the peak memory. Plain JS run by Node ≥ 24: the
// .ts files of shared/ load directly (type stripping).
//
// Usage: node bench/analysis.js [--mb 100] [--rounds 2]
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import {
  analyzeProfile, bottomUp, bucketBreakdown, buildCallTree, buildFlameTree, categoryBreakdown, chartIndex, importProfile, visibleChartSpans,
} from '../shared/profile/index.ts';
import { generate } from './synthetic-profile.js';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '100' }, rounds: { type: 'string', default: '2' } } });
const targetBytes = Number(values.mb) * 1024 * 1024;
const rounds = Math.max(1, Number(values.rounds));

function maxDepth(profile) {
  const depth = new Int32Array(profile.nodeParent.length);
  let max = 0;
  for (let i = 1; i < depth.length; i++) { depth[i] = depth[profile.nodeParent[i]] + 1; if (depth[i] > max) max = depth[i]; }
  return max;
}

const mb = (b) => `${(b / 1024 / 1024).toFixed(1)} MB`;
// Wall time, and this process's CPU time (user + system, all its threads):
// on a machine shared with other work, CPU time is the steadier of the two.
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const time = (fn) => {
  const c0 = cpuMs();
  const t0 = performance.now();
  const v = fn();
  return [performance.now() - t0, v, cpuMs() - c0];
};

console.log(`bench:analysis — generating a ~${values.mb} MB profile…`);
const text = generate(targetBytes);
console.log(`profile: ${mb(text.length)}`);

// Warm-up on a small profile so both paths are compiled before timing.
const small = generate(2 * 1024 * 1024);
for (let i = 0; i < 2; i++) { JSON.parse(small); const p = importProfile(small); buildFlameTree(p, { minFraction: 0.0005 }); analyzeProfile(p); }

// Each round times the baseline and our path on the same text; with several
// rounds, each step keeps its best time (the machine may be busy).
const best = new Map();
const bestCpu = new Map();
const keep = (name, ms, cpu) => {
  best.set(name, Math.min(best.get(name) ?? Infinity, ms));
  bestCpu.set(name, Math.min(bestCpu.get(name) ?? Infinity, cpu));
};
let shape = '';
for (let round = 1; round <= rounds; round++) {
  const step = (name, fn) => { const [ms, v, cpu] = time(fn); keep(name, ms, cpu); return v; };
  step('JSON.parse #1', () => JSON.parse(text));
  step('JSON.parse #2', () => JSON.parse(text));
  const profile = step('import (parse + validate + model)', () => importProfile(text, 'bench.cpuprofile'));
  step('flame tree (minFraction 0.0005)', () => buildFlameTree(profile, { minFraction: 0.0005 }));
  step('call tree', () => buildCallTree(profile, { minFraction: 0.0001 }));
  step('bottom-up by function', () => bottomUp(profile, { by: 'function' }));
  step('bottom-up by file', () => bottomUp(profile, { by: 'file' }));
  step('bottom-up by package', () => bottomUp(profile, { by: 'package' }));
  step('categories', () => categoryBreakdown(profile));
  step('buckets', () => bucketBreakdown(profile));
  step('summary (analyzeProfile, 1000 requests)', () => analyzeProfile(profile, { requests: 1000 }));
  // The timeline's time-ordered flame chart: sample times and depths once, then the viewports the canvas draws (1300 px).
  const index = step('flame chart index (times, depths)', () => chartIndex(profile));
  step('flame chart viewport (whole profile)', () => visibleChartSpans(profile, index, { fromMs: 0, toMs: profile.durationMs, widthPx: 1300 }));
  step('flame chart viewport (a tenth)', () => visibleChartSpans(profile, index, { fromMs: profile.durationMs * 0.45, toMs: profile.durationMs * 0.55, widthPx: 1300 }));
  shape = `${profile.nodeFrame.length} nodes, ${profile.samples.length} samples, ${profile.frames.length} functions, max depth ${maxDepth(profile)}`;
}
const sum = (m, pick) => [...m].filter(([name]) => pick(name)).reduce((s, [, ms]) => s + ms, 0);
const isBaseline = (name) => name.startsWith('JSON.parse');
const baseline = sum(best, isBaseline);
const total = sum(best, (n) => !isBaseline(n));
const baselineCpu = sum(bestCpu, isBaseline);
const totalCpu = sum(bestCpu, (n) => !isBaseline(n));
console.log(`\n${shape}; best of ${rounds} round${rounds > 1 ? 's' : ''}`);
console.log(`  ${''.padEnd(40)} ${'wall'.padStart(9)} ${'cpu'.padStart(9)}`);
const row = (name, ms, cpu) => console.log(`  ${name.padEnd(40)} ${ms.toFixed(0).padStart(6)} ms ${cpu.toFixed(0).padStart(6)} ms`);
row('JSON.parse × 2 (baseline)', baseline, baselineCpu);
for (const [name, ms] of best) if (!isBaseline(name)) row(name, ms, bestCpu.get(name));
row('import + every view', total, totalCpu);
console.log(`ratio (import + every view) / (2 × JSON.parse): ${(total / baseline).toFixed(2)} wall, ${(totalCpu / baselineCpu).toFixed(2)} cpu  (target ≤ 1.0)`);
console.log(`peak memory (max RSS): ${mb(process.resourceUsage().maxRSS * 1024)}`);
