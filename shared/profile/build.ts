// Validates V8's node/sample data and builds the model. Shared by the
// .cpuprofile importer (nodes list their children) and the Chrome trace
// importer (nodes name their parent). Every check names what is wrong; nothing
// is half-built: the model is created only after every check has passed.
import { ProfileFormatError } from './errors.ts';
import { ANONYMOUS_NAME, frameKind, PROGRAM_NAME, type Frame, type Profile } from './model.ts';
import { applyMetaNodeRules, needsProgramNode, timeSamples } from './timing.ts';

export interface RawProfile {
  nodes: unknown;
  /** How nodes link: V8's .cpuprofile lists children; trace ProfileChunks name the parent. */
  links: 'children' | 'parent';
  samples: unknown;
  timeDeltas: unknown;
  startTime: unknown;
  endTime: unknown;
}

const fail = (message: string): never => { throw new ProfileFormatError(message); };

function describe(v: unknown): string {
  if (typeof v === 'string') return `"${v.length > 40 ? v.slice(0, 40) + '…' : v}"`;
  if (typeof v === 'number' || typeof v === 'boolean' || v === null || v === undefined) return String(v);
  return Array.isArray(v) ? 'a list' : 'an object';
}

function isArrayLike(v: unknown): v is ArrayLike<unknown> {
  return Array.isArray(v) || v instanceof Float64Array || v instanceof Int32Array;
}

function optionalTime(v: unknown, name: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(`The profile's ${name} is ${describe(v)}, not a time in microseconds.`);
  return v as number;
}

/** Id → node index, as a typed array when ids are small (they are: V8 numbers them 1..n). */
function indexIds(ids: Float64Array): (id: number) => number {
  let max = -1;
  for (let i = 0; i < ids.length; i++) if (ids[i] > max) max = ids[i];
  let min = Infinity;
  for (let i = 0; i < ids.length; i++) if (ids[i] < min) min = ids[i];
  if (min >= 0 && max < ids.length * 4 + 1024) {
    const table = new Int32Array(max + 1).fill(-1);
    for (let i = 0; i < ids.length; i++) {
      if (table[ids[i]] !== -1) fail(`Two nodes have the same id ${ids[i]}.`);
      table[ids[i]] = i;
    }
    return (id) => (Number.isInteger(id) && id >= 0 && id <= max ? table[id] : -1);
  }
  const map = new Map<number, number>();
  for (let i = 0; i < ids.length; i++) {
    if (map.has(ids[i])) fail(`Two nodes have the same id ${ids[i]}.`);
    map.set(ids[i], i);
  }
  return (id) => map.get(id) ?? -1;
}

interface Links { parent: Int32Array; childStart: Int32Array; childList: Int32Array }

function readLinks(nodes: Record<string, unknown>[], ids: Float64Array, indexOf: (id: number) => number, mode: RawProfile['links']): Links {
  const n = nodes.length;
  const parent = new Int32Array(n).fill(-1);
  if (mode === 'children') {
    for (let i = 0; i < n; i++) {
      const children = nodes[i].children;
      if (children === undefined || children === null) continue;
      if (!Array.isArray(children)) fail(`Node ${ids[i]}'s children are ${describe(children)}, not a list of node ids.`);
      for (const c of children as unknown[]) {
        const ci = typeof c === 'number' ? indexOf(c) : -1;
        if (ci < 0) fail(`Node ${ids[i]} lists a child ${describe(c)} that is not in the profile.`);
        if (ci === i) fail(`Node ${ids[i]} lists itself as its child: the tree has a cycle.`);
        if (parent[ci] !== -1) fail(`Node ${ids[ci]} is listed as a child of both node ${ids[parent[ci]]} and node ${ids[i]}.`);
        parent[ci] = i;
      }
    }
  } else {
    for (let i = 0; i < n; i++) {
      const p = nodes[i].parent;
      if (p === undefined || p === null) continue;
      const pi = typeof p === 'number' ? indexOf(p) : -1;
      if (pi < 0) fail(`Node ${ids[i]} names a parent ${describe(p)} that is not in the profile.`);
      if (pi === i) fail(`Node ${ids[i]} names itself as its parent: the tree has a cycle.`);
      parent[i] = pi;
    }
  }
  // Children in CSR form, in the order the file lists them.
  const childStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) if (parent[i] >= 0) childStart[parent[i] + 1]++;
  for (let i = 0; i < n; i++) childStart[i + 1] += childStart[i];
  const fill = childStart.slice(0, n);
  const childList = new Int32Array(Math.max(0, childStart[n]));
  if (mode === 'children') {
    for (let i = 0; i < n; i++) for (const c of (nodes[i].children as number[] | undefined) ?? []) childList[fill[i]++] = indexOf(c);
  } else {
    for (let i = 0; i < n; i++) if (parent[i] >= 0) childList[fill[parent[i]]++] = i;
  }
  return { parent, childStart, childList };
}

