// The flamegraph as it can be seen: a chart W pixels wide shows a frame only
// if it is a pixel or two wide, so drawing the whole tree (tens of thousands
// of frames for a big profile) costs seconds and shows nothing more. The
// chart gets a tree pruned to what can be seen instead:
//   - children narrower than `minPx` are folded, per parent, into one
//     "N small frames" node;
//   - zoomed into a call node, that node spans the width and is pruned at
//     ITS scale (so detail appears as you zoom in); its ancestors are a chain
//     above it, marked `ancestor` (drawn faded, as d3-flame-graph does);
//   - never more than `maxFrames` frames (the widest are kept).
// Search runs on the model too (all call nodes, not the drawn ones).
// Pure and iterative (stacks can be thousands of frames deep).
import { callNodeTable, type CallNodeTable } from '../call-nodes.ts';
import { smallFramesName, sortChildren, type FlameNode } from './flame.ts';
import { frameLocation, type Frame, type Profile } from '../model.ts';

export interface VisibleFlameOptions {
  /** The chart's width in pixels. */
  widthPx: number;
  /** Children narrower than this are folded per parent (default 2 px). */
  minPx?: number;
  /** Zoom into this call node (default: the root, call node 0). */
  zoom?: number;
  /** At most this many frames, folded ones included (default 5 000): the widest are kept. */
  maxFrames?: number;
}

export interface VisibleFlameNode extends FlameNode {
  /** The call node this frame is (shared/profile call-nodes.ts); -1 for folded small frames. */
  callNode: number;
  /** Above the zoomed node: drawn faded, spanning the zoomed node's width. */
  ancestor?: boolean;
  children: VisibleFlameNode[];
}

export const DEFAULT_MIN_PX = 2;
export const DEFAULT_MAX_FRAMES = 5000;

export function visibleFlameTree(profile: Profile, opts: VisibleFlameOptions): VisibleFlameNode {
  const t = callNodeTable(profile);
  const zoom = opts.zoom !== undefined && opts.zoom > 0 && opts.zoom < t.count ? opts.zoom : 0;
  const width = Math.max(1, opts.widthPx);
  const minMs = (t.totalMs[zoom] * (opts.minPx ?? DEFAULT_MIN_PX)) / width;
  const maxFrames = Math.max(1, opts.maxFrames ?? DEFAULT_MAX_FRAMES);
  const locations = new Map<number, string>();
  const locationOf = (f: number) => {
    let l = locations.get(f);
    if (l === undefined) locations.set(f, (l = frameLocation(profile.frames[f])));
    return l;
  };
  const make = (c: number): VisibleFlameNode => {
    const f = t.frame[c];
    return { name: profile.frames[f].name, value: t.totalMs[c], selfMs: t.selfMs[c], location: locationOf(f), frame: f, callNode: c, children: [] };
  };

  // The ancestors of the zoomed node, root first, one child each.
  const chain: number[] = [];
  for (let a = t.parent[zoom]; a >= 0; a = t.parent[a]) chain.push(a);
  chain.reverse();
  const root = make(chain.length ? chain[0] : zoom);
  let top = root;
  for (let i = 0; i < chain.length; i++) {
    top.ancestor = true;
    const next = make(i + 1 < chain.length ? chain[i + 1] : zoom);
    top.children.push(next);
    top = next;
  }

  const { cut, ties } = frameBudgetCut(t, zoom, minMs, maxFrames - chain.length);
  // Frames as wide as the cut (a spine of one width is common) are kept first come, while the budget lasts.
  let tiesLeft = ties;
  const keep = (c: number) => t.totalMs[c] >= minMs && (t.totalMs[c] > cut || (t.totalMs[c] === cut && tiesLeft-- > 0));
  const made = new Map<number, VisibleFlameNode>([[zoom, top]]);
  const folded = new Map<VisibleFlameNode, { node: VisibleFlameNode; count: number }>();
  // Preorder over the zoomed subtree: a parent is made before its children;
  // a folded (or empty) child's whole subtree is skipped via subtreeEnd.
  for (let c = zoom + 1; c < t.subtreeEnd[zoom];) {
    const parent = made.get(t.parent[c])!;
    if (t.totalMs[c] === 0) { c = t.subtreeEnd[c]; continue; }
    if (!keep(c)) {
      let f = folded.get(parent);
      if (!f) {
        f = { node: { name: '', value: 0, selfMs: 0, location: '', frame: -1, callNode: -1, children: [] }, count: 0 };
        folded.set(parent, f);
        parent.children.push(f.node);
      }
      f.node.value += t.totalMs[c];
      f.node.selfMs += t.totalMs[c];
      f.count++;
      c = t.subtreeEnd[c];
      continue;
    }
    const node = make(c);
    made.set(c, node);
    parent.children.push(node);
    c++;
  }
  for (const { node, count } of folded.values()) node.name = smallFramesName(count);
  sortChildren(top);
  return root;
}

