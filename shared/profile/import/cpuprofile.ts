// Importer for V8's .cpuprofile: Node (--cpu-prof, inspector Profiler.stop),
// Chrome DevTools' JavaScript Profiler "Save", VS Code (js-debug).
// Spec: https://chromedevtools.github.io/devtools-protocol/tot/Profiler/#type-Profile
import { buildProfile } from '../build-model.ts';
import { describe, fail } from '../build-nodes.ts';
import { ProfileFormatError } from '../format-error.ts';
import type { Profile } from '../model.ts';
import type { Protocol } from 'devtools-protocol';
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
/**
 * What V8 answers to Profiler.stop, as the protocol declares it (devtools-protocol):
 * it must read as a CpuProfile, or this fails to compile. A file is untrusted and
 * is checked field by field as it is read; the protocol's type says what V8 sends.
 */
export type V8CpuProfile = ReadAs<CpuProfile, Protocol.Profiler.Profile>;
type ReadAs<Ours, Theirs extends Ours> = Theirs;
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
  refuseImpossibleCounts(d);
  const { sourceLines, lastSampleUs, originalFrames, originalLines } = rawExtrasOf(data);
  const raw = { nodes: d.nodes, links: 'children' as const, samples: d.samples, timeDeltas: d.timeDeltas, startTime: d.startTime, endTime: d.endTime, sourceLines, lastSampleUs, originalFrames, originalLines };
  return buildProfile(raw, opts.consume ? () => { raw.nodes = undefined; d.nodes = undefined; } : undefined);
}

/**
 * What V8 never writes, refused in one sentence instead of read as a number:
 * a profile that ends before it starts, a node sampled a negative number of
 * times. (Time comes from timeDeltas, not hitCount — but a file that says
 * either is damaged or made by hand, and its other numbers are not to be trusted.)
 */
function refuseImpossibleCounts(d: Partial<CpuProfile>): void {
  const { startTime, endTime } = d;
  if (typeof startTime === 'number' && typeof endTime === 'number' && Number.isFinite(startTime) && Number.isFinite(endTime) && endTime < startTime) {
    fail(`The profile's endTime (${endTime} µs) is before its startTime (${startTime} µs): a recording ends after it starts, so the file is damaged.`);
  }
  const nodes = d.nodes ?? [];
  for (let i = 0; i < nodes.length; i++) {
    const hits = (nodes[i] as { hitCount?: unknown } | null)?.hitCount;
    if (hits === undefined) continue;
    if (typeof hits !== 'number' || !Number.isInteger(hits) || hits < 0) {
      fail(`Node ${describe((nodes[i] as { id?: unknown }).id)} has a hitCount of ${describe(hits)}, not a count of samples (V8 writes 0 or more): the file is damaged.`);
    }
  }
}
