// A heap snapshot as a graph Flambé can walk (heap-snapshot.ts reads it):
// each node's edges, each node's retainers (the edges that point at it),
// its distance from the root, its immediate dominator and its retained size
// — the figures DevTools' Memory tab shows, computed the way it documents
// them. Every walk is iterative: a heap's paths run thousands deep.
//
// Dominators: Cooper, Harvey & Kennedy, "A Simple, Fast Dominance Algorithm"
// (2001) — reverse postorder, intersect the predecessors' dominators until
// nothing changes. A node's immediate dominator is the last node every path
// from the root to it goes through; what it retains is itself and all it
// dominates (freed with it). Weak edges keep nothing alive: left out.
import type { HeapSnapshot } from './heap-snapshot.ts';

const NONE = 0xffffffff;

export interface HeapGraph {
  snapshot: HeapSnapshot;
  nodeCount: number;
  /** Field offsets within a node's and an edge's record. */
  nodeFields: number;
  edgeFields: number;
  typeOf(node: number): string;
  nameOf(node: number): string;
  idOf(node: number): number;
  selfSizeOf(node: number): number;
  /** Edges of `node` are records firstEdge[node] … firstEdge[node + 1] - 1. */
  firstEdge: Uint32Array;
  edgeType(edge: number): string;
  /** The property or variable name of a named edge; the index, as text, of an element or hidden one. */
  edgeName(edge: number): string;
  edgeTarget(edge: number): number;
  /** Retainers of `node`: retainerEdge/retainerNode[firstRetainer[node] … firstRetainer[node + 1] - 1]. */
  firstRetainer: Uint32Array;
  retainerEdge: Uint32Array;
  retainerNode: Uint32Array;
  /** Edges from the root to `node` on the shortest path without weak edges; NONE when unreachable. */
  distance: Uint32Array;
  /** Immediate dominator; NONE for the root and what it cannot reach. */
  idom: Uint32Array;
  retained: Float64Array;
  /** Reachable nodes, each after everything it dominates (DFS postorder): children before their dominators. */
  postorder: Uint32Array;
}

export const UNREACHED = NONE;

export function buildHeapGraph(snapshot: HeapSnapshot): HeapGraph {
  const { meta, nodes, edges, nodeCount, strings } = snapshot;
  const nodeFields = meta.node_fields.length;
  const edgeFields = meta.edge_fields.length;
  const field = (fields: string[], name: string) => {
    const i = fields.indexOf(name);
    if (i < 0) throw new Error(`heap snapshot without the "${name}" field`);
    return i;
  };
  const nType = field(meta.node_fields, 'type');
  const nName = field(meta.node_fields, 'name');
  const nId = field(meta.node_fields, 'id');
  const nSize = field(meta.node_fields, 'self_size');
  const nEdges = field(meta.node_fields, 'edge_count');
  const eType = field(meta.edge_fields, 'type');
  const eName = field(meta.edge_fields, 'name_or_index');
  const eTo = field(meta.edge_fields, 'to_node');
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const weak = edgeTypes.indexOf('weak');
  const indexNamed = new Set([edgeTypes.indexOf('element'), edgeTypes.indexOf('hidden')]);

  const firstEdge = new Uint32Array(nodeCount + 1);
  for (let n = 0; n < nodeCount; n++) firstEdge[n + 1] = firstEdge[n] + nodes[n * nodeFields + nEdges];
  const edgeCount = firstEdge[nodeCount];
  const target = (e: number) => edges[e * edgeFields + eTo] / nodeFields;
  const isWeak = (e: number) => edges[e * edgeFields + eType] === weak;

  // Retainers, grouped by the node they point at (a counting sort of the edges by target).
  const firstRetainer = new Uint32Array(nodeCount + 1);
  for (let e = 0; e < edgeCount; e++) firstRetainer[target(e) + 1]++;
  for (let n = 0; n < nodeCount; n++) firstRetainer[n + 1] += firstRetainer[n];
  const filled = firstRetainer.slice(0, nodeCount);
  const retainerEdge = new Uint32Array(edgeCount);
  const retainerNode = new Uint32Array(edgeCount);
  for (let n = 0; n < nodeCount; n++) {
    for (let e = firstEdge[n]; e < firstEdge[n + 1]; e++) {
      const slot = filled[target(e)]++;
      retainerEdge[slot] = e;
      retainerNode[slot] = n;
    }
  }

  const distance = new Uint32Array(nodeCount).fill(NONE);
  const queue = new Uint32Array(nodeCount);
  let head = 0;
  let tail = 0;
  if (nodeCount > 0) {
    distance[0] = 0;
    queue[tail++] = 0;
  }
  while (head < tail) {
    const n = queue[head++];
    for (let e = firstEdge[n]; e < firstEdge[n + 1]; e++) {
      const t = target(e);
      if (isWeak(e) || distance[t] !== NONE) continue;
      distance[t] = distance[n] + 1;
      queue[tail++] = t;
    }
  }

  const { postorder, order } = depthFirstPostorder(nodeCount, firstEdge, target, isWeak);
  const idom = dominators(postorder, order, firstRetainer, retainerEdge, retainerNode, isWeak);
  const retained = new Float64Array(nodeCount);
  for (let n = 0; n < nodeCount; n++) retained[n] = nodes[n * nodeFields + nSize];
  for (const n of postorder) if (idom[n] !== NONE && n !== 0) retained[idom[n]] += retained[n];

  return {
    snapshot, nodeCount, nodeFields, edgeFields, firstEdge, firstRetainer, retainerEdge, retainerNode, distance, idom, retained, postorder,
    typeOf: (n) => nodeTypes[nodes[n * nodeFields + nType]] ?? 'hidden',
    nameOf: (n) => strings[nodes[n * nodeFields + nName]] ?? '',
    idOf: (n) => nodes[n * nodeFields + nId],
    selfSizeOf: (n) => nodes[n * nodeFields + nSize],
    edgeType: (e) => edgeTypes[edges[e * edgeFields + eType]] ?? 'internal',
    edgeName: (e) => {
      const v = edges[e * edgeFields + eName];
      return indexNamed.has(edges[e * edgeFields + eType]) ? String(v) : strings[v] ?? '';
    },
    edgeTarget: target,
  };
}

