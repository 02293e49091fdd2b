// The truth the user-stacks and framework tests hold Flambé's CPU figures to:
// what the server's own thread clock says one call of a function costs
// (test/fixtures/user-stacks/truth.cjs), and how near a figure must be.
import { expect } from 'vitest';

/** What truth.cjs writes for a timed function: its calls in the burst summed, and its last call replayed back to back. */
export interface TimedTruth { calls: number; cpuMs: number; series?: number[]; batchMsPerCall?: number; batchCalls?: number }

/** A call at least this long spans a few of the thread clock's 4 ms ticks: summed around each call, its bias is small. */
const LONG_CALL_MS = 10;
/** The target: within 20 % of the truth. */
export const WITHIN = 1.2;
/** The two readings of the truth may widen the bound by at most this much (then the truth itself is too unsure to hold to). */
const MAX_TRUTH_SPREAD = 1.25;

/** CPU ms per call summed around each call in the burst: the very calls Flambé saw. */
export const summedPerCall = (t: TimedTruth) => t.cpuMs / t.calls;

/**
 * CPU ms per call by the server's own clock: over its last call replayed 40 times back to back when Flambé stopped it,
 * as test/services/targets/cpu-own-clock.test.ts does, for a call of a few ms (summed around each call, the 4 ms ticks
 * read a 2.5 ms loop at 1.3 ms); summed around each call for a call of 10 ms or more, which the ticks hardly bias and
 * which are the calls Flambé saw (a 38 ms search replayed at a load average of 27 read 57 ms a call over 5 calls, where
 * its calls in the burst summed to 39.6: a batch is other calls, later).
 */
export function ownClockPerCall(t: TimedTruth, what: string): number {
  if (summedPerCall(t) >= LONG_CALL_MS) return summedPerCall(t);
  // 40 calls, or fewer where they pass 1.5 s of wall time on a busy machine (truth.cjs).
  expect(t.batchCalls, `${what} timed in a batch`).toBeGreaterThanOrEqual(10);
  return t.batchMsPerCall!;
}

/**
 * How far a figure may be from the truth, either way: WITHIN, widened by how far the truth's own two readings (the
 * batch and the sums) are apart, up to MAX_TRUTH_SPREAD. Why: at a load average of 26–27 on 2 cores the function's CPU
 * a call moves between moments seconds apart — NestJS's scoring read 3.82 ms a call in the batch and 4.49 summed over
 * the burst (×1.18), and Flambé ×1.29 of the batch; at 17–22 every framework read ×0.88–1.15 of it.
 */
export function nearBound(t: TimedTruth): number {
  const [batch, summed] = [t.batchMsPerCall ?? summedPerCall(t), summedPerCall(t)];
  const spread = Math.max(batch, summed) / Math.max(1e-9, Math.min(batch, summed));
  return WITHIN * Math.min(spread, MAX_TRUTH_SPREAD);
}

/** Flambé's figure within nearBound of the truth (per call × calls per request), either way; logged with both readings. */
export function expectNearOwnClock(saidMs: number, t: TimedTruth, what: string, callsPerRequest = 1): void {
  const truth = ownClockPerCall(t, what) * callsPerRequest;
  const near = nearBound(t);
  console.log(`${what}: said ${saidMs.toFixed(3)} ms a request, its own clock ${truth.toFixed(3)} (×${(saidMs / truth).toFixed(2)}, held to ×${near.toFixed(2)}): `
    + `${t.batchMsPerCall?.toFixed(3)} ms a call over ${t.batchCalls} calls in a row, ${summedPerCall(t).toFixed(3)} summed around each call in the burst`);
  expect(saidMs).toBeLessThan(truth * near);
  expect(saidMs).toBeGreaterThan(truth / near);
}
