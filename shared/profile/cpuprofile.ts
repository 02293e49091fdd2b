// Importer for V8's .cpuprofile (Node --cpu-prof, inspector Profiler.stop,
// Chrome DevTools, VS Code).
// Spec: https://chromedevtools.github.io/devtools-protocol/tot/Profiler/#type-Profile
import type { Frame, FrameKind, Profile } from './model.ts';
import { sampleWeightsMs } from './timing.ts';

interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number; scriptId?: string };
  children?: number[];
  hitCount?: number;
}
export interface CpuProfile {
  nodes: CpuProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export class ProfileFormatError extends Error {}

export function isCpuProfile(data: unknown): data is CpuProfile {
  return typeof data === 'object' && data !== null && Array.isArray((data as CpuProfile).nodes) &&
    typeof (data as CpuProfile).startTime === 'number';
}

function frameKind(name: string, url: string): FrameKind {
  switch (name) {
    case '(root)': return 'root';
    case '(program)': return 'program';
    case '(idle)': return 'idle';
    case '(garbage collector)': return 'gc';
  }
  return url ? 'js' : 'native';
}

export function importCpuProfile(data: unknown): Profile {
  if (!isCpuProfile(data)) throw new ProfileFormatError('This is not a V8 CPU profile: it has no "nodes" list.');
  const src = data.nodes;
  if (src.length === 0) throw new ProfileFormatError('The profile has no nodes.');
  const indexById = new Map<number, number>();
  src.forEach((n, i) => {
    if (typeof n?.id !== 'number' || !n.callFrame) throw new ProfileFormatError(`Node ${i} has no id or call frame.`);
    indexById.set(n.id, i);
  });

  // Parents from children lists; the root is the node nobody points to.
  const parent = new Int32Array(src.length).fill(-1);
  src.forEach((n, i) => {
    for (const c of n.children ?? []) {
      const ci = indexById.get(c);
      if (ci === undefined) throw new ProfileFormatError(`Node ${n.id} lists a child ${c} that does not exist.`);
      if (parent[ci] !== -1 || ci === i) throw new ProfileFormatError(`Node ${c} has more than one parent.`);
      parent[ci] = i;
    }
  });
  const roots = [...parent.keys()].filter((i) => parent[i] === -1);
  if (roots.length !== 1) throw new ProfileFormatError(`The profile's tree has ${roots.length} roots instead of one.`);

  // Reorder nodes so the root is 0 and parents come before children (BFS).
  const order: number[] = [roots[0]];
  const newIndex = new Int32Array(src.length).fill(-1);
  newIndex[roots[0]] = 0;
  for (let k = 0; k < order.length; k++) {
    for (const c of src[order[k]].children ?? []) {
      const ci = indexById.get(c)!;
      newIndex[ci] = order.length;
      order.push(ci);
    }
  }
  if (order.length !== src.length) throw new ProfileFormatError('The profile\'s tree has a cycle or unreachable nodes.');

  const frames: Frame[] = [];
  const frameIndex = new Map<string, number>();
  const nodeFrame = new Int32Array(src.length);
  const nodeParent = new Int32Array(src.length);
  order.forEach((oldI, newI) => {
    const cf = src[oldI].callFrame;
    const name = cf.functionName || '(anonymous)';
    const url = cf.url ?? '';
    // .cpuprofile line/column are 0-based; the model is 1-based (0 = unknown).
    const line = cf.lineNumber >= 0 ? cf.lineNumber + 1 : 0;
    const column = cf.columnNumber >= 0 ? cf.columnNumber + 1 : 0;
    const key = `${name}\u0000${url}\u0000${line}\u0000${column}`;
    let f = frameIndex.get(key);
    if (f === undefined) {
      f = frames.length;
      frames.push({ name, url, line, column, kind: frameKind(name, url) });
      frameIndex.set(key, f);
    }
    nodeFrame[newI] = f;
    nodeParent[newI] = parent[oldI] === -1 ? -1 : newIndex[parent[oldI]];
  });

  const rawSamples = data.samples ?? [];
  const samples = new Int32Array(rawSamples.length);
  rawSamples.forEach((id, i) => {
    const old = indexById.get(id);
    if (old === undefined) throw new ProfileFormatError(`Sample ${i} points to node ${id}, which does not exist.`);
    samples[i] = newIndex[old];
  });
  const weightsMs = sampleWeightsMs(data.startTime, data.endTime, data.timeDeltas ?? [], samples.length);
  let durationMs = 0;
  for (let i = 0; i < weightsMs.length; i++) durationMs += weightsMs[i];
  return { frames, nodeFrame, nodeParent, samples, weightsMs, durationMs, startTimeUs: data.startTime };
}
