// THE timing rule, written down once (docs/ARCHITECTURE.md "The timing rule";
// the picture is in README.md). Every importer calls `timeSamples`; nothing else
// decides what a sample weighs.
//
// 1. Timestamps. V8 writes timeDeltas[i] = t[i] - t[i-1], with t[-1] = startTime.
//    hitCount is ignored: it cannot say how long each sample lasted.
// 2. Order. V8 sometimes records a sample out of order (its own cctest
//    test-cpu-profiler "ordering" documents deopt samples with earlier
//    timestamps; speedscope#80, getsentry/sentry#36004 saw negative deltas in
//    real files). Like DevTools' CPUProfileDataModel#sortSamples we sort the
//    samples by timestamp (stable) instead of refusing the file.
// 3. Weight. A sample stands for the time from its own timestamp to the next
//    one: weight[i] = t[i+1] - t[i]. The last sample stands for the time until
//    the profile's endTime (0 if endTime is missing or earlier). The gap
//    between startTime and the first sample is not attributed to anything.
//    So the weights add up to the duration, max(endTime, t[last]) - t[0].
// 4. Meta nodes:
//    - (root): a sample on the root itself (V8 does this when it has no stack
//      and no state) counts as (program), so the root never has self time.
//    - (program): time in V8/Node outside JavaScript. A lone (program) sample
//      between two samples under the same outermost function is a stack walk
//      that failed: it counts for the previous sample's stack (DevTools
//      #fixMissingSamples). Other (program) samples are time as any other.
//    - (idle) and (garbage collector): time as any other, where V8 put them
//      (children of the root). Percentages include them; the dropMeta
//      transform removes them when you want % of busy time.

/**
 * V8's strays are few and close to where they belong, so an insertion pass
 * orders them in about one walk; arrays out of order everywhere fall back to
 * a full sort (never quadratic).
 */
export function sortInPlace(s: Int32Array, t: Float64Array): void {
  const n = t.length;
  let budget = 8 * n + 64;
  for (let i = 1; i < n; i++) {
    const ts = t[i];
    if (ts >= t[i - 1]) continue;
    const node = s[i];
    let j = i - 1;
    while (j >= 0 && t[j] > ts) {
      t[j + 1] = t[j];
      s[j + 1] = s[j];
      j--;
    }
    t[j + 1] = ts;
    s[j + 1] = node;
    budget -= i - j;
    if (budget < 0) {
      fullSort(s, t);
      return;
    }
  }
}

