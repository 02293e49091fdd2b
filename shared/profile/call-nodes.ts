// The call-node table: the profile's tree merged by call path (Firefox
// Profiler's "call node" — one per distinct stack of frames), with self and
// total time. Every view starts from it, so it is computed once per profile
// and memoized (the profile is immutable; a WeakMap lets it be collected).
//
// Nodes are in depth-first preorder: the subtree of c is the index range
// [c, subtreeEnd[c]), its parent comes before it, and a stack walk is a loop.
import type { Profile } from './model.ts';

export interface CallNodeTable {
  count: number;
  frame: Int32Array;
  /** Parent call node, -1 for the root (call node 0). */
  parent: Int32Array;
  depth: Int32Array;
  /** One past the last call node of c's subtree. */
  subtreeEnd: Int32Array;
  selfMs: Float64Array;
  totalMs: Float64Array;
  /** Profile node → call node. */
  nodeToCallNode: Int32Array;
}

const cache = new WeakMap<Profile, CallNodeTable>();
const nodeSelfCache = new WeakMap<Profile, Float64Array>();

/** The importer already summed self time per node while weighing samples: saves a pass over millions of samples. */
export function rememberNodeSelfMs(profile: Profile, nodeSelfMs: Float64Array): void {
  nodeSelfCache.set(profile, nodeSelfMs);
}

/** Self time of each profile node (memoized). */
export function nodeSelfTimes(profile: Profile): Float64Array {
  let self = nodeSelfCache.get(profile);
  if (!self) {
    self = nodeSelfMs(profile.nodeFrame.length, profile.samples, profile.weightsMs);
    nodeSelfCache.set(profile, self);
  }
  return self;
}

export function callNodeTable(profile: Profile): CallNodeTable {
  let table = cache.get(profile);
  if (!table) {
    table = buildCallNodeTable(profile.frames.length, profile.nodeFrame, profile.nodeParent, nodeSelfTimes(profile));
    cache.set(profile, table);
  }
  return table;
}

/** Self time of each node: the one pass over the samples every view needs. */
export function nodeSelfMs(nodeCount: number, samples: Int32Array, weightsMs: Float64Array): Float64Array {
  const self = new Float64Array(nodeCount);
  for (let s = 0; s < samples.length; s++) self[samples[s]] += weightsMs[s];
  return self;
}

/**
 * Merges nodes by path. Works on any tree whose parents precede their
 * children; frames are indices below `frameCount`.
 */
export function buildCallNodeTable(frameCount: number, nodeFrame: Int32Array, nodeParent: Int32Array, nodeSelf: Float64Array): CallNodeTable {
  const n = nodeFrame.length;
  // 1. Merge: temporary ids in first-seen order.
  const tmpOf = new Int32Array(n);
  const tmpFrame = new Int32Array(n);
  const tmpParent = new Int32Array(n);
  const byPath = new Map<number, number>();
  let tmpCount = 1;
  tmpFrame[0] = nodeFrame[0];
  tmpParent[0] = -1;
  for (let i = 1; i < n; i++) {
    const p = tmpOf[nodeParent[i]];
    const key = p * frameCount + nodeFrame[i];
    let t = byPath.get(key);
    if (t === undefined) {
      t = tmpCount++;
      byPath.set(key, t);
      tmpFrame[t] = nodeFrame[i];
      tmpParent[t] = p;
    }
    tmpOf[i] = t;
  }
  // 2. Children lists (CSR), then an iterative depth-first walk for preorder.
  const childStart = new Int32Array(tmpCount + 1);
  for (let t = 1; t < tmpCount; t++) childStart[tmpParent[t] + 1]++;
  for (let t = 0; t < tmpCount; t++) childStart[t + 1] += childStart[t];
  const fill = childStart.slice(0, tmpCount);
  const childList = new Int32Array(Math.max(tmpCount - 1, 0));
  for (let t = 1; t < tmpCount; t++) childList[fill[tmpParent[t]]++] = t;

  const pre = new Int32Array(tmpCount);
  const frame = new Int32Array(tmpCount);
  const parent = new Int32Array(tmpCount);
  const depth = new Int32Array(tmpCount);
  const stack = new Int32Array(tmpCount);
  let top = 0;
  let next = 0;
  stack[top++] = 0;
  while (top > 0) {
    const t = stack[--top];
    const c = next++;
    pre[t] = c;
    frame[c] = tmpFrame[t];
    parent[c] = t === 0 ? -1 : pre[tmpParent[t]];
    depth[c] = t === 0 ? 0 : depth[parent[c]] + 1;
    // Push children in reverse so the first child is visited first.
    for (let j = childStart[t + 1] - 1; j >= childStart[t]; j--) stack[top++] = childList[j];
  }

  // 3. Times.
  const nodeToCallNode = new Int32Array(n);
  for (let i = 0; i < n; i++) nodeToCallNode[i] = pre[tmpOf[i]];
  const selfMs = new Float64Array(tmpCount);
  for (let i = 0; i < n; i++) selfMs[nodeToCallNode[i]] += nodeSelf[i];
  const totalMs = selfMs.slice();
  const subtreeEnd = new Int32Array(tmpCount);
  for (let c = tmpCount - 1; c >= 0; c--) {
    if (subtreeEnd[c] === 0) subtreeEnd[c] = c + 1;
    const p = parent[c];
    if (p >= 0) {
      totalMs[p] += totalMs[c];
      if (subtreeEnd[c] > subtreeEnd[p]) subtreeEnd[p] = subtreeEnd[c];
    }
  }
  return { count: tmpCount, frame, parent, depth, subtreeEnd, selfMs, totalMs, nodeToCallNode };
}

/** The frames from the root's child down to c (the root frame is left out). */
export function callNodePath(table: CallNodeTable, c: number): number[] {
  const path: number[] = [];
  for (let x = c; x > 0; x = table.parent[x]) path.push(table.frame[x]);
  return path.reverse();
}

/** The call node for a path of frames from the root's child down, or -1. */
export function findCallNode(table: CallNodeTable, framePath: readonly number[]): number {
  let c = 0;
  for (const f of framePath) {
    let found = -1;
    for (let x = c + 1; x < table.subtreeEnd[c]; x = table.subtreeEnd[x]) {
      if (table.frame[x] === f) { found = x; break; }
    }
    if (found < 0) return -1;
    c = found;
  }
  return c;
}
