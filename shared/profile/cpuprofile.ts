// Importer for V8's .cpuprofile: Node (--cpu-prof, inspector Profiler.stop),
// Chrome DevTools' JavaScript Profiler "Save", VS Code (js-debug).
// Spec: https://chromedevtools.github.io/devtools-protocol/tot/Profiler/#type-Profile
import { buildProfile } from './build.ts';
import { ProfileFormatError } from './errors.ts';
import type { Profile } from './model.ts';

export { ProfileFormatError } from './errors.ts';

/** The file format, as V8 writes it. */
export interface CpuProfile {
  nodes: CpuProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}
export interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number; scriptId?: string | number };
  children?: number[];
  hitCount?: number;
  positionTicks?: { line: number; ticks: number }[];
}

/** Content detection: an object with a "nodes" list (speedscope's isChromeCPUProfile check). */
export function isCpuProfile(data: unknown): data is CpuProfile {
  return typeof data === 'object' && data !== null && !Array.isArray(data) && Array.isArray((data as CpuProfile).nodes);
}

/** .cpuprofile (parsed JSON) → model. Throws ProfileFormatError saying what is wrong. */
export function importCpuProfile(data: unknown): Profile {
  if (!isCpuProfile(data)) {
    throw new ProfileFormatError('This is not a V8 CPU profile: it has no "nodes" list.');
  }
  const d = data as unknown as Record<string, unknown>;
  return buildProfile({ nodes: d.nodes, links: 'children', samples: d.samples, timeDeltas: d.timeDeltas, startTime: d.startTime, endTime: d.endTime });
}
