// Everything the flamegraph needs from a profile, computed once per profile,
// transform stack and chart width (in the analysis worker): the tree pruned
// to what the chart can show (shared/profile flame-view.ts), the legend
// class of every frame, the share of self time per class (of the whole
// profile, not of the drawn frames), and the tooltip text of a node.
import { callNodeTable, displayFile, importProfile, searchCallNodes, visibleFlameTree, type FlameNode, type FlameSearchResult, type Frame, type Profile, type SearchableCallNodes, type VisibleFlameNode } from '../../../shared/profile/index.ts';
import { categoryWords, legendClass, type LegendClass } from './frame-colors.ts';
import { formatPercent, formatTimeMs } from './format.ts';
import { formatBytes } from '../../../shared/number-format.ts';
import { literalMatcher } from './regexp.ts';

/** The width the tree is pruned for when none is given (a laptop's window). */
export const DEFAULT_WIDTH_PX = 1440;

export interface FlameData {
  /** Pruned to what a chart `widthPx` wide can show: frames under 2 px folded into "N small frames". */
  tree: VisibleFlameNode;
  widthPx: number;
  frames: Frame[];
  /** Legend class per frame index. */
  classes: LegendClass[];
  totalMs: number;
  /** Self time per class, in milliseconds. */
  selfMsByClass: Record<LegendClass, number>;
  /** What the weights are: milliseconds of CPU, or bytes allocated (an allocation profile: the "Ms" fields then hold bytes). */
  unit?: 'ms' | 'bytes';
  /**
   * Every call node's columns a search reads (a copy: they move to the page): the page searches
   * them itself (searchFlameData), so a search never waits for the worker, busy with a long
   * profile's flame chart or verdict. 16 bytes a call node.
   */
  calls: SearchableCallNodes;
}

export type FlameDataResult = { ok: true; data: FlameData } | { ok: false; message: string };

export function classOfNode(data: Pick<FlameData, 'classes'>, node: Pick<FlameNode, 'frame'>): LegendClass {
  return node.frame < 0 ? 'folded' : (data.classes[node.frame] ?? 'native');
}

export function flameDataFromProfile(profile: Profile, widthPx = DEFAULT_WIDTH_PX, unit: 'ms' | 'bytes' = 'ms'): FlameData {
  const tree = visibleFlameTree(profile, { widthPx });
  const classes = profile.frames.map(legendClass);
  const selfMsByClass: Record<LegendClass, number> = { user: 0, dependency: 0, node: 0, native: 0, gc: 0, idle: 0, program: 0, folded: 0 };
  const t = callNodeTable(profile);
  for (let c = 0; c < t.count; c++) selfMsByClass[classes[t.frame[c]] ?? 'native'] += t.selfMs[c];
  const calls = { count: t.count, frame: t.frame.slice(0, t.count), totalMs: t.totalMs.slice(0, t.count), subtreeEnd: t.subtreeEnd.slice(0, t.count) };
  return { tree, widthPx, frames: profile.frames, classes, totalMs: t.totalMs[0], selfMsByClass, ...(unit === 'bytes' ? { unit } : {}), calls };
}

/**
 * The flamegraph's search: the typed text, literally and whatever its case, in a function's name
 * or its file:line; every call node of the profile, not only the drawn frames.
 */
export function searchByQuery(calls: SearchableCallNodes, frames: readonly Frame[], query: string): FlameSearchResult {
  const re = literalMatcher(query);
  return re ? searchCallNodes(calls, frames, (f, where) => re.test(f.name) || re.test(where)) : { count: 0, ms: 0, frames: [] };
}

/** The search on the page, over the flame data's own copy of the call nodes (the worker's answer to the same query). */
export function searchFlameData(data: Pick<FlameData, 'calls' | 'frames'>, query: string): FlameSearchResult {
  return searchByQuery(data.calls, data.frames, query);
}

/** From a recording's raw profile (whatever importProfile reads) to flame data, or the reason it cannot be read. */
export function prepareFlameData(raw: unknown, widthPx = DEFAULT_WIDTH_PX): FlameDataResult {
  try {
    return { ok: true, data: flameDataFromProfile(importProfile(raw), widthPx) };
  } catch (e) {
    return { ok: false, message: `The profile could not be read: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** A weight in its unit: "12 ms", or "9.6 MB" in an allocation flamegraph. */
export function weightText(data: Pick<FlameData, 'unit'>, value: number): string {
  return data.unit === 'bytes' ? formatBytes(value) : formatTimeMs(value);
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
    `self ${weightText(data, node.selfMs)} · total ${weightText(data, node.value)} · ${formatPercent(share)} of total`,
    frame ? categoryWords(frame) : 'several small frames, grouped',
  ].filter(Boolean).join('\n');
}
