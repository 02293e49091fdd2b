// Transforms: pure (profile) => profile functions, composable like Firefox
// Profiler's transform stack (docs-user/guide-filtering-call-trees.md). Each
// rewrites every stack, then the tree is merged by path again. Frame indices
// of the input stay valid in the output (new frames are only appended), so a
// list of transforms can be applied one after the other.
//
//   focus-function F      keep only samples under F; F becomes the only child of the root
//   focus-subtree P       keep only samples under the call path P (frames from the root down)
//   merge-function F      remove F from every stack; its self time goes to its caller
//   drop-function F       drop every sample whose stack contains F
//   collapse-package p    consecutive frames of package p become one frame "p"
//   collapse-node         consecutive Node-internal frames become one frame "Node internals"
//   drop-meta             drop (idle), (program), (garbage collector) samples (or some of them)
//   collapse-recursion F  F → … → F becomes one F (direct: only F → F)
//   time-range a b        keep only the samples that start in [a, b) ms (time-range.ts)
//
// Samples that end on the root (merging away a function called by nothing)
// leave the profile, as in Firefox: the root never has self time.
import { classifyFrame } from './classify.ts';
import type { Frame, FrameKind, LineTicks, Profile } from './model.ts';
import { timeRange } from './time-range.ts';

export type Transform =
  | { type: 'focus-function'; frame: number }
  | { type: 'focus-subtree'; path: number[] }
  | { type: 'merge-function'; frame: number }
  | { type: 'drop-function'; frame: number }
  | { type: 'collapse-package'; packageName: string }
  | { type: 'collapse-node' }
  | { type: 'drop-meta'; kinds?: ('idle' | 'program' | 'gc')[] }
  | { type: 'collapse-recursion'; frame: number; direct?: boolean }
  | { type: 'time-range'; fromMs: number; toMs: number };

export function applyTransforms(profile: Profile, transforms: readonly Transform[]): Profile {
  return transforms.reduce(applyTransform, profile);
}

export function applyTransform(profile: Profile, t: Transform): Profile {
  switch (t.type) {
    case 'focus-function': return focusFunction(profile, t.frame);
    case 'focus-subtree': return focusSubtree(profile, t.path);
    case 'merge-function': return mergeFunction(profile, t.frame);
    case 'drop-function': return dropFunction(profile, t.frame);
    case 'collapse-package': return collapsePackage(profile, t.packageName);
    case 'collapse-node': return collapseNodeInternals(profile);
    case 'drop-meta': return dropMeta(profile, t.kinds);
    case 'collapse-recursion': return collapseRecursion(profile, t.frame, t.direct ?? false);
    case 'time-range': return timeRange(profile, t.fromMs, t.toMs);
  }
}

/** Builds a new tree merged by path. `child(parent, frame)` returns the node for that path. */
class TreeBuilder {
  frame: number[] = [];
  parent: number[] = [];
  private byPath = new Map<number, number>();
  private readonly stride: number;
  constructor(rootFrame: number, frameCount: number) {
    this.frame.push(rootFrame);
    this.parent.push(-1);
    this.stride = frameCount;
  }
  child(parent: number, frame: number): number {
    const key = parent * this.stride + frame;
    let n = this.byPath.get(key);
    if (n === undefined) {
      n = this.frame.length;
      this.frame.push(frame);
      this.parent.push(parent);
      this.byPath.set(key, n);
    }
    return n;
  }
}

/**
 * `map(node, newParentNode, builder)` gives each old node its new node:
 * 0 = not in the new tree, but its children are still mapped (their parent is then 0);
 * -1 = not in the new tree, and neither is anything below it.
 * Samples on nodes mapped to 0 or -1 leave the profile.
 */
function rebuild(profile: Profile, frames: Frame[], map: (node: number, newParent: number, b: TreeBuilder) => number): Profile {
  const { nodeFrame, nodeParent } = profile;
  const b = new TreeBuilder(nodeFrame[0], frames.length);
  const newNode = new Int32Array(nodeFrame.length);
  for (let i = 1; i < nodeFrame.length; i++) {
    const p = newNode[nodeParent[i]];
    newNode[i] = p < 0 ? -1 : map(i, p, b);
  }
  const next: Profile = { ...profile, frames, nodeFrame: Int32Array.from(b.frame), nodeParent: Int32Array.from(b.parent) };
  delete next.lineTicks;
  const lineTicks = profile.lineTicks && remapLineTicks(profile.lineTicks, profile.nodeFrame, newNode, next.nodeFrame);
  if (lineTicks) next.lineTicks = lineTicks;
  return withSamples(next, profile, (s) => newNode[s]);
}

/**
 * Line ticks follow a node into the new tree when the new node is the same
 * function (its samples still run there); a node merged into its caller or
 * collapsed into a package leaves its lines behind (they are not the caller's).
 */
