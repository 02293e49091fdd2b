// Several processes' collector batches read as one (process-batches.ts): no
// request of one process takes another's time.
import { describe, expect, it } from 'vitest';
import { PROCESS_ID_SPAN, withProcessRequestIds } from './process-batches.ts';
import { summarizeRequestTime } from './summarize.ts';
import type { CollectedBatch } from './collected.ts';

/** One process's batch: request 1 ran 2 ms of its own code, from `at`, and waited 8 ms on a file. */
function batch(at: number): CollectedBatch {
  return {
    clockUs: at + 20_000, open: 0, dropped: 0, stacks: [], background: [],
    requests: [[1, 'GET', '/', at, at + 10_000, 200]],
    segments: [1, at, at + 2000],
    waits: [[1, 'fs', 'data.json', at + 2000, at + 10_000, -1]],
  };
}

describe('withProcessRequestIds', () => {
  it('moves every request number of a process into its own range, and leaves the first process and the input as they were', () => {
    const b = batch(0);
    const moved = withProcessRequestIds(b, 2);
    expect(moved.requests[0][0]).toBe(1 + 2 * PROCESS_ID_SPAN);
    expect(moved.segments).toEqual([1 + 2 * PROCESS_ID_SPAN, 0, 2000]);
    expect(moved.waits[0][0]).toBe(1 + 2 * PROCESS_ID_SPAN);
    expect(b.requests[0][0]).toBe(1);
    expect(withProcessRequestIds(b, 0)).toBe(b);
  });

  it('keeps two processes\' request 1 apart when they run at the same time: each keeps its own code and wait', () => {
    // Worker A: 2 ms of code, then 8 ms on a file. Worker B, overlapping it: 10 ms of code, no wait.
    const a = batch(0);
    const b: CollectedBatch = { ...batch(1000), segments: [1, 1000, 11_000], waits: [] };
    const parts = (batches: CollectedBatch[]) => Object.fromEntries(summarizeRequestTime(batches)!.parts.map((p) => [p.kind, p.msPerRequest]));
    expect(parts([a, withProcessRequestIds(b, 1)])).toEqual({ cpu: 6, fs: 4 });
    // Read with the same numbers, B's request 1 takes A's: its file wait is lost (what the recorder did not do).
    expect(parts([a, b])).not.toEqual({ cpu: 6, fs: 4 });
  });
});