function fullSort(s: Int32Array, t: Float64Array): void {
  const order = new Uint32Array(s.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  order.sort((a, b) => t[a] - t[b] || a - b); // ties by index keep it stable
  const s0 = s.slice();
  const t0 = t.slice();
  for (let i = 0; i < order.length; i++) {
    s[i] = s0[order[i]];
    t[i] = t0[order[i]];
  }
}

export interface SampleInput {
  /** The node id of each sample, as the file wrote it. */
  sampleIds: ArrayLike<unknown>;
  /** Node id → model node (-1: no such node). */
  nodeOfId: Int32Array;
  timeDeltasUs: ArrayLike<unknown>;
  startTimeUs: number;
  endTimeUs: number | undefined;
  /** The model's tree (node 0 is the root, parents first). */
  nodeParent: Int32Array;
  /** 1 for the root, (program), (idle) and (garbage collector) nodes. */
  systemNode: Uint8Array;
  /** The (program) child of the root, or -1 when the tree has none. */
  programNode: number;
}

export interface TimedSamples {
  ok: true;
  /** The model node of each sample, in time order. */
  samples: Int32Array;
  weightsMs: Float64Array;
  durationMs: number;
  /** Profile end: max(endTime, last sample); the first sample is durationMs before it. */
  endTimeUs: number;
  /** Self time of each node, a by-product the views reuse. */
  nodeSelfMs: Float64Array;
}

/**
 * What stops timing: a sample id with no node, a delta that is not a finite
 * number (or a clock that overflows), or a sample on the root of a tree
 * without a (program) node for it. The caller names the culprit (looking for
 * it here would cost a pass on every file).
 */
export interface TimingProblem {
  ok: false;
  problem: 'sample' | 'delta' | 'root';
}

/**
 * Rules 1–4. Two passes over the samples (and a sort when V8 wrote some out
 * of order): this is most of the work of opening a big profile.
 */
export function timeSamples(input: SampleInput): TimedSamples | TimingProblem {
  const { sampleIds, timeDeltasUs, startTimeUs, endTimeUs, nodeParent } = input;
  const n = sampleIds.length;
  // Rules 1 and 2: nodes and timestamps, sorted if needed.
  const samples = new Int32Array(n);
  const t = new Float64Array(n);
  const clock = nodesAndTimestamps(sampleIds, input.nodeOfId, timeDeltasUs, startTimeUs, samples, t);
  if (clock === BAD_SAMPLE) return { ok: false, problem: 'sample' };
  if (clock === BAD_DELTA || !Number.isFinite(clock)) return { ok: false, problem: 'delta' };
  if (input.programNode < 0 && samples.includes(0)) return { ok: false, problem: 'root' };
  if (clock === UNSORTED) sortInPlace(samples, t);
  const lastUs = n ? t[n - 1] : startTimeUs;
  // Rule 4 needs each node's outermost function under the root ("bottom node" in DevTools).
  const outermost = new Int32Array(nodeParent.length);
  for (let i = 1; i < nodeParent.length; i++) outermost[i] = nodeParent[i] === 0 ? i : outermost[nodeParent[i]];
  const nodeSelfMs = new Float64Array(nodeParent.length);
  const durationMs = weigh(t, endTimeUs, samples, input.systemNode, input.programNode, outermost, nodeSelfMs);
  return { ok: true, samples, weightsMs: t, durationMs, endTimeUs: Math.max(endTimeUs ?? lastUs, lastUs), nodeSelfMs };
}

const BAD_DELTA = -1;
const UNSORTED = -2;
const BAD_SAMPLE = -3;

/**
 * Sample ids → nodes, and rule 1 into `t`, in one pass. Returns the last
 * timestamp, UNSORTED when some delta is negative (rule 2 then sorts),
 * BAD_DELTA or BAD_SAMPLE. (The hot loops are small functions of their own:
 * V8 optimizes them best so.)
 */
function nodesAndTimestamps(ids: ArrayLike<unknown>, nodeOfId: Int32Array, deltas: ArrayLike<unknown>, startTimeUs: number, samples: Int32Array, t: Float64Array): number {
  const maxId = nodeOfId.length - 1;
  let now = startTimeUs;
  let sorted = true;
  let numbers = true;
  for (let i = 0; i < t.length; i++) {
    const id = ids[i];
    const node = typeof id === 'number' && id >= 0 && id <= maxId && (id | 0) === id ? nodeOfId[id] : -1;
    if (node < 0) return BAD_SAMPLE;
    samples[i] = node;
    const d = deltas[i];
    if (typeof d !== 'number') numbers = false;
    else {
      if (d < 0) sorted = false;
      now += d;
    }
    t[i] = now;
  }
  if (!numbers) return BAD_DELTA;
  if (!Number.isFinite(now)) return now;
  return sorted ? now : UNSORTED;
}

/** Rules 3 and 4, in place: `t` becomes the weights; returns the duration. */
function weigh(t: Float64Array, endTimeUs: number | undefined, samples: Int32Array, systemNode: Uint8Array, programNode: number,
  outermost: Int32Array, nodeSelfMs: Float64Array): number {
  const n = t.length;
  let durationMs = 0;
  let prev = -1; // the previous sample as recorded (DevTools compares with those: the fix is idempotent)
  for (let i = 0; i < n; i++) {
    const w = i < n - 1 ? (t[i + 1] - t[i]) / 1000 : endTimeUs === undefined ? 0 : Math.max(0, endTimeUs - t[i]) / 1000;
    t[i] = w;
    const here = samples[i];
    let node = here;
    if (here === 0 || here === programNode) {
      node = programNode;
      if (prev >= 0 && i < n - 1) {
        const next = samples[i + 1];
        if (!systemNode[prev] && !systemNode[next] && outermost[prev] === outermost[next]) node = prev;
      }
      samples[i] = node;
    }
    prev = here;
    durationMs += w;
    nodeSelfMs[node] += w;
  }
  return durationMs;
}
