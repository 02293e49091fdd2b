// THE timing rule, written down once (DESIGN.md "The profile model").
//
// V8 records, for sample i, timeDeltas[i] = timestamp[i] - timestamp[i-1]
// (timestamp[-1] = startTime). A sample stands for the time from its own
// timestamp until the next sample's: weight[i] = timeDeltas[i+1]. The last
// sample stands for the time until the profile's endTime. Weights are never
// negative (V8 can emit out-of-order deltas across thread hops; they count 0).
// (program), (idle) and (garbage collector) samples are weighted the same way
// as any other: they are real time the thread spent there.
export function sampleWeightsMs(startTimeUs: number, endTimeUs: number, timeDeltasUs: ArrayLike<number>, count: number): Float64Array {
  const weights = new Float64Array(count);
  if (count === 0) return weights;
  let t = startTimeUs;
  const timestamps = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    t += Number(timeDeltasUs[i] ?? 0);
    timestamps[i] = t;
  }
  for (let i = 0; i < count - 1; i++) weights[i] = Math.max(0, timestamps[i + 1] - timestamps[i]) / 1000;
  weights[count - 1] = Math.max(0, endTimeUs - timestamps[count - 1]) / 1000;
  return weights;
}