/** Postorder of a depth-first walk from the root (node 0) over strong edges; `order[n]` is n's place in it, NONE if unreached. */
function depthFirstPostorder(nodeCount: number, firstEdge: Uint32Array, target: (e: number) => number, isWeak: (e: number) => boolean) {
  const order = new Uint32Array(nodeCount).fill(NONE);
  const visited = new Uint8Array(nodeCount);
  const postorder: number[] = [];
  if (nodeCount === 0) return { postorder: new Uint32Array(0), order };
  const stackNode = new Uint32Array(nodeCount);
  const stackEdge = new Uint32Array(nodeCount);
  let top = 0;
  stackNode[0] = 0;
  stackEdge[0] = firstEdge[0];
  visited[0] = 1;
  while (top >= 0) {
    const n = stackNode[top];
    const e = stackEdge[top];
    if (e < firstEdge[n + 1]) {
      stackEdge[top] = e + 1;
      const t = target(e);
      if (!isWeak(e) && !visited[t]) {
        visited[t] = 1;
        top++;
        stackNode[top] = t;
        stackEdge[top] = firstEdge[t];
      }
    } else {
      order[n] = postorder.length;
      postorder.push(n);
      top--;
    }
  }
  return { postorder: Uint32Array.from(postorder), order };
}

/**
 * Cooper–Harvey–Kennedy over the reverse postorder, in postorder numbers (the root is the last; a dominator always
 * has a higher number than what it dominates), each node's strong reachable predecessors listed once up front.
 */
function dominators(postorder: Uint32Array, order: Uint32Array, firstRetainer: Uint32Array, retainerEdge: Uint32Array, retainerNode: Uint32Array, isWeak: (e: number) => boolean): Uint32Array {
  const out = new Uint32Array(order.length).fill(NONE);
  const count = postorder.length;
  if (count === 0) return out;
  const predStart = new Uint32Array(count + 1);
  for (let i = 0; i < count; i++) {
    const n = postorder[i];
    let k = 0;
    for (let r = firstRetainer[n]; r < firstRetainer[n + 1]; r++) if (!isWeak(retainerEdge[r]) && order[retainerNode[r]] !== NONE) k++;
    predStart[i + 1] = predStart[i] + k;
  }
  const preds = new Uint32Array(predStart[count]);
  for (let i = 0, at = 0; i < count; i++) {
    const n = postorder[i];
    for (let r = firstRetainer[n]; r < firstRetainer[n + 1]; r++) if (!isWeak(retainerEdge[r]) && order[retainerNode[r]] !== NONE) preds[at++] = order[retainerNode[r]];
  }
  const idom = new Uint32Array(count).fill(NONE);
  const root = count - 1;
  idom[root] = root;
  for (let changed = true; changed;) {
    changed = false;
    for (let i = root - 1; i >= 0; i--) {
      let next = NONE;
      for (let p = predStart[i]; p < predStart[i + 1]; p++) {
        let a = preds[p];
        if (idom[a] === NONE) continue;
        if (next === NONE) {
          next = a;
          continue;
        }
        let b = next;
        while (a !== b) {
          while (a < b) a = idom[a];
          while (b < a) b = idom[b];
        }
        next = a;
      }
      if (next !== NONE && idom[i] !== next) {
        idom[i] = next;
        changed = true;
      }
    }
  }
  for (let i = 0; i < root; i++) if (idom[i] !== NONE) out[postorder[i]] = postorder[idom[i]];
  return out;
}
