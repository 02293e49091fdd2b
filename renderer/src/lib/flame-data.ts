// Everything the flamegraph needs from a profile, computed once per profile
// and transform stack (in the analysis worker): the flame tree
// (shared/profile), the legend class of every frame, the share of self time
// per class, and the tooltip text of a node.
import { buildFlameTree, displayFile, importProfile, type FlameNode, type Frame, type Profile } from '../../../shared/profile/index.ts';
import { categoryWords, legendClass, type LegendClass } from './frame-colors.ts';
import { formatPercent, formatTimeMs } from './format.ts';

/** Frames narrower than this share of the profile are folded into one "N small frames" node. */
export const MIN_FRACTION = 0.0005;

export interface FlameData {
  tree: FlameNode;
  frames: Frame[];
  /** Legend class per frame index. */
  classes: LegendClass[];
  totalMs: number;
  /** Self time per class, in milliseconds. */
  selfMsByClass: Record<LegendClass, number>;
}

export type FlameDataResult = { ok: true; data: FlameData } | { ok: false; message: string };

export function classOfNode(data: Pick<FlameData, 'classes'>, node: Pick<FlameNode, 'frame'>): LegendClass {
  return node.frame < 0 ? 'folded' : (data.classes[node.frame] ?? 'native');
}

export function flameDataFromProfile(profile: Profile): FlameData {
  const tree = buildFlameTree(profile, { minFraction: MIN_FRACTION });
  const classes = profile.frames.map(legendClass);
  const selfMsByClass: Record<LegendClass, number> = { user: 0, dependency: 0, node: 0, native: 0, gc: 0, idle: 0, program: 0, folded: 0 };
  // Iterative walk: stacks can be thousands of frames deep.
  const stack: FlameNode[] = [tree];
  while (stack.length) {
    const node = stack.pop()!;
    selfMsByClass[classOfNode({ classes }, node)] += node.selfMs;
    for (const child of node.children) stack.push(child);
  }
  return { tree, frames: profile.frames, classes, totalMs: tree.value, selfMsByClass };
}

/** From a recording's raw profile (whatever importProfile reads) to flame data, or the reason it cannot be read. */
export function prepareFlameData(raw: unknown): FlameDataResult {
  try {
    return { ok: true, data: flameDataFromProfile(importProfile(raw)) };
  } catch (e) {
    return { ok: false, message: `The profile could not be read: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** Plain text, one item per line: the flamegraph shows it with .text(), never as HTML. */
export function frameTooltip(data: FlameData, node: FlameNode): string {
  const frame = node.frame >= 0 ? data.frames[node.frame] : undefined;
  const where = node.location || (frame?.kind === 'native' ? 'native code' : '');
  const share = data.totalMs > 0 ? node.value / data.totalMs : 0;
  return [
    node.name,
    where,
    frame?.generated ? `runs as ${displayFile(frame.generated.url)}:${frame.generated.line} (source-mapped)` : '',
    `self ${formatTimeMs(node.selfMs)} · total ${formatTimeMs(node.value)} · ${formatPercent(share)} of total`,
    frame ? categoryWords(frame) : 'several small frames, grouped',
  ].filter(Boolean).join('\n');
}