function readFrame(node: Record<string, unknown>, id: number): Frame {
  const cf = node.callFrame;
  if (typeof cf !== 'object' || cf === null) return fail(`Node ${id} has no callFrame.`);
  const { functionName, url, lineNumber, columnNumber } = cf as Record<string, unknown>;
  if (functionName !== undefined && typeof functionName !== 'string') fail(`Node ${id}'s functionName is ${describe(functionName)}, not text.`);
  if (url !== undefined && typeof url !== 'string') fail(`Node ${id}'s url is ${describe(url)}, not text.`);
  for (const [k, v] of [['lineNumber', lineNumber], ['columnNumber', columnNumber]] as const) {
    if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v))) fail(`Node ${id}'s ${k} is ${describe(v)}, not a number.`);
  }
  const name = (functionName as string | undefined) || ANONYMOUS_NAME;
  const u = (url as string | undefined) ?? '';
  // .cpuprofile lines/columns are 0-based (-1 = unknown); the model is 1-based (0 = unknown).
  const line = typeof lineNumber === 'number' && lineNumber >= 0 ? Math.trunc(lineNumber) + 1 : 0;
  const column = typeof columnNumber === 'number' && columnNumber >= 0 ? Math.trunc(columnNumber) + 1 : 0;
  return { name, url: u, line, column, kind: frameKind(name, u) };
}

