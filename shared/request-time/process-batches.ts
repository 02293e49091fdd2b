// The request collector's batches of several processes read as one recording
// (issue 34: a cluster's workers). Each process's collector numbers its
// requests from 1, and its segments and waits name a request by that number:
// read together, worker 2's request 7 would take worker 1's request 7's time.
// So each process's numbers move into a range of their own. Times need no
// change: every collector stamps them with the same monotonic clock.
import type { CollectedBatch } from './collected.ts';

/** Room for each process's request numbers (a collector would need 10¹² requests to reach the next). */
export const PROCESS_ID_SPAN = 1e12;

/** The batch with each request number moved by `processIndex` × PROCESS_ID_SPAN (0: unchanged); a new batch, the input untouched. */
export function withProcessRequestIds(batch: CollectedBatch, processIndex: number): CollectedBatch {
  if (processIndex === 0) return batch;
  const offset = processIndex * PROCESS_ID_SPAN;
  const segments = batch.segments.slice();
  for (let i = 0; i < segments.length; i += 3) segments[i] += offset;
  return {
    ...batch,
    requests: batch.requests.map((r) => [r[0] + offset, ...r.slice(1)] as CollectedBatch['requests'][number]),
    segments,
    waits: batch.waits.map((w) => [w[0] + offset, ...w.slice(1)] as CollectedBatch['waits'][number]),
  };
}
