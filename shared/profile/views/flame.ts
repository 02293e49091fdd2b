// Flamegraph data: the call tree merged by call path, in the shape
// d3-flame-graph reads ({ name, value, children }), value = total ms.
import { callNodeTable } from '../call-nodes.ts';
import { frameLocation, type Profile } from '../model.ts';

export interface FlameNode {
  name: string;
  /** Total milliseconds (self + children). */
  value: number;
  selfMs: number;
  /** "file:line" for display; '' for native frames. */
  location: string;
  /** Frame index in the profile (-1 for folded small frames). */
  frame: number;
  children: FlameNode[];
}

export interface FlameOptions {
  /**
   * Children narrower than this fraction of the whole profile are folded into
   * one "N small frames" node per parent, so the chart never draws frames it
   * cannot show (docs/ARCHITECTURE.md: a 100 k-node tree takes ~9 s to draw).
   */
  minFraction?: number;
}

export function smallFramesName(count: number): string {
  return `${count} small frame${count === 1 ? '' : 's'}`;
}

export function buildFlameTree(profile: Profile, opts: FlameOptions = {}): FlameNode {
  const t = callNodeTable(profile);
  const locations = profile.frames.map(frameLocation); // per frame, not per node: a big tree has 100 000s
  const minMs = (opts.minFraction ?? 0) * t.totalMs[0];
  const made: FlameNode[] = new Array(t.count);
  const folded = new Map<FlameNode, FlameNode>();
  const foldedCount = new Map<FlameNode, number>();
  const node = (c: number): FlameNode => {
    const frame = profile.frames[t.frame[c]];
    return { name: frame.name, value: t.totalMs[c], selfMs: t.selfMs[c], location: locations[t.frame[c]], frame: t.frame[c], children: [] };
  };
  made[0] = node(0);
  // Preorder: a parent is made before its children. A folded (or empty)
  // child's whole subtree is skipped by jumping to its subtreeEnd.
  for (let c = 1; c < t.count;) {
    if (t.totalMs[c] === 0) { c = t.subtreeEnd[c]; continue; }
    const parent = made[t.parent[c]];
    if (t.totalMs[c] < minMs) {
      let f = folded.get(parent);
      if (!f) {
        f = { name: '', value: 0, selfMs: 0, location: '', frame: -1, children: [] };
        folded.set(parent, f);
        parent.children.push(f);
      }
      f.value += t.totalMs[c];
      f.selfMs += t.totalMs[c];
      foldedCount.set(f, (foldedCount.get(f) ?? 0) + 1);
      c = t.subtreeEnd[c];
      continue;
    }
    made[c] = node(c);
    parent.children.push(made[c]);
    c++;
  }
  for (const [f, count] of foldedCount) f.name = smallFramesName(count);
  sortChildren(made[0]);
  return made[0];
}

/** Widest first, then by name: a stable order for charts, tables and tests. */
export function sortChildren<T extends { name: string; children: T[] }>(root: T, weight: (n: T) => number = (n) => (n as unknown as FlameNode).value): void {
  const stack: T[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    n.children.sort((a, b) => weight(b) - weight(a) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const c of n.children) stack.push(c);
  }
}