export function buildProfile(raw: RawProfile): Profile {
  if (!Array.isArray(raw.nodes)) fail('The profile has no "nodes" list.');
  const nodes = raw.nodes as Record<string, unknown>[];
  if (nodes.length === 0) fail('The profile\'s "nodes" list is empty.');
  const n = nodes.length;
  const ids = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const node = nodes[i];
    if (typeof node !== 'object' || node === null) fail(`nodes[${i}] is ${describe(node)}, not a node.`);
    const id = node.id;
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) fail(`nodes[${i}] has id ${describe(id)}, not a whole number.`);
    ids[i] = id as number;
  }
  const indexOf = indexIds(ids);
  const { parent, childStart, childList } = readLinks(nodes, ids, indexOf, raw.links);

  const roots: number[] = [];
  for (let i = 0; i < n && roots.length < 4; i++) if (parent[i] === -1) roots.push(i);
  if (roots.length === 0) fail('The node tree has no root: every node has a parent, so the links go round in a cycle.');
  if (roots.length > 1) fail(`The node tree has ${roots.length > 3 ? 'several' : roots.length} roots (nodes ${roots.slice(0, 3).map((r) => ids[r]).join(', ')}); a profile has exactly one.`);

  // Breadth-first from the root: parents get smaller indices than their children.
  const order = new Int32Array(n);
  const newIndex = new Int32Array(n).fill(-1);
  order[0] = roots[0];
  newIndex[roots[0]] = 0;
  let size = 1;
  for (let k = 0; k < size; k++) {
    const old = order[k];
    for (let j = childStart[old]; j < childStart[old + 1]; j++) {
      newIndex[childList[j]] = size;
      order[size++] = childList[j];
    }
  }
  if (size !== n) {
    let stray = 0;
    while (newIndex[stray] !== -1) stray++;
    fail(`The node tree has a cycle through node ${ids[stray]}: it is not connected to the root.`);
  }

  const frames: Frame[] = [];
  const frameIndex = new Map<string, number>();
  const nodeFrame = new Int32Array(n);
  const nodeParent = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const old = order[k];
    const frame = readFrame(nodes[old], ids[old]);
    const key = `${frame.name}\u0000${frame.url}\u0000${frame.line}\u0000${frame.column}`;
    let f = frameIndex.get(key);
    if (f === undefined) {
      f = frames.length;
      frames.push(frame);
      frameIndex.set(key, f);
    }
    nodeFrame[k] = f;
    nodeParent[k] = parent[old] === -1 ? -1 : newIndex[parent[old]];
  }

  if (raw.samples === undefined || raw.samples === null) fail('The profile has no "samples" list: Flambé needs samples and timeDeltas (Node 12+ and Chrome write them).');
  if (!isArrayLike(raw.samples)) fail(`The profile's "samples" is ${describe(raw.samples)}, not a list of node ids.`);
  const rawSamples = raw.samples as ArrayLike<unknown>;
  const count = rawSamples.length;
  const samples = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const s = rawSamples[i];
    const old = typeof s === 'number' ? indexOf(s) : -1;
    if (old < 0) fail(`samples[${i}] is ${describe(s)}, which is not the id of a node in the profile.`);
    samples[i] = newIndex[old];
  }
  const deltas = raw.timeDeltas;
  if (count > 0 && (deltas === undefined || deltas === null)) fail(`The profile has ${count} samples but no "timeDeltas": their times are unknown.`);
  if (deltas !== undefined && deltas !== null) {
    if (!isArrayLike(deltas)) fail(`The profile's "timeDeltas" is ${describe(deltas)}, not a list of numbers.`);
    const d = deltas as ArrayLike<unknown>;
    if (d.length !== count) fail(`The profile has ${count} samples but ${d.length} timeDeltas: there must be one per sample.`);
    for (let i = 0; i < count; i++) {
      const v = d[i];
      if (typeof v !== 'number' || !Number.isFinite(v)) fail(`timeDeltas[${i}] is ${describe(v)}, not a number of microseconds.`);
    }
  }
  const startTime = optionalTime(raw.startTime, 'startTime') ?? 0;
  const endTime = optionalTime(raw.endTime, 'endTime');
  const timed = timeSamples(samples, startTime, endTime, (deltas ?? []) as ArrayLike<number>);
  if (!Number.isFinite(timed.durationMs) || !Number.isFinite(timed.endTimeUs)) fail('The timeDeltas add up to an impossible time (too large to be a clock).');

  if (needsProgramNode(timed.samples) && programChild(frames, nodeFrame, nodeParent) < 0) {
    // Rule 4 needs a (program) node for root samples. Add it to the input and
    // build again, so the model is the one a re-import of its export gives.
    return buildProfile(withProgramNode(raw, nodes, ids, order[0]));
  }
  return withMetaNodeRules({ frames, nodeFrame, nodeParent, samples: timed.samples, weightsMs: timed.weightsMs, durationMs: timed.durationMs, startTimeUs: startTime, endTimeUs: timed.endTimeUs });
}

function programChild(frames: Frame[], nodeFrame: Int32Array, nodeParent: Int32Array): number {
  for (let i = 1; i < nodeFrame.length; i++) if (nodeParent[i] === 0 && frames[nodeFrame[i]].kind === 'program') return i;
  return -1;
}

/** The raw profile plus a (program) node as the root's last child. */
function withProgramNode(raw: RawProfile, nodes: Record<string, unknown>[], ids: Float64Array, root: number): RawProfile {
  let id = 0;
  for (let i = 0; i < ids.length; i++) if (ids[i] >= id) id = ids[i] + 1;
  const program: Record<string, unknown> = { id, callFrame: { functionName: PROGRAM_NAME, url: '', lineNumber: -1, columnNumber: -1 } };
  const copy = nodes.slice();
  if (raw.links === 'children') copy[root] = { ...nodes[root], children: [...((nodes[root].children as unknown[] | undefined) ?? []), id] };
  else program.parent = ids[root];
  copy.push(program);
  return { ...raw, nodes: copy };
}

/** Rule 4 of timing.ts, on a model whose root samples have a (program) node to go to. */
export function withMetaNodeRules(p: Profile): Profile {
  const { frames, nodeFrame, nodeParent } = p;
  const program = programChild(frames, nodeFrame, nodeParent);
  const kinds = frames.map((fr) => fr.kind);
  const isSystem = (node: number) => {
    const k = kinds[nodeFrame[node]];
    return node === 0 || k === 'program' || k === 'gc' || k === 'idle';
  };
  return { ...p, samples: applyMetaNodeRules(p.samples, nodeParent, isSystem, program) };
}
