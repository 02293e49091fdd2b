// Reading V8's node list: ids, call frames and links, validated, in one pass
// over the node objects in file order (the order JSON.parse laid them out in
// memory: far kinder to the cache than tree order on a 100 000-node profile).
import { ProfileFormatError } from './format-error.ts';
import { ANONYMOUS_NAME, frameKind, type Frame, type LineTicks } from './model.ts';

export const fail = (message: string): never => { throw new ProfileFormatError(message); };

/** A value, shown in an error message. */
export function describe(v: unknown): string {
  if (typeof v === 'string') return `"${v.length > 40 ? v.slice(0, 40) + '…' : v}"`;
  if (typeof v === 'number' || typeof v === 'boolean' || v === null || v === undefined) return String(v);
  return Array.isArray(v) ? 'a list' : 'an object';
}

export interface IdIndex {
  lookup: (id: number) => number;
  /** id → node index (-1: none), when ids are small (they are: V8 numbers them 1..n). */
  table: Int32Array | null;
}

export interface ReadNodes {
  ids: Float64Array;
  index: IdIndex;
  /** Distinct frames (by name, url, line, column), in file order. */
  distinct: Frame[];
  distinctOfNode: Int32Array;
  /** Parent of each node (file order), -1 for roots. */
  parent: Int32Array;
  /** Children in CSR form, in the order the file lists them. */
  childStart: Int32Array;
  childList: Int32Array;
  /** Nodes (file order) that carry V8's positionTicks, and those lists as read. */
  ticked: { node: number[]; ticks: unknown[] };
  /** Nodes that named a parent missing from the file, attached to the root instead (fromParents). */
  orphans: Orphans | null;
}

/** How many nodes named a missing parent, and the first one (for the profile-quality note). */
export interface Orphans { count: number; firstId: number; missingParent: unknown }

/** The validated tree: nodes in breadth-first order from the root (parents first), frames numbered in that order. */
export interface Tree {
  ids: Float64Array;
  index: IdIndex;
  /** Model node → file position, and back. */
  order: Int32Array;
  newIndex: Int32Array;
  frames: Frame[];
  nodeFrame: Int32Array;
  nodeParent: Int32Array;
  /** V8's positionTicks in model node order; undefined when no node has any. */
  lineTicks: LineTicks | undefined;
  orphans: Orphans | null;
}

/** Reads and checks the node list: one root, no cycle, every link to a real node. */
export function buildTree(nodes: Record<string, unknown>[], links: 'children' | 'parent'): Tree {
  const n = nodes.length;
  const { ids, index, distinct, distinctOfNode, parent, childStart, childList, ticked, orphans } = readNodes(nodes, links);

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

  // Frames numbered in tree order, so a re-import of an export numbers them alike.
  const frames: Frame[] = [];
  const frameOfDistinct = new Int32Array(distinct.length).fill(-1);
  const nodeFrame = new Int32Array(n);
  const nodeParent = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const old = order[k];
    const d = distinctOfNode[old];
    if (frameOfDistinct[d] < 0) {
      frameOfDistinct[d] = frames.length;
      frames.push(distinct[d]);
    }
    nodeFrame[k] = frameOfDistinct[d];
    nodeParent[k] = parent[old] === -1 ? -1 : newIndex[parent[old]];
  }
  return { ids, index, order, newIndex, frames, nodeFrame, nodeParent, lineTicks: lineTicksOf(ticked, ids, newIndex), orphans };
}

/** positionTicks ([{ line, ticks }], line 1-based in the script) checked and laid out in model node order. */
function lineTicksOf(ticked: ReadNodes['ticked'], ids: Float64Array, newIndex: Int32Array): LineTicks | undefined {
  if (ticked.node.length === 0) return undefined;
  const n = newIndex.length;
  const start = new Int32Array(n + 1);
  for (let k = 0; k < ticked.node.length; k++) {
    const list = ticked.ticks[k];
    if (!Array.isArray(list)) fail(`Node ${ids[ticked.node[k]]}'s positionTicks are ${describe(list)}, not a list.`);
    start[newIndex[ticked.node[k]] + 1] = (list as unknown[]).length;
  }
  for (let i = 0; i < n; i++) start[i + 1] += start[i];
  const line = new Int32Array(start[n]);
  const ticks = new Int32Array(start[n]);
  for (let k = 0; k < ticked.node.length; k++) {
    const list = ticked.ticks[k] as unknown[];
    let at = start[newIndex[ticked.node[k]]];
    for (const entry of list) {
      const e = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
      const l = e.line;
      const t = e.ticks;
      if (typeof l !== 'number' || !Number.isInteger(l) || l < 1 || l > 0x7fffffff) fail(`Node ${ids[ticked.node[k]]} has a positionTicks line ${describe(l)}, not a line number.`);
      if (typeof t !== 'number' || !Number.isInteger(t) || t < 0 || t > 0x7fffffff) fail(`Node ${ids[ticked.node[k]]} has positionTicks ticks ${describe(t)}, not a count of samples.`);
      line[at] = l as number;
      ticks[at++] = t as number;
    }
  }
  return { start, line, ticks };
}

