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
//    the profile's endTime (0 if endTime is missing or earlier), but at most
//    the mean interval between samples, (t[last] - t[0]) / (n - 1), as
//    DevTools' CPUProfileDataModel does: a trace's endTime can be on another
//    clock (one real trace put it 470 000 s after 254 ms of samples). The gap
//    between startTime and the first sample is not attributed to anything.
//    So the weights add up to the duration, t[last] + weight[last] - t[0].
// 5. Bounds. A clock that cannot be real is refused, never shown as-is: the
//    samples spanning more than MAX_SPAN_US (a week: Flambé records seconds,
//    --cpu-prof at its 1 ms interval would write a billion samples in a week),
//    or most deltas after the first negative (the clock runs backwards; V8's
//    out-of-order strays of rule 2 are a few; a single one is a stray), or a
//    sample more than a second before startTime, or past a hundred times the
//    profile's own length (startTime to endTime): one delta of -1e9 µs once
//    turned a 3.4 s profile into 1 000 s.
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

/** Rule 5: the longest span of samples Flambé believes, in µs (a week). */
export const MAX_SPAN_US = 7 * 86_400e6;

/**
 * Rule 3's last weight in µs: until endTime, at most the mean interval — or
 * `statedUs` when the file states it (Flambé's own exports do: a transformed
 * profile's last sample can be longer than the mean).
 * `timestampsUs` sorted.
 */
export function lastWeightUs(timestampsUs: ArrayLike<number>, endTimeUs: number | undefined, statedUs?: number): number {
  const n = timestampsUs.length;
  if (n === 0 || endTimeUs === undefined) return 0;
  const last = timestampsUs[n - 1];
  const untilEnd = Math.max(0, endTimeUs - last);
  // Stated: trusted as written (endTime - last would lose digits on a large clock); rule 5 still bounds it.
  if (statedUs !== undefined && statedUs >= 0) return statedUs;
  return n < 2 ? untilEnd : Math.min(untilEnd, (last - timestampsUs[0]) / (n - 1));
}

