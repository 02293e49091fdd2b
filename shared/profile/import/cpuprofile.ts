// Importer for V8's .cpuprofile: Node (--cpu-prof, inspector Profiler.stop),
// Chrome DevTools' JavaScript Profiler "Save", VS Code (js-debug).
// Spec: https://chromedevtools.github.io/devtools-protocol/tot/Profiler/#type-Profile
import { buildProfile } from '../build-model.ts';
import { ProfileFormatError } from '../format-error.ts';
import type { Profile } from '../model.ts';
import { rawExtrasOf, type ExtrasInFile } from '../../recording/profile-extras.ts';

export { ProfileFormatError } from '../format-error.ts';

/** The file format, as V8 writes it (a type, not an interface: a profile is also a StoredProfile, an object of any keys). */
export type CpuProfile = {
  nodes: CpuProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
};
/** A .cpuprofile as Flambé writes it: V8's format, with Flambé's additions under their own keys (shared/recording/profile-extras.ts), which other tools ignore. */
export type CpuProfileFile = CpuProfile & ExtrasInFile;
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

export interface ImportOptions {
  /**
   * The importer may drop what it has read from `data` (its node list) while
   * it works, so memory is freed sooner. Only for JSON the caller parsed for
   * this import alone (importProfile does, for text): `data` is left without
   * its nodes.
   */
  consume?: boolean;
}

/** .cpuprofile (parsed JSON) → model. Throws ProfileFormatError saying what is wrong. */
export function importCpuProfile(data: unknown, opts: ImportOptions = {}): Profile {
  if (!isCpuProfile(data)) {
    throw new ProfileFormatError('This is not a V8 CPU profile: it has no "nodes" list.');
  }
  const d: Partial<CpuProfile> = data;
  const { sourceLines, lastSampleUs, originalFrames, originalLines } = rawExtrasOf(data);
  const raw = { nodes: d.nodes, links: 'children' as const, samples: d.samples, timeDeltas: d.timeDeltas, startTime: d.startTime, endTime: d.endTime, sourceLines, lastSampleUs, originalFrames, originalLines };
  return buildProfile(raw, opts.consume ? () => { raw.nodes = undefined; d.nodes = undefined; } : undefined);
}
