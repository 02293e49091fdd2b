// Each rule of shared/profile/timing.ts on its own, for tests that pin one
// rule down (timeSamples applies them all in two fused passes).
import { sortInPlace } from '../timing.ts';

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

/** Rule 2: samples sorted by timestamp (stable). Returns new arrays, or the same ones when already sorted. */
export function orderSamplesByTime(samples: Int32Array, timestampsUs: Float64Array): { samples: Int32Array; timestampsUs: Float64Array } {
  for (let i = 1; i < timestampsUs.length; i++) {
    if (timestampsUs[i] < timestampsUs[i - 1]) {
      const s = samples.slice();
      const t = timestampsUs.slice();
      sortInPlace(s, t);
      return { samples: s, timestampsUs: t };
    }
  }
  return { samples, timestampsUs };
}

/** Rule 3 alone: the weight of each sample in ms. `timestampsUs` must be sorted. */
export function sampleWeightsMs(timestampsUs: Float64Array, endTimeUs: number | undefined): Float64Array {
  const n = timestampsUs.length;
  const w = new Float64Array(n);
  for (let i = 0; i < n - 1; i++) w[i] = (timestampsUs[i + 1] - timestampsUs[i]) / 1000;
  if (n > 0 && endTimeUs !== undefined) w[n - 1] = Math.max(0, endTimeUs - timestampsUs[n - 1]) / 1000;
  return w;
}
