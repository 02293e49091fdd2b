// Differential flamegraph: the union of both profiles' call trees (functions
// matched as in diff.ts), in the shape d3-flame-graph's differential mode
// reads (docs/ARCHITECTURE.md: computeDelta(true), selfValue(true),
// colorMapper.differentialColorMapper):
//   value = the node's SELF ms in the after profile (the chart sums subtrees);
//   delta = after self − before self, with "before" rescaled to the after
//           profile (by duration, or by requests when both counts are known),
//           so delta compares shares of time, not raw ms. The chart sums deltas.
import { callNodeTable } from '../call-nodes.ts';
import { matchFunctions, type DiffOptions, type DiffStatus } from './diff.ts';
import { smallFramesName } from './flame.ts';
import { frameLocation, type Profile } from '../model.ts';

export interface DiffFlameNode {
  name: string;
  /** After self ms (d3-flame-graph selfValue(true)). */
  value: number;
  /** After self − rescaled before self (d3-flame-graph reads `delta`). */
  delta: number;
  afterSelfMs: number;
  afterTotalMs: number;
  /** Before ms, rescaled to the after profile. */
  beforeSelfMs: number;
  beforeTotalMs: number;
  location: string;
  /** 'new': the call path exists only after; 'gone': only before. */
  status: DiffStatus;
  children: DiffFlameNode[];
}

export interface DiffFlameOptions extends DiffOptions {
  /** Fold subtrees narrower than this fraction (of the wider profile) into "N small frames". */
  minFraction?: number;
  /**
   * What one sampled ms of each side is worth: its threads' CPU per sampled ms (../cpu-time.ts), so the chart is in
   * ms of CPU as Compare's tables are. Both or neither: a side without the OS clock leaves both in sampled time.
   */
  cpuPerSampledMsBefore?: number | null;
  cpuPerSampledMsAfter?: number | null;
}

export function buildDiffFlameTree(before: Profile, after: Profile, opts: DiffFlameOptions = {}): DiffFlameNode {
  const m = matchFunctions(before, after);
  const perRequest = (opts.requestsBefore ?? 0) > 0 && (opts.requestsAfter ?? 0) > 0;
  const scale = perRequest ? opts.requestsAfter! / opts.requestsBefore! : before.durationMs > 0 ? after.durationMs / before.durationMs : 0;
  const cpu = opts.cpuPerSampledMsBefore != null && opts.cpuPerSampledMsAfter != null;
  const weightAfter = cpu ? opts.cpuPerSampledMsAfter! : 1;
  const weightBefore = cpu ? opts.cpuPerSampledMsBefore! : 1;
  const fnCount = m.functions.length;

  // Union tree by path of matched functions; ids are created parents first.
  const fn: number[] = [];
  const parent: number[] = [];
  const byPath = new Map<number, number>();
  const times = { aSelf: [] as number[], aTotal: [] as number[], bSelf: [] as number[], bTotal: [] as number[] };
  const union = (p: number, f: number) => {
    const key = p * fnCount + f;
    let u = byPath.get(key);
    if (u === undefined) {
      u = fn.length;
      fn.push(f);
      parent.push(p);
      byPath.set(key, u);
      times.aSelf.push(0); times.aTotal.push(0); times.bSelf.push(0); times.bTotal.push(0);
    }
    return u;
  };
  union(-1, m.afterFn[after.nodeFrame[0]]);
  const add = (p: Profile, fnOfFrame: Int32Array, self: number[], total: number[], k: number) => {
    const t = callNodeTable(p);
    const u = new Int32Array(t.count);
    self[0] += t.selfMs[0] * k;
    total[0] += t.totalMs[0] * k;
    for (let c = 1; c < t.count; c++) {
      if (t.totalMs[c] === 0) continue; // nothing below either (totals include children)
      u[c] = union(u[t.parent[c]], fnOfFrame[t.frame[c]]);
      self[u[c]] += t.selfMs[c] * k;
      total[u[c]] += t.totalMs[c] * k;
    }
  };
  add(after, m.afterFn, times.aSelf, times.aTotal, weightAfter);
  add(before, m.beforeFn, times.bSelf, times.bTotal, scale * weightBefore);

  const minMs = (opts.minFraction ?? 0) * Math.max(times.aTotal[0], times.bTotal[0]);
  const made: (DiffFlameNode | undefined)[] = new Array(fn.length);
  const folded = new Map<DiffFlameNode, { node: DiffFlameNode; count: number }>();
  const make = (u: number): DiffFlameNode => {
    const frame = m.functions[fn[u]].frame;
    const status: DiffStatus = times.bTotal[u] === 0 && times.aTotal[u] > 0 ? 'new' : times.aTotal[u] === 0 ? 'gone' : 'changed';
    return {
      name: frame.name, value: times.aSelf[u], delta: times.aSelf[u] - times.bSelf[u],
      afterSelfMs: times.aSelf[u], afterTotalMs: times.aTotal[u], beforeSelfMs: times.bSelf[u], beforeTotalMs: times.bTotal[u],
      location: frameLocation(frame), status, children: [],
    };
  };
  made[0] = make(0);
  for (let u = 1; u < fn.length; u++) {
    const p = made[parent[u]];
    if (!p) continue; // under a folded node
    if (Math.max(times.aTotal[u], times.bTotal[u]) < minMs) {
      let f = folded.get(p);
      if (!f) {
        f = { node: { ...make(u), name: '', value: 0, delta: 0, afterSelfMs: 0, afterTotalMs: 0, beforeSelfMs: 0, beforeTotalMs: 0, location: '', status: 'changed' }, count: 0 };
        folded.set(p, f);
        p.children.push(f.node);
      }
      const n = f.node;
      n.value += times.aTotal[u];
      n.delta += times.aTotal[u] - times.bTotal[u];
      n.afterSelfMs += times.aTotal[u];
      n.afterTotalMs += times.aTotal[u];
      n.beforeSelfMs += times.bTotal[u];
      n.beforeTotalMs += times.bTotal[u];
      f.count++;
      continue;
    }
    made[u] = make(u);
    p.children.push(made[u]!);
  }
  for (const { node, count } of folded.values()) node.name = smallFramesName(count);
  const stack = [made[0]!];
  while (stack.length) {
    const n = stack.pop()!;
    n.children.sort((a, b) => b.afterTotalMs - a.afterTotalMs || b.beforeTotalMs - a.beforeTotalMs || (a.name < b.name ? -1 : 1));
    for (const c of n.children) stack.push(c);
  }
  return made[0]!;
}
