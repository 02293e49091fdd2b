#!/usr/bin/env node
// npm run bench:library — the library's speed, against references measured in
// the same run:
//   1. list 10 000 recordings with a search and a sort (target < 50 ms);
//   2. save and reopen a ~20 MB profile, next to a JSON.parse of the same raw
//      profile (target: reopen ≤ 1.5 × JSON.parse).
// Runs on Node 24 directly (type stripping) against a temporary library file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Library } from '../electron/services/library/library.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-bench-lib-'));
const time = (fn) => { const t = performance.now(); const out = fn(); return [performance.now() - t, out]; };
const best = (n, fn) => { let b = Infinity; for (let i = 0; i < n; i++) b = Math.min(b, time(fn)[0]); return b; };

/** A synthetic V8 profile of roughly `mb` megabytes (deep stacks, many samples). */
function syntheticProfile(mb) {
  const nodes = [{ id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1, columnNumber: -1, scriptId: '0' }, children: [] }];
  const leaves = [];
  for (let branch = 0; branch < 400; branch++) {
    let parent = nodes[0];
    for (let depth = 0; depth < 30; depth++) {
      const id = nodes.length + 1;
      const node = { id, callFrame: { functionName: `fn_${branch % 50}_${depth}`, url: `file:///app/src/module${depth % 20}.js`, lineNumber: depth * 3, columnNumber: 4, scriptId: String(depth % 20) }, hitCount: 0, children: [] };
      nodes.push(node);
      parent.children.push(id);
      parent = node;
    }
    leaves.push(parent.id);
  }
  const samples = [];
  const timeDeltas = [];
  const target = mb * 1024 * 1024;
  let approx = JSON.stringify(nodes).length;
  let i = 0;
  while (approx < target) {
    samples.push(leaves[(i * 7919) % leaves.length]);
    timeDeltas.push(900 + (i % 300));
    approx += 11;
    i++;
  }
  const startTime = 1_000_000;
  return { nodes, startTime, endTime: startTime + timeDeltas.reduce((a, b) => a + b, 0), samples, timeDeltas };
}

function recording(i, profile) {
  return {
    id: `bench-${i}`, name: `GET /route${i % 37} · run ${i}`, createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    target: { kind: 'launched', label: `server${i % 5}.js`, pid: 1000 + i, nodeVersion: 'v24.0.0', argv: ['node'] },
    settings: { targetId: 't', warmupSec: 2, samplingIntervalUs: 1000, tags: [], load: { url: `http://127.0.0.1:3000/route${i % 37}`, method: 'GET', headers: {}, connections: 10, durationSec: 10, timeoutSec: 10 } },
    load: { requests: 1000 + i, durationSec: 10, rps: 100 + (i % 997), latencyMs: { p50: 1, p90: 2, p99: 3 + (i % 13), max: 9, mean: 1 }, errors: 0, timeouts: 0, non2xx: 0, statusCodes: { 200: 1000 }, bytesPerSec: 1, timeline: [], stoppedEarly: false },
    profile, samples: [], error: null, tags: i % 10 === 0 ? ['baseline'] : ['ci'], notes: i % 100 === 0 ? 'checkout regression' : '',
  };
}

try {
  console.log(`bench:library — Node ${process.version}`);
  // 1. Listing 10 000 recordings.
  const lib = new Library(path.join(dir, 'list.sqlite'));
  const tiny = { nodes: [{ id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1, columnNumber: -1 } }], startTime: 0, endTime: 1000, samples: [1], timeDeltas: [0] };
  const [fillMs] = time(() => { for (let i = 0; i < 10_000; i++) lib.save(recording(i, tiny)); });
  console.log(`filled 10 000 recordings in ${(fillMs / 1000).toFixed(1)} s`);
  const listPlain = best(5, () => lib.list({ limit: 200 }));
  const listSearch = best(5, () => lib.list({ search: 'route1', sort: 'rps', direction: 'desc', limit: 200 }));
  const listAll = best(5, () => lib.list({ search: 'run', sort: 'name', direction: 'asc', limit: 10_000 }));
  console.log(`list (newest 200 of 10 000):          ${listPlain.toFixed(1)} ms`);
  console.log(`list (search + sort by rps, 200):     ${listSearch.toFixed(1)} ms  (target < 50 ms)`);
  console.log(`list (search + sort by name, all 10 000 rows): ${listAll.toFixed(1)} ms`);
  lib.close();

  // 2. A ~20 MB profile: save, reopen, vs JSON.parse of the same text.
  const big = new Library(path.join(dir, 'big.sqlite'));
  const profile = syntheticProfile(20);
  const text = JSON.stringify(profile);
  const rec = recording(1, profile);
  const [saveMs] = time(() => big.save(rec));
  const parseMs = best(3, () => JSON.parse(text));
  const reopenMs = best(3, () => big.get(rec.id));
  console.log(`profile: ${(text.length / 1048576).toFixed(1)} MB, ${profile.samples.length} samples`);
  console.log(`save: ${saveMs.toFixed(0)} ms`);
  console.log(`reopen: ${reopenMs.toFixed(0)} ms vs JSON.parse ${parseMs.toFixed(0)} ms → ratio ${(reopenMs / parseMs).toFixed(2)} (target ≤ 1.5)`);
  big.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
