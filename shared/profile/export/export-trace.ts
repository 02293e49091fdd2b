// Exporter to the Chrome trace-event format with one CPU profile per thread:
// what Chrome DevTools' Performance panel, speedscope and Perfetto open with
// every thread of a recording (the main thread and each worker) side by side;
// Flambé's import reads every thread back (chrome-trace.ts). Per thread:
//   {"ph":"M","name":"thread_name","pid":1,"tid":N,"args":{"name":"worker 1 (hash.js)"}}
//   {"ph":"P","name":"Profile","id":"0xN","pid":1,"tid":N,"ts":start,"args":{"data":{"startTime":start, …Flambé's fields}}}
//   {"ph":"P","name":"ProfileChunk","id":"0xN","pid":1,"tid":N,"ts":start,"args":{"data":{
//      "cpuProfile":{"nodes":[{"id","callFrame","parent","positionTicks"?}],"samples":[…]},"timeDeltas":[…],"endTime":end}}}
// The numbers are the .cpuprofile export's (export-cpuprofile.ts: the weights
// round-trip exactly); positionTicks ride on the nodes as in a .cpuprofile,
// Flambé's fields (hot lines' text, source-map tables, the last sample's
// weight) in the Profile event's data — other tools ignore both.
import { exportCpuProfile } from './export-cpuprofile.ts';
import type { NamedProfile } from '../threads.ts';

const CATEGORY = 'disabled-by-default-v8.cpu_profiler';
const PID = 1;

/** Every thread as one trace ({ traceEvents }), the first thread first. */
export function exportTrace(threads: readonly NamedProfile[]): { traceEvents: Record<string, unknown>[] } {
  const events: Record<string, unknown>[] = [{ ph: 'M', name: 'process_name', pid: PID, tid: 0, ts: 0, args: { name: 'Node.js (Flambé recording)' } }];
  threads.forEach(({ name, profile }, i) => {
    const tid = i + 1;
    const id = `0x${tid.toString(16)}`;
    const { nodes, samples, timeDeltas, startTime, endTime, ...flambe } = exportCpuProfile(profile);
    const parentOf = new Map<number, number>();
    for (const n of nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
    const traceNodes = nodes.map((n) => ({
      id: n.id, callFrame: n.callFrame,
      ...(parentOf.has(n.id) ? { parent: parentOf.get(n.id) } : {}),
      ...(n.positionTicks ? { positionTicks: n.positionTicks } : {}),
    }));
    events.push(
      { ph: 'M', name: 'thread_name', pid: PID, tid, ts: 0, args: { name } },
      { ph: 'P', name: 'Profile', cat: CATEGORY, id, pid: PID, tid, ts: startTime, args: { data: { startTime, ...flambe } } },
      { ph: 'P', name: 'ProfileChunk', cat: CATEGORY, id, pid: PID, tid, ts: startTime, args: { data: { cpuProfile: { nodes: traceNodes, samples }, timeDeltas, endTime } } },
    );
  });
  return { traceEvents: events };
}
