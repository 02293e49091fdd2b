// The call tree table over CallTreeColumns (protocol.ts): rows are node
// indices; a node's children are n+1, subtreeEnd[n+1], … (preorder).
import type { CallTreeColumns } from './protocol.ts';
import type { TreeSource } from './tree-rows.ts';

export function childrenOf(cols: Pick<CallTreeColumns, 'subtreeEnd'>, n: number): number[] {
  const out: number[] = [];
  for (let c = n + 1; c < cols.subtreeEnd[n]; c = cols.subtreeEnd[c]) out.push(c);
  return out;
}

export function callTreeSource(cols: CallTreeColumns): TreeSource<number> {
  return {
    roots: cols.count > 0 ? childrenOf(cols, 0) : [],
    key: (n) => String(n),
    children: (n) => childrenOf(cols, n),
    hasChildren: (n) => cols.subtreeEnd[n] > n + 1,
  };
}

/**
 * Where to start: the heaviest path opened while it holds at least
 * `minShare` of the profile, so the first screen already shows where the
 * time goes (as DevTools and Firefox do).
 */
export function heaviestPathExpansion(cols: CallTreeColumns, minShare = 0.2, maxDepth = 16): Set<string> {
  const open = new Set<string>();
  const total = cols.count > 0 ? cols.totalMs[0] : 0;
  if (total <= 0) return open;
  let n = 0;
  for (let d = 0; d < maxDepth; d++) {
    const kids = childrenOf(cols, n);
    if (kids.length === 0) break;
    const heaviest = kids.reduce((a, b) => (cols.totalMs[b] > cols.totalMs[a] ? b : a));
    if (cols.totalMs[heaviest] < total * minShare || cols.subtreeEnd[heaviest] === heaviest + 1) break;
    open.add(String(heaviest));
    n = heaviest;
  }
  return open;
}

export interface CallTreeSearch {
  /** Node n is shown: something in its subtree matches, or it is below a match. */
  include: Uint8Array;
  /** The ancestors of every match, opened so each match is in sight. */
  expand: Set<string>;
  matches: number;
}

export function searchCallTree(cols: CallTreeColumns, matches: (name: string, location: string) => boolean): CallTreeSearch {
  const n = cols.count;
  const self = new Uint8Array(n);
  const below = new Uint8Array(n); // a strict ancestor matches
  const inSubtree = new Uint8Array(n);
  let count = 0;
  for (let i = 1; i < n; i++) {
    const g = cols.groups[cols.group[i]];
    if (matches(g.name, g.location)) { self[i] = 1; count++; }
    const p = cols.parent[i];
    below[i] = p > 0 && (self[p] || below[p]) ? 1 : 0;
  }
  for (let i = n - 1; i > 0; i--) {
    if (self[i]) inSubtree[i] = 1;
    const p = cols.parent[i];
    if (inSubtree[i] && p >= 0) inSubtree[p] = 1;
  }
  const include = new Uint8Array(n);
  const expand = new Set<string>();
  for (let i = 1; i < n; i++) {
    include[i] = inSubtree[i] || below[i] ? 1 : 0;
    // Open a node when a match lies strictly below it (and no match above it already shows the way).
    if (inSubtree[i] && !self[i] && !below[i]) expand.add(String(i));
  }
  return { include, expand, matches: count };
}
