// Flambé's request collector runs inside the target (electron/services/targets/
// request-collector.ts), so its work is in the target's profile: the async hook
// around every callback, the diagnostics_channel subscribers, reading the
// thread's CPU time (Node's `threadCpuUsage`), capturing stacks. That is
// Flambé's cost, not the user's: an experiment's function table listed
// `threadCpuUsage` as if the server called it. So each of the collector's
// frames, with everything it calls, becomes one frame, "(Flambé's own work)" —
// kept in the profile (the flamegraph shows what it cost, under Node
// internals) but named by no table, finding or comparison.
//
// Except its stand-ins: the collector replaces `fetch`, a socket's `write` and
// `push` and a worker's `emit` / `postMessage` with functions that note the
// call and then make it. What runs under them is the user's call (undici, the
// write, a driver parsing a database's answer and the app's code it wakes, the
// user's message handler), so only the stand-in's own frame is Flambé's (and in
// no table). A stand-in missing here folds the app's own work into Flambé's: a
// pg server once read "(Flambé's own work) 69 %" because `push` was. The output counter's frames are all such wrappers (its counting
// runs as a probe, shared/profile/probes.ts): none is folded.
import { COLLECTOR_URL } from './classify.ts';
import type { Frame, LineTicks } from './model.ts';

export const COLLECTOR_WORK_NAME = "(Flambé's own work)";

/** The collector's stand-ins, by the names it gives them (request-collector.ts names each function so). */
export const COLLECTOR_STAND_INS: readonly string[] = ['fetch', 'write', 'push', 'emit', 'postMessage', 'send', 'spawn'];

/** A frame of the collector's own work: its whole subtree is Flambé's. */
export function isCollectorWork(frame: { name: string; url: string }): boolean {
  return frame.url === COLLECTOR_URL && !COLLECTOR_STAND_INS.includes(frame.name);
}

export interface FoldedCollector {
  frames: Frame[];
  nodeFrame: Int32Array;
  /** Node → the node its samples now belong to (the outermost collector frame above it, or itself). */
  into: Int32Array;
  lineTicks?: LineTicks;
}

/**
 * The call tree with the collector's work folded: each subtree under a frame of the collector's own work becomes
 * that one node, on one "(Flambé's request collector)" frame. Parents precede children (the model's order), so
 * one pass. Null when the profile has no collector frame (every profile not recorded by Flambé).
 */
export function foldCollectorWork(frames: readonly Frame[], nodeFrame: Int32Array, nodeParent: Int32Array, lineTicks?: LineTicks): FoldedCollector | null {
  const own = frames.map((f) => isCollectorWork(f));
  if (!own.includes(true)) return null;
  const frame = frames.length;
  const folded = new Int32Array(nodeFrame);
  const into = new Int32Array(nodeFrame.length);
  for (let i = 0; i < nodeFrame.length; i++) {
    const p = nodeParent[i];
    const top = p >= 0 && folded[p] === frame ? into[p] : own[nodeFrame[i]] ? i : -1;
    into[i] = top < 0 ? i : top;
    if (top >= 0) folded[i] = frame;
  }
  const out: FoldedCollector = { frames: [...frames, { name: COLLECTOR_WORK_NAME, url: COLLECTOR_URL, line: 0, column: 0, kind: 'js' }], nodeFrame: folded, into };
  if (lineTicks) out.lineTicks = withoutFoldedLines(lineTicks, folded, frame);
  return out;
}

/** The line ticks of folded nodes are the collector's code's and Node's, no line of the user's: left out. */
function withoutFoldedLines(t: LineTicks, nodeFrame: Int32Array, collector: number): LineTicks {
  const start = new Int32Array(t.start.length);
  const line: number[] = [];
  const ticks: number[] = [];
  for (let n = 0; n + 1 < t.start.length; n++) {
    start[n] = line.length;
    if (nodeFrame[n] === collector) continue;
    for (let k = t.start[n]; k < t.start[n + 1]; k++) {
      line.push(t.line[k]);
      ticks.push(t.ticks[k]);
    }
  }
  start[t.start.length - 1] = line.length;
  return { start, line: Int32Array.from(line), ticks: Int32Array.from(ticks) };
}
