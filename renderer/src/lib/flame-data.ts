// Everything the flamegraph needs from a recording's profile, computed once:
// the flame tree (shared/profile), the legend class of every frame, the share
// of self time per class, and the tooltip text of a node.
import type { Frame } from '../../../shared/profile/model.ts';
import { importCpuProfile } from '../../../shared/profile/cpuprofile.ts';
import { buildFlameTree, type FlameNode } from '../../../shared/profile/flame.ts';
import { classifyFrame, type FrameClass } from './frame-kind.ts';
import { formatPercent, formatTimeMs } from './format.ts';

/** Frames narrower than this share of the profile are folded into one "N small frames" node. */
export const MIN_FRACTION = 0.0005;

export interface FlameData {
  tree: FlameNode;
  frames: Frame[];
  /** Legend class per frame index. */
  classes: FrameClass[];
  totalMs: number;
  /** Self time per class, in milliseconds. */
  selfMsByClass: Record<FrameClass, number>;
}

export type FlameDataResult = { ok: true; data: FlameData } | { ok: false; message: string };

export function classOfNode(data: Pick<FlameData, 'classes'>, node: Pick<FlameNode, 'frame'>): FrameClass {
  return node.frame < 0 ? 'folded' : (data.classes[node.frame] ?? 'native');
}

export function prepareFlameData(profile: unknown): FlameDataResult {
  let parsed;
  let tree;
  try {
    parsed = importCpuProfile(profile);
    tree = buildFlameTree(parsed, { minFraction: MIN_FRACTION });
  } catch (e) {
    return { ok: false, message: `The profile could not be read: ${e instanceof Error ? e.message : String(e)}` };
  }
  const classes = parsed.frames.map(classifyFrame);
  const selfMsByClass: Record<FrameClass, number> = { app: 0, dependency: 0, node: 0, native: 0, folded: 0 };
  // Iterative walk: stacks can be thousands of frames deep.
  const stack: FlameNode[] = [tree];
  while (stack.length) {
    const node = stack.pop()!;
    selfMsByClass[classOfNode({ classes }, node)] += node.selfMs;
    for (const child of node.children) stack.push(child);
  }
  return { ok: true, data: { tree, frames: parsed.frames, classes, totalMs: tree.value, selfMsByClass } };
}

const CLASS_WORDS: Record<FrameClass, string> = {
  app: 'your code',
  dependency: 'a dependency (node_modules)',
  node: 'Node internals',
  native: 'native code / V8',
  folded: 'several small frames, grouped',
};

/** Plain text, one item per line: the flamegraph shows it with .text(), never as HTML. */
export function frameTooltip(data: FlameData, node: FlameNode): string {
  const cls = classOfNode(data, node);
  const where = node.location || (cls === 'native' && node.frame >= 0 && data.frames[node.frame]?.kind === 'native' ? 'native code' : '');
  const share = data.totalMs > 0 ? node.value / data.totalMs : 0;
  return [
    node.name,
    where,
    `self ${formatTimeMs(node.selfMs)} · total ${formatTimeMs(node.value)} · ${formatPercent(share)} of total`,
    CLASS_WORDS[cls],
  ].filter(Boolean).join('\n');
}
