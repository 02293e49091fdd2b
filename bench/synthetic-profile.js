// A synthetic, deterministic .cpuprofile of about `bytes` bytes, shaped like a
// real server's: ~4 000 functions (your code, packages, Node internals,
// native), tens of thousands of nodes with positionTicks, stacks 100+ frames
// deep, millions of samples with the odd out-of-order delta V8 writes.
// Shared by bench:analysis, bench:open and bench:compare so they measure the
// same file; another seed gives another profile of the same shape (its
// functions live in other files), as a "before" and "after" (bench:compare).

/** mulberry32: a small seeded PRNG, so every run benchmarks the same file. */
function rng(seed) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generate(bytes, seed = 42) {
  const rand = rng(seed);
  const pick = (n) => Math.floor(rand() * n);
  // ~4000 functions: your code, packages, Node internals, native.
  const pkgs = ['express', 'pino', 'lodash', '@fastify/ajv-compiler', 'body-parser', 'mongoose', 'ioredis', 'zod'];
  const functions = [];
  for (let i = 0; i < 4000; i++) {
    const r = rand();
    const name = `${['handle', 'parse', 'render', 'query', 'validate', 'emit', 'write', 'compute'][pick(8)]}${i}`;
    let url;
    if (r < 0.35) url = `file:///home/student/projects/shop-api/src/${['routes', 'services', 'models', 'lib'][pick(4)]}/module-${i % 97}.js`;
    else if (r < 0.75) { const p = pkgs[pick(pkgs.length)]; url = `file:///home/student/projects/shop-api/node_modules/${p}/lib/internal/file-${i % 53}.js`; }
    else if (r < 0.95) url = `node:internal/${['streams/writable', 'http/server', 'fs/utils', 'timers', 'process/task_queues'][pick(5)]}`;
    else url = '';
    functions.push({ functionName: name, scriptId: String(10 + (i % 300)), url, lineNumber: pick(2000), columnNumber: pick(80) });
  }
  const meta = ['(program)', '(idle)', '(garbage collector)'].map((n) => ({ functionName: n, scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 }));

  // The tree: a 120-deep spine, then nodes hung mostly under deep ones.
  const nodeCount = Math.round(bytes / 1200);
  const parent = new Int32Array(nodeCount).fill(-1);
  const depth = new Int32Array(nodeCount);
  const fn = new Int32Array(nodeCount);
  const children = Array.from({ length: nodeCount }, () => []);
  let count = 1;
  const add = (p, f) => { parent[count] = p; depth[count] = depth[p] + 1; fn[count] = f; children[p].push(count); return count++; };
  for (let m = 0; m < 3; m++) add(0, -1 - m);
  let tip = 0;
  for (let d = 0; d < 120; d++) tip = add(tip, pick(4000));
  while (count < nodeCount) {
    const r = rand();
    const p = r < 0.7 ? Math.max(4, count - 1 - pick(Math.min(count - 4, 200))) : 4 + pick(count - 4);
    add(depth[p] > 160 ? parent[p] : p, pick(4000));
  }
  const deep = [];
  for (let i = 4; i < count; i++) if (depth[i] >= 100) deep.push(i);

  const nodeJson = new Array(count);
  for (let i = 0; i < count; i++) {
    const callFrame = i === 0 ? { functionName: '(root)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 } : fn[i] < 0 ? meta[-1 - fn[i]] : functions[fn[i]];
    const node = { id: i + 1, callFrame, hitCount: pick(50) };
    if (children[i].length) node.children = children[i].map((c) => c + 1);
    if (fn[i] >= 0 && i > 0) node.positionTicks = Array.from({ length: 1 + pick(4) }, () => ({ line: 1 + pick(2000), ticks: 1 + pick(30) }));
    nodeJson[i] = JSON.stringify(node);
  }
  const head = `{"nodes":[${nodeJson.join(',')}],"startTime":81234567890,"endTime":`;
  // Samples fill what is left: ~12 bytes each (id + delta).
  const sampleCount = Math.max(1000, Math.round((bytes - head.length) / 12.5));
  const samples = new Int32Array(sampleCount);
  const deltas = new Int32Array(sampleCount);
  let t = 0;
  let cur = deep[0];
  for (let i = 0; i < sampleCount; i++) {
    const r = rand();
    if (r < 0.02) cur = 1 + pick(3); // program, idle, GC
    else if (r < 0.3) cur = deep[pick(deep.length)];
    else if (r < 0.45) cur = 4 + pick(count - 4);
    samples[i] = cur + 1;
    deltas[i] = 900 + pick(300) + (rand() < 0.001 ? -1500 : 0); // the odd out-of-order sample, as V8 writes them
    t += deltas[i];
  }
  return `${head}${81234567890 + t + 1000},"samples":[${samples.join(',')}],"timeDeltas":[${deltas.join(',')}]}`;
}
