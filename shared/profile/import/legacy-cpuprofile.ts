// Importer for the legacy "head" .cpuprofile: what V8's CPU profiler wrote
// before Chrome 47 / Node 8, and what v8-profiler-next and 0x
// (--visualize-cpu-profile) still write by default:
//   { "head": { functionName, url, lineNumber, columnNumber?, id, hitCount,
//               children: [ …nested nodes… ] },
//     "startTime": <seconds>, "endTime": <seconds>,
//     "samples": [node id, …], "timestamps": [µs, …] }
// The tree is nested (each node holds its children), call frames are inline
// and lines are 1-based (DevTools' CPUProfileDataModel subtracts 1). Some
// writers add one timestamp more than samples: the end of the last sample.
// We flatten it into the modern form and let importCpuProfile do the rest.
import { describe, fail } from '../build-nodes.ts';
import { importCpuProfile } from './cpuprofile.ts';
import type { Profile } from '../model.ts';

/** Content detection: an object with a "head" node and no "nodes" list. */
export function isLegacyCpuProfile(data: unknown): boolean {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const head = (data as { head?: unknown }).head;
  return typeof head === 'object' && head !== null && !Array.isArray((data as { nodes?: unknown }).nodes);
}

const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** Legacy .cpuprofile (parsed JSON) → model. Throws ProfileFormatError. */
export function importLegacyCpuProfile(data: unknown): Profile {
  const d = data as { head: unknown; samples?: unknown; timestamps?: unknown; timeDeltas?: unknown; startTime?: unknown; endTime?: unknown };
  const nodes: Record<string, unknown>[] = [];
  // Iterative walk (stacks are deep): each entry is a nested node object.
  const stack: unknown[] = [d.head];
  while (stack.length) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || Array.isArray(node)) fail(`The profile's head tree holds ${describe(node)} where a node should be.`);
    const n = node as Record<string, unknown>;
    const children = n.children === undefined ? [] : n.children;
    if (!Array.isArray(children)) fail(`Node ${describe(n.id)}'s children are ${describe(children)}, not a list of nodes.`);
    const childIds = (children as unknown[]).map((c) => (typeof c === 'object' && c !== null ? (c as { id?: unknown }).id : c));
    nodes.push({
      id: n.id,
      callFrame: {
        functionName: typeof n.functionName === 'string' ? n.functionName : '',
        url: typeof n.url === 'string' ? n.url : '',
        lineNumber: num(n.lineNumber, 0) - 1,
        columnNumber: num(n.columnNumber, 0) - 1,
      },
      children: childIds,
      ...(n.positionTicks !== undefined ? { positionTicks: n.positionTicks } : {}),
    });
    for (let i = (children as unknown[]).length - 1; i >= 0; i--) stack.push((children as unknown[])[i]);
  }
  const samples = d.samples;
  const count = Array.isArray(samples) ? samples.length : 0;
  let timeDeltas = d.timeDeltas;
  let startTime: unknown = typeof d.startTime === 'number' ? d.startTime * 1e6 : d.startTime;
  let endTime: unknown = typeof d.endTime === 'number' ? d.endTime * 1e6 : d.endTime;
  if (timeDeltas === undefined && Array.isArray(d.timestamps)) {
    const ts = d.timestamps as unknown[];
    if (ts.length !== count && ts.length !== count + 1) fail(`The profile has ${count} samples but ${ts.length} timestamps: there must be one per sample.`);
    const deltas = new Array<unknown>(count);
    for (let i = 0; i < count; i++) {
      const t = ts[i];
      if (typeof t !== 'number' || !Number.isFinite(t)) fail(`timestamps[${i}] is ${describe(t)}, not a time in microseconds.`);
      deltas[i] = i === 0 ? 0 : (t as number) - (ts[i - 1] as number);
    }
    timeDeltas = deltas;
    // startTime and endTime are whole seconds here: the samples' own clock is better.
    if (count > 0) startTime = ts[0];
    if (ts.length === count + 1 && typeof ts[count] === 'number') endTime = ts[count];
  }
  return importCpuProfile({ nodes, samples, timeDeltas, startTime, endTime });
}