/**
 * The drawn frames — kept ones, and at most one folded node per kept parent —
 * stay within `budget`: frames wider than `cut` are kept, and `ties` frames
 * exactly as wide (cut = -Infinity: the `minMs` rule alone keeps few enough).
 * A child is never wider than its parent, so this keeps the top of the tree.
 */
function frameBudgetCut(t: CallNodeTable, zoom: number, minMs: number, budget: number): { cut: number; ties: number } {
  const widths: number[] = [];
  const stack = [zoom];
  const limit = Math.max(1, Math.floor(budget / 2));
  while (stack.length) {
    const c = stack.pop()!;
    for (let x = c + 1; x < t.subtreeEnd[c]; x = t.subtreeEnd[x]) {
      if (t.totalMs[x] >= minMs && t.totalMs[x] > 0) {
        widths.push(t.totalMs[x]);
        stack.push(x);
      }
    }
  }
  if (widths.length <= limit) return { cut: -Infinity, ties: 0 };
  widths.sort((a, b) => b - a);
  const cut = widths[limit - 1];
  let wider = 0;
  while (wider < limit && widths[wider] > cut) wider++;
  return { cut, ties: limit - wider };
}

export interface FlameSearchResult {
  /** Call nodes whose function matches (every occurrence on every stack). */
  count: number;
  /** Time under the matching call nodes, each counted once (a match under a match is not added again). */
  ms: number;
  /** The matching functions (frame indices), to highlight the drawn frames. */
  frames: number[];
}

/** What a search reads of the call node table: the page holds these (renderer/src/lib/flame-data.ts) to search without the worker. */
export type SearchableCallNodes = Pick<CallNodeTable, 'count' | 'frame' | 'totalMs' | 'subtreeEnd'>;

/** Search on the model: every call node of the profile, not only the drawn frames. */
export function searchFlame(profile: Profile, matches: (frame: Frame, location: string) => boolean): FlameSearchResult {
  return searchCallNodes(callNodeTable(profile), profile.frames, matches);
}

/**
 * Every frame's file:line, written once per frames array: each search (a key
 * typed) reads every frame's, and writing tens of thousands of them again per
 * key was a third of a big profile's search.
 */
const locations = new WeakMap<readonly Frame[], string[]>();
function locationsOf(frames: readonly Frame[]): string[] {
  let where = locations.get(frames);
  if (!where) locations.set(frames, (where = frames.map(frameLocation)));
  return where;
}

/** searchFlame over the call node table's columns (the same answer wherever the columns are). */
export function searchCallNodes(t: SearchableCallNodes, profileFrames: readonly Frame[], matches: (frame: Frame, location: string) => boolean): FlameSearchResult {
  const hit = new Uint8Array(profileFrames.length);
  const frames: number[] = [];
  const where = locationsOf(profileFrames);
  profileFrames.forEach((f, i) => {
    if (matches(f, where[i])) {
      hit[i] = 1;
      frames.push(i);
    }
  });
  let count = 0;
  let ms = 0;
  let coveredUntil = 0;
  for (let c = 1; c < t.count; c++) {
    if (!hit[t.frame[c]] || t.totalMs[c] === 0) continue;
    count++;
    if (c >= coveredUntil) {
      ms += t.totalMs[c];
      coveredUntil = t.subtreeEnd[c];
    }
  }
  return { count, ms, frames };
}
