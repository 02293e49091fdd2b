// THE timing rule, written down once (DESIGN.md "The profile model"; the
// picture is in README.md). Every importer calls `timeSamples`, then
// `applyMetaNodeRules`; nothing else decides what a sample weighs.
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
// 4. Meta nodes (applyMetaNodeRules):
//    - (root): a sample on the root itself (V8 does this when it has no stack
//      and no state) counts as (program), so the root never has self time.
//    - (program): time in V8/Node outside JavaScript. A lone (program) sample
//      between two samples under the same outermost function is a stack walk
//      that failed: it counts for the previous sample's stack (DevTools
//      #fixMissingSamples). Other (program) samples are time as any other.
//    - (idle) and (garbage collector): time as any other, where V8 put them
//      (children of the root). Percentages include them; the dropMeta
//      transform removes them when you want % of busy time.

/** Sample timestamps in µs: startTime plus the running sum of the deltas. */
export function sampleTimestampsUs(startTimeUs: number, timeDeltasUs: ArrayLike<number>, count: number): Float64Array {
  const t = new Float64Array(count);
  let now = startTimeUs;
  for (let i = 0; i < count; i++) {
    now += timeDeltasUs[i];
    t[i] = now;
  }
  return t;
}

/** Sorts samples by timestamp (stable) when V8 wrote any out of order. Returns new arrays, or the same ones when already sorted. */
export function orderSamplesByTime(samples: Int32Array, timestampsUs: Float64Array): { samples: Int32Array; timestampsUs: Float64Array } {
  let sorted = true;
  for (let i = 1; i < timestampsUs.length && sorted; i++) if (timestampsUs[i] < timestampsUs[i - 1]) sorted = false;
  if (sorted) return { samples, timestampsUs };
  const order = Array.from({ length: samples.length }, (_, i) => i);
  order.sort((a, b) => timestampsUs[a] - timestampsUs[b] || a - b);
  const s = new Int32Array(samples.length);
  const t = new Float64Array(samples.length);
  for (let i = 0; i < order.length; i++) {
    s[i] = samples[order[i]];
    t[i] = timestampsUs[order[i]];
  }
  return { samples: s, timestampsUs: t };
}

/** Weight of each sample in ms (rule 3). `timestampsUs` must be sorted. */
export function sampleWeightsMs(timestampsUs: Float64Array, endTimeUs: number | undefined): Float64Array {
  const n = timestampsUs.length;
  const w = new Float64Array(n);
  for (let i = 0; i < n - 1; i++) w[i] = (timestampsUs[i + 1] - timestampsUs[i]) / 1000;
  if (n > 0 && endTimeUs !== undefined) w[n - 1] = Math.max(0, endTimeUs - timestampsUs[n - 1]) / 1000;
  return w;
}

export interface TimedSamples {
  samples: Int32Array;
  weightsMs: Float64Array;
  durationMs: number;
  /** Profile end: max(endTime, last sample); the first sample is durationMs before it. */
  endTimeUs: number;
}

/** Rules 1–3: from V8's (samples, timeDeltas, startTime, endTime) to weighted samples in time order. */
export function timeSamples(samples: Int32Array, startTimeUs: number, endTimeUs: number | undefined, timeDeltasUs: ArrayLike<number>): TimedSamples {
  const ordered = orderSamplesByTime(samples, sampleTimestampsUs(startTimeUs, timeDeltasUs, samples.length));
  const weightsMs = sampleWeightsMs(ordered.timestampsUs, endTimeUs);
  let durationMs = 0;
  for (let i = 0; i < weightsMs.length; i++) durationMs += weightsMs[i];
  const n = ordered.timestampsUs.length;
  const lastUs = n ? ordered.timestampsUs[n - 1] : startTimeUs;
  return { samples: ordered.samples, weightsMs, durationMs, endTimeUs: Math.max(endTimeUs ?? lastUs, lastUs) };
}

/**
 * Rule 4, on samples already in time order. `programNode` is the (program)
 * node, or -1 when the tree has none (then it must be created by the caller if
 * a root sample exists: see `needsProgramNode`). Returns new samples; never
 * mutates its input.
 */
export function applyMetaNodeRules(samples: Int32Array, nodeParent: Int32Array, isSystemNode: (node: number) => boolean, programNode: number): Int32Array {
  const out = Int32Array.from(samples);
  if (programNode >= 0) {
    for (let i = 0; i < out.length; i++) if (out[i] === 0) out[i] = programNode;
  }
  if (programNode < 0 || out.length < 3) return out;
  // The outermost function under the root ("bottom node" in DevTools).
  const outermost = (node: number): number => {
    while (node > 0 && nodeParent[node] > 0) node = nodeParent[node];
    return node;
  };
  for (let i = 1; i < out.length - 1; i++) {
    // Compare with the *recorded* neighbours (samples[]), as DevTools does, so
    // the fix is idempotent: fixing a fixed profile changes nothing.
    const prev = samples[i - 1] === 0 ? programNode : samples[i - 1];
    const next = samples[i + 1] === 0 ? programNode : samples[i + 1];
    if (out[i] !== programNode || isSystemNode(prev) || isSystemNode(next)) continue;
    if (outermost(prev) === outermost(next)) out[i] = prev;
  }
  return out;
}

/** True when some sample hits the root: the tree then needs a (program) node to hold it. */
export function needsProgramNode(samples: Int32Array): boolean {
  for (let i = 0; i < samples.length; i++) if (samples[i] === 0) return true;
  return false;
}