export function readNodes(nodes: Record<string, unknown>[], links: 'children' | 'parent'): ReadNodes {
  const n = nodes.length;
  const ids = new Float64Array(n);
  const linkOf: unknown[] = new Array(n);
  const frames = new FrameSet();
  const distinctOfNode = new Int32Array(n);
  const ticked: ReadNodes['ticked'] = { node: [], ticks: [] };
  for (let i = 0; i < n; i++) {
    const node = nodes[i];
    if (typeof node !== 'object' || node === null) fail(`nodes[${i}] is ${describe(node)}, not a node.`);
    const id = node.id;
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) fail(`nodes[${i}] has id ${describe(id)}, not a whole number.`);
    ids[i] = id as number;
    distinctOfNode[i] = frames.add(node.callFrame, id as number);
    linkOf[i] = links === 'children' ? node.children : node.parent;
    const pt = node.positionTicks;
    if (pt !== undefined && pt !== null) {
      ticked.node.push(i);
      ticked.ticks.push(pt);
    }
  }
  const index = indexIds(ids);
  const { parent, childStart, childList, orphans } = links === 'children' ? { ...fromChildren(linkOf, ids, index.lookup), orphans: null } : fromParents(linkOf, ids, index.lookup);
  return { ids, index, distinct: frames.list, distinctOfNode, parent, childStart, childList, ticked, orphans };
}

function indexIds(ids: Float64Array): IdIndex {
  let max = -1;
  let min = Infinity;
  for (let i = 0; i < ids.length; i++) {
    if (ids[i] > max) max = ids[i];
    if (ids[i] < min) min = ids[i];
  }
  if (min >= 0 && max < ids.length * 4 + 1024) {
    const table = new Int32Array(max + 1).fill(-1);
    for (let i = 0; i < ids.length; i++) {
      if (table[ids[i]] !== -1) fail(`Two nodes have the same id ${ids[i]}.`);
      table[ids[i]] = i;
    }
    return { table, lookup: (id) => (Number.isInteger(id) && id >= 0 && id <= max ? table[id] : -1) };
  }
  const map = new Map<number, number>();
  for (let i = 0; i < ids.length; i++) {
    if (map.has(ids[i])) fail(`Two nodes have the same id ${ids[i]}.`);
    map.set(ids[i], i);
  }
  return { table: null, lookup: (id) => map.get(id) ?? -1 };
}

/** .cpuprofile: each node lists its children. CSR is filled in file order as we go. */
function fromChildren(childrenOf: unknown[], ids: Float64Array, lookup: (id: number) => number) {
  const n = childrenOf.length;
  const parent = new Int32Array(n).fill(-1);
  const childStart = new Int32Array(n + 1);
  // Every child has exactly one parent (checked below), so at most n - 1 entries.
  const childList = new Int32Array(Math.max(n - 1, 0));
  let filled = 0;
  for (let i = 0; i < n; i++) {
    childStart[i] = filled;
    const children = childrenOf[i];
    if (children === undefined || children === null) continue;
    if (!Array.isArray(children)) fail(`Node ${ids[i]}'s children are ${describe(children)}, not a list of node ids.`);
    for (const c of children as unknown[]) {
      const ci = typeof c === 'number' ? lookup(c) : -1;
      if (ci < 0) fail(`Node ${ids[i]} lists a child ${describe(c)} that is not in the profile.`);
      if (ci === i) fail(`Node ${ids[i]} lists itself as its child: the tree has a cycle.`);
      if (parent[ci] !== -1) fail(`Node ${ids[ci]} is listed as a child of both node ${ids[parent[ci]]} and node ${ids[i]}.`);
      parent[ci] = i;
      childList[filled++] = ci;
    }
  }
  childStart[n] = filled;
  return { parent, childStart, childList };
}

