// Exporter to V8's .cpuprofile: what Node, Chrome DevTools, VS Code and
// speedscope open. Import → export → import gives the same model numbers:
// deltas are the sample weights (exact integers of µs when they were), in
// time order, so the timing rule (timing.ts) reads back the same weights
// (the last one stated in the lastSampleUs addition: after a transform it can be
// longer than the mean interval the rule would give it).
import type { CpuProfile, CpuProfileFile, CpuProfileNode } from '../import/cpuprofile.ts';
import { writeSourceLines } from '../lines.ts';
import { ANONYMOUS_NAME, type Profile } from '../model.ts';
import { writeOriginalLines } from '../original-frames.ts';
import { extrasInFile, joinProfile, type ProfileExtras } from '../../recording/profile-extras.ts';

/** ms → µs, snapped to the integer V8 wrote when float error is all that separates them. */
function toUs(ms: number): number {
  const us = ms * 1000;
  const r = Math.round(us);
  return Math.abs(us - r) <= 1e-6 * Math.max(1, Math.abs(us)) ? r : us;
}

interface Timing { startTime: number; endTime: number; timeDeltas: Float64Array; lastSampleUs?: number }

function timing(profile: Profile): Timing {
  const n = profile.samples.length;
  const deltas = new Float64Array(n);
  const startTime = profile.startTimeUs;
  if (n === 0) return { startTime, endTime: Math.max(profile.endTimeUs, startTime), timeDeltas: deltas };
  // The first sample sits durationMs before the end (model.ts invariant).
  // On a large clock (µs since boot) that subtraction carries the clock's rounding too: snap within it.
  const offsetUs = Math.max(0, profile.endTimeUs - startTime - profile.durationMs * 1000);
  const clockError = 4 * Number.EPSILON * Math.max(Math.abs(profile.endTimeUs), Math.abs(startTime));
  const firstOffset = Math.abs(offsetUs - Math.round(offsetUs)) <= clockError ? Math.round(offsetUs) : toUs(offsetUs / 1000);
  deltas[0] = firstOffset;
  for (let i = 1; i < n; i++) deltas[i] = toUs(profile.weightsMs[i - 1]);
  let t = startTime;
  for (let i = 0; i < n; i++) t += deltas[i];
  const lastSampleUs = toUs(profile.weightsMs[n - 1]);
  return { startTime, endTime: t + lastSampleUs, timeDeltas: deltas, lastSampleUs };
}

function exportNodes(profile: Profile): CpuProfileNode[] {
  const { frames, nodeFrame, nodeParent, samples } = profile;
  const hits = new Int32Array(nodeFrame.length);
  for (let i = 0; i < samples.length; i++) hits[samples[i]]++;
  const nodes: CpuProfileNode[] = new Array(nodeFrame.length);
  for (let i = 0; i < nodeFrame.length; i++) {
    const mapped = frames[nodeFrame[i]];
    // The call frame says where the code ran; the originalFrames addition maps it back on import.
    const f = mapped.generated ? { ...mapped, ...mapped.generated } : mapped;
    nodes[i] = {
      id: i + 1,
      callFrame: {
        // V8 writes '' for anonymous functions; the model says '(anonymous)'.
        functionName: f.name === ANONYMOUS_NAME ? '' : f.name,
        scriptId: '0',
        url: f.url,
        lineNumber: f.line - 1,
        columnNumber: f.column - 1,
      },
      hitCount: hits[i],
    };
    const lt = profile.lineTicks;
    if (lt && lt.start[i] < lt.start[i + 1]) {
      const ticks: { line: number; ticks: number }[] = [];
      for (let k = lt.start[i]; k < lt.start[i + 1]; k++) ticks.push({ line: lt.line[k], ticks: lt.ticks[k] });
      nodes[i].positionTicks = ticks;
    }
  }
  for (let i = 1; i < nodeFrame.length; i++) (nodes[nodeParent[i]].children ??= []).push(i + 1);
  return nodes;
}

/** What the model keeps of Flambé's additions (threads and allocations are carried beside it: import/all-threads.ts). */
function extrasOfModel(profile: Profile, lastSampleUs: number | undefined): ProfileExtras {
  return {
    ...(profile.sourceLines ? { sourceLines: writeSourceLines(profile.sourceLines) } : {}),
    ...(lastSampleUs !== undefined ? { lastSampleUs } : {}),
    ...(profile.originalFrames ? { originalFrames: Object.fromEntries(profile.originalFrames) } : {}),
    ...(profile.originalLines ? { originalLines: writeOriginalLines(profile.originalLines) } : {}),
  };
}

export function exportCpuProfile(profile: Profile): CpuProfileFile {
  const { startTime, endTime, timeDeltas, lastSampleUs } = timing(profile);
  const v8: CpuProfile = {
    nodes: exportNodes(profile), startTime, endTime,
    samples: Array.from(profile.samples, (node) => node + 1), timeDeltas: Array.from(timeDeltas),
  };
  return joinProfile(v8, extrasOfModel(profile, lastSampleUs));
}

/** The .cpuprofile as text, in Node's key order; big sample arrays are joined, not stringified element by element. */
export function exportCpuProfileText(profile: Profile): string {
  const { startTime, endTime, timeDeltas, lastSampleUs } = timing(profile);
  const head = JSON.stringify({ nodes: exportNodes(profile), startTime, endTime, ...extrasInFile(extrasOfModel(profile, lastSampleUs)) });
  const ids = new Int32Array(profile.samples.length);
  for (let i = 0; i < ids.length; i++) ids[i] = profile.samples[i] + 1;
  return `${head.slice(0, -1)},"samples":[${ids.join(',')}],"timeDeltas":[${timeDeltas.join(',')}]}`;
}