export interface SampleInput {
  /** The node id of each sample, as the file wrote it. */
  sampleIds: ArrayLike<unknown>;
  /** Node id → model node (-1: no such node). */
  nodeOfId: Int32Array;
  timeDeltasUs: ArrayLike<unknown>;
  startTimeUs: number;
  endTimeUs: number | undefined;
  /** The last sample's weight, when the file states it (rule 3). */
  lastSampleUs?: number;
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
  /** Profile end: the last sample plus its weight (rule 3); the first sample is durationMs before it. */
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
export type TimingProblem =
  | { ok: false; problem: 'sample' | 'delta' | 'root' }
  /** Rule 5: the samples span `spanUs`, more than MAX_SPAN_US. */
  | { ok: false; problem: 'span'; spanUs: number }
  /** Rule 5: `negative` of the `count` deltas after the first are negative. */
  | { ok: false; problem: 'backwards'; negative: number; count: number }
  /** Rule 5: sample `index` lies `byUs` before startTime (a delta moved the clock back past the start). */
  | { ok: false; problem: 'before-start'; index: number; byUs: number }
  /** Rule 5: sample `index` lies `atUs` after startTime, orders of magnitude past the profile's own length `lengthUs`. */
  | { ok: false; problem: 'past-end'; index: number; atUs: number; lengthUs: number };

/**
 * Rule 5: how far a sample may lie before startTime (V8's out-of-order strays
 * are milliseconds) or past the profile's own endTime (×PAST_END_FACTOR, plus
 * this): beyond, a delta moved the clock, and the times are not real.
 */
export const STRAY_US = 1e6;
export const PAST_END_FACTOR = 100;

/** Rule 5's bounds on a sample's time: the first sample outside them, or null. */
function outOfBounds(t: Float64Array, startTimeUs: number, endTimeUs: number | undefined): TimingProblem | null {
  const earliest = startTimeUs - STRAY_US;
  const lengthUs = endTimeUs !== undefined && endTimeUs > startTimeUs ? endTimeUs - startTimeUs : null;
  const latest = lengthUs === null ? Infinity : startTimeUs + PAST_END_FACTOR * lengthUs + STRAY_US;
  for (let i = 0; i < t.length; i++) {
    if (t[i] < earliest) return { ok: false, problem: 'before-start', index: i, byUs: startTimeUs - t[i] };
    if (t[i] > latest) return { ok: false, problem: 'past-end', index: i, atUs: t[i] - startTimeUs, lengthUs: lengthUs! };
  }
  return null;
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
  const negative = { count: 0 };
  const clock = nodesAndTimestamps(sampleIds, input.nodeOfId, timeDeltasUs, startTimeUs, samples, t, negative);
  if (clock === BAD_SAMPLE) return { ok: false, problem: 'sample' };
  if (clock === BAD_DELTA || (typeof clock === 'number' && !Number.isFinite(clock))) return { ok: false, problem: 'delta' };
  if (input.programNode < 0 && samples.includes(0)) return { ok: false, problem: 'root' };
  if (negative.count > 1 && negative.count * 2 > n - 1) return { ok: false, problem: 'backwards', negative: negative.count, count: n - 1 };
  const outside = outOfBounds(t, startTimeUs, endTimeUs);
  if (outside) return outside;
  if (clock === UNSORTED) sortInPlace(samples, t);
  const lastUs = n ? t[n - 1] : startTimeUs;
  const lastWeight = lastWeightUs(t, endTimeUs, input.lastSampleUs);
  const spanUs = n ? lastUs + lastWeight - t[0] : 0;
  if (!(spanUs <= MAX_SPAN_US)) return { ok: false, problem: 'span', spanUs };
  // Rule 4 needs each node's outermost function under the root ("bottom node" in DevTools).
  const outermost = new Int32Array(nodeParent.length);
  for (let i = 1; i < nodeParent.length; i++) outermost[i] = nodeParent[i] === 0 ? i : outermost[nodeParent[i]];
  const nodeSelfMs = new Float64Array(nodeParent.length);
  const durationMs = weigh(t, lastWeight, samples, input.systemNode, input.programNode, outermost, nodeSelfMs);
  return { ok: true, samples, weightsMs: t, durationMs, endTimeUs: lastUs + lastWeight, nodeSelfMs };
}

// What nodesAndTimestamps found, when it is not the last timestamp: symbols,
// because any number can be a timestamp (a clock ending at -1 µs once read as
// BAD_DELTA when these were -1, -2 and -3).
const BAD_DELTA = Symbol('bad delta');
const UNSORTED = Symbol('unsorted');
const BAD_SAMPLE = Symbol('bad sample');

/**
 * Sample ids → nodes, and rule 1 into `t`, in one pass. Returns the last
 * timestamp, UNSORTED when some delta is negative (rule 2 then sorts),
 * BAD_DELTA or BAD_SAMPLE. (The hot loops are small functions of their own:
 * V8 optimizes them best so.)
 */
function nodesAndTimestamps(ids: ArrayLike<unknown>, nodeOfId: Int32Array, deltas: ArrayLike<unknown>, startTimeUs: number, samples: Int32Array, t: Float64Array,
  negative: { count: number }): number | typeof BAD_DELTA | typeof UNSORTED | typeof BAD_SAMPLE {
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
      if (d < 0 && i > 0) {
        sorted = false;
        negative.count++;
      }
      now += d;
    }
    t[i] = now;
  }
  if (!numbers) return BAD_DELTA;
  if (!Number.isFinite(now)) return now;
  return sorted ? now : UNSORTED;
}

/** Rules 3 and 4, in place: `t` becomes the weights (the last one given); returns the duration. */
function weigh(t: Float64Array, lastWeightUs: number, samples: Int32Array, systemNode: Uint8Array, programNode: number,
  outermost: Int32Array, nodeSelfMs: Float64Array): number {
  const n = t.length;
  let durationMs = 0;
  let prev = -1; // the previous sample as recorded (DevTools compares with those: the fix is idempotent)
  for (let i = 0; i < n; i++) {
    const w = (i < n - 1 ? t[i + 1] - t[i] : lastWeightUs) / 1000;
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
