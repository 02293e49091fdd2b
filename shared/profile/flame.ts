// Flamegraph data: the call tree merged by call path, in the shape
// d3-flame-graph reads ({ name, value, children }).
import type { Profile } from './model.ts';

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

function location(url: string, line: number): string {
  if (!url) return '';
  const file = url.replace(/^file:\/\//, '');
  return line > 0 ? `${file}:${line}` : file;
}

/**
 * Builds the flame tree. Children narrower than `minFraction` of the whole
 * profile are folded into one "N small frames" node per parent, so the chart
 * never draws frames it cannot show.
 */
export function buildFlameTree(profile: Profile, opts: { minFraction?: number } = {}): FlameNode {
  const { frames, nodeFrame, nodeParent, samples, weightsMs } = profile;
  const n = nodeFrame.length;
  // Self time per node, then totals bottom-up (parents precede children).
  const total = new Float64Array(n);
  const self = new Float64Array(n);
  for (let i = 0; i < samples.length; i++) self[samples[i]] += weightsMs[i];
  total.set(self);
  for (let i = n - 1; i > 0; i--) total[nodeParent[i]] += total[i];

  // Merge nodes by call path: the same frame under the same merged parent.
  const rootFrame = frames[nodeFrame[0]];
  const mergedId = new Int32Array(n);
  const mergedNodes: FlameNode[] = [{ name: rootFrame.name, value: total[0], selfMs: self[0], location: "", frame: nodeFrame[0], children: [] }];
  const mergedChildren: Map<number, number>[] = [new Map()];
  for (let i = 1; i < n; i++) {
    const p = mergedId[nodeParent[i]];
    const f = nodeFrame[i];
    let m = mergedChildren[p].get(f);
    if (m === undefined) {
      m = mergedNodes.length;
      const fr = frames[f];
      const node: FlameNode = { name: fr.name, value: 0, selfMs: 0, location: location(fr.url, fr.line), frame: f, children: [] };
      mergedNodes.push(node);
      mergedChildren.push(new Map());
      mergedChildren[p].set(f, m);
      mergedNodes[p].children.push(node);
    }
    mergedId[i] = m;
    mergedNodes[m].value += total[i];
    mergedNodes[m].selfMs += self[i];
  }


  // Fold small children, iteratively.
  const minMs = (opts.minFraction ?? 0) * total[0];
  const stack: FlameNode[] = [mergedNodes[0]];
  while (stack.length) {
    const node = stack.pop()!;
    if (minMs > 0) {
      const keep: FlameNode[] = [];
      let foldedMs = 0;
      let foldedCount = 0;
      for (const c of node.children) {
        if (c.value < minMs) { foldedMs += c.value; foldedCount++; } else keep.push(c);
      }
      if (foldedCount > 0) {
        keep.push({ name: `${foldedCount} small frame${foldedCount === 1 ? '' : 's'}`, value: foldedMs, selfMs: foldedMs, location: '', frame: -1, children: [] });
      }
      node.children = keep;
    }
    node.children.sort((a, b) => b.value - a.value);
    for (const c of node.children) stack.push(c);
  }
  return mergedNodes[0];
}