/**
 * Chrome trace ProfileChunks: each node names its parent. A parent missing
 * from the file (Chrome 141 traces whose chunks lost their data: Firefox
 * Profiler's chrome141-no-arg-data) is not a reason to refuse the profile —
 * DevTools and speedscope open it: the node hangs from the root instead, and
 * the profile says so in its quality checks (Profile.orphans).
 */
function fromParents(parentOf: unknown[], ids: Float64Array, lookup: (id: number) => number) {
  const n = parentOf.length;
  const parent = new Int32Array(n).fill(-1);
  const orphaned: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = parentOf[i];
    if (p === undefined || p === null) continue;
    if (typeof p !== 'number') fail(`Node ${ids[i]} names a parent ${describe(p)}, not a node id.`);
    const pi = lookup(p as number);
    if (pi < 0) {
      orphaned.push(i);
      continue;
    }
    if (pi === i) fail(`Node ${ids[i]} names itself as its parent: the tree has a cycle.`);
    parent[i] = pi;
  }
  let orphans: Orphans | null = null;
  if (orphaned.length > 0) {
    const root = parentOf.findIndex((p) => p === undefined || p === null);
    if (root < 0) fail(`Node ${ids[orphaned[0]]} names a parent ${describe(parentOf[orphaned[0]])} that is not in the profile, and no node is the root to attach it to.`);
    for (const o of orphaned) parent[o] = root;
    orphans = { count: orphaned.length, firstId: ids[orphaned[0]], missingParent: parentOf[orphaned[0]] };
  }
  const childStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) if (parent[i] >= 0) childStart[parent[i] + 1]++;
  for (let i = 0; i < n; i++) childStart[i + 1] += childStart[i];
  const fill = childStart.slice(0, n);
  const childList = new Int32Array(Math.max(0, childStart[n]));
  for (let i = 0; i < n; i++) if (parent[i] >= 0) childList[fill[parent[i]]++] = i;
  return { parent, childStart, childList, orphans };
}

/** Distinct frames by url → name → line/column: nested maps, no key string per node. */
class FrameSet {
  list: Frame[] = [];
  private byUrl = new Map<string, Map<string, Map<number | string, number>>>();

  /** Validates a callFrame and returns its frame's index. */
  add(cf: unknown, id: number): number {
    if (typeof cf !== 'object' || cf === null) return fail(`Node ${id} has no callFrame.`);
    const { functionName, url, lineNumber, columnNumber } = cf as Record<string, unknown>;
    if (functionName !== undefined && typeof functionName !== 'string') fail(`Node ${id}'s functionName is ${describe(functionName)}, not text.`);
    if (url !== undefined && typeof url !== 'string') fail(`Node ${id}'s url is ${describe(url)}, not text.`);
    if (lineNumber !== undefined && (typeof lineNumber !== 'number' || !Number.isFinite(lineNumber))) fail(`Node ${id}'s lineNumber is ${describe(lineNumber)}, not a number.`);
    if (columnNumber !== undefined && (typeof columnNumber !== 'number' || !Number.isFinite(columnNumber))) fail(`Node ${id}'s columnNumber is ${describe(columnNumber)}, not a number.`);
    const name = (functionName as string | undefined) || ANONYMOUS_NAME;
    const u = (url as string | undefined) ?? '';
    // .cpuprofile lines/columns are 0-based (-1 = unknown); the model is 1-based (0 = unknown).
    const line = typeof lineNumber === 'number' && lineNumber >= 0 ? Math.trunc(lineNumber) + 1 : 0;
    const column = typeof columnNumber === 'number' && columnNumber >= 0 ? Math.trunc(columnNumber) + 1 : 0;
    let byName = this.byUrl.get(u);
    if (!byName) this.byUrl.set(u, (byName = new Map()));
    let byPosition = byName.get(name);
    if (!byPosition) byName.set(name, (byPosition = new Map()));
    // One number per line/column pair while it is exact; a string beyond.
    const position = line < 2 ** 21 && column < 2 ** 32 ? line * 2 ** 32 + column : `${line}:${column}`;
    let f = byPosition.get(position);
    if (f === undefined) {
      f = this.list.length;
      this.list.push({ name, url: u, line, column, kind: frameKind(name, u) });
      byPosition.set(position, f);
    }
    return f;
  }
}