function remapLineTicks(lt: LineTicks, oldFrame: Int32Array, newNode: Int32Array, newFrame: Int32Array): LineTicks | undefined {
  const n = newFrame.length;
  const perNode: Map<number, number>[] = [];
  for (let i = 1; i < oldFrame.length; i++) {
    const m = newNode[i];
    if (m <= 0 || newFrame[m] !== oldFrame[i] || lt.start[i] === lt.start[i + 1]) continue;
    const lines = (perNode[m] ??= new Map());
    for (let k = lt.start[i]; k < lt.start[i + 1]; k++) lines.set(lt.line[k], (lines.get(lt.line[k]) ?? 0) + lt.ticks[k]);
  }
  const start = new Int32Array(n + 1);
  for (let m = 0; m < n; m++) start[m + 1] = start[m] + (perNode[m]?.size ?? 0);
  if (start[n] === 0) return undefined;
  const line = new Int32Array(start[n]);
  const ticks = new Int32Array(start[n]);
  for (let m = 0; m < n; m++) {
    let k = start[m];
    for (const [l, t] of perNode[m] ?? []) {
      line[k] = l;
      ticks[k++] = t;
    }
  }
  return { start, line, ticks };
}

/** Re-maps samples (old node → new node, -1 or 0 drops the sample); recomputes the duration. */
function withSamples(next: Profile, old: Profile, mapNode: (node: number) => number): Profile {
  const keep = new Int32Array(old.samples.length);
  const weights = new Float64Array(old.samples.length);
  let n = 0;
  let duration = 0;
  for (let s = 0; s < old.samples.length; s++) {
    const node = mapNode(old.samples[s]);
    if (node <= 0) continue;
    keep[n] = node;
    weights[n] = old.weightsMs[s];
    duration += old.weightsMs[s];
    n++;
  }
  return { ...next, samples: keep.slice(0, n), weightsMs: weights.slice(0, n), durationMs: duration };
}

export function focusFunction(profile: Profile, frame: number): Profile {
  const inside = new Uint8Array(profile.nodeFrame.length);
  return rebuild(profile, profile.frames, (i, p, b) => {
    const f = profile.nodeFrame[i];
    const parentInside = inside[profile.nodeParent[i]] === 1;
    if (!parentInside && f !== frame) return 0;
    inside[i] = 1;
    return parentInside ? b.child(p, f) : b.child(0, f);
  });
}

export function focusSubtree(profile: Profile, path: readonly number[]): Profile {
  // matched[i]: how many frames of `path` the stack down to node i matches (path.length = under the focus).
  const matched = new Int32Array(profile.nodeFrame.length);
  return rebuild(profile, profile.frames, (i, p, b) => {
    const m = matched[profile.nodeParent[i]];
    const f = profile.nodeFrame[i];
    if (m === path.length) { matched[i] = m; return b.child(p, f); }
    if (path[m] !== f) { matched[i] = -1; return -1; }
    matched[i] = m + 1;
    return m + 1 === path.length ? b.child(0, f) : 0; // 0: above the focus, its samples drop
  });
}

export function mergeFunction(profile: Profile, frame: number): Profile {
  return rebuild(profile, profile.frames, (i, p, b) => (profile.nodeFrame[i] === frame ? p : b.child(p, profile.nodeFrame[i])));
}

export function dropFunction(profile: Profile, frame: number): Profile {
  const dropped = new Uint8Array(profile.nodeFrame.length);
  for (let i = 1; i < dropped.length; i++) dropped[i] = dropped[profile.nodeParent[i]] || (profile.nodeFrame[i] === frame ? 1 : 0);
  return withSamples({ ...profile }, profile, (node) => (dropped[node] ? -1 : node));
}

function collapseGroup(profile: Profile, inGroup: (f: Frame) => boolean, collapsed: Frame): Profile {
  let frames = profile.frames;
  let cf = frames.findIndex((f) => f.name === collapsed.name && f.url === collapsed.url && f.kind === collapsed.kind);
  if (cf < 0) {
    frames = [...frames, collapsed];
    cf = frames.length - 1;
  }
  const member = frames.map((f, i) => i !== cf && inGroup(f));
  return rebuild(profile, frames, (i, p, b) => {
    const f = profile.nodeFrame[i];
    if (!member[f]) return b.child(p, f);
    return b.frame[p] === cf ? p : b.child(p, cf);
  });
}

export function collapsePackage(profile: Profile, packageName: string): Profile {
  return collapseGroup(profile, (f) => {
    const c = classifyFrame(f);
    return c.kind === 'dependency' && c.packageName === packageName;
  }, { name: packageName, url: `/node_modules/${packageName}/`, line: 0, column: 0, kind: 'js' });
}

export function collapseNodeInternals(profile: Profile): Profile {
  return collapseGroup(profile, (f) => classifyFrame(f).kind === 'node', { name: 'Node internals', url: 'node:internals', line: 0, column: 0, kind: 'js' });
}

export function dropMeta(profile: Profile, kinds: readonly FrameKind[] = ['idle', 'program', 'gc']): Profile {
  const drop = profile.frames.map((f) => kinds.includes(f.kind));
  return withSamples({ ...profile }, profile, (node) => (drop[profile.nodeFrame[node]] ? -1 : node));
}

export function collapseRecursion(profile: Profile, frame: number, direct = false): Profile {
  // outer[n]: the new node of the outermost `frame` on the path to new node n (-1 if none).
  const outer: number[] = [-1];
  return rebuild(profile, profile.frames, (i, p, b) => {
    const f = profile.nodeFrame[i];
    let n: number;
    if (f === frame && (direct ? b.frame[p] === frame : outer[p] >= 0)) n = direct ? p : outer[p];
    else n = b.child(p, f);
    if (outer[n] === undefined) outer[n] = f === frame && outer[p] < 0 ? n : outer[p];
    return n;
  });
}
