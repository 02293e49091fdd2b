// A row's "/1k req" cell in the Bottom-up and Call tree tables: its ms of CPU
// per 1 000 requests — and none for idle, which is the thread waiting, not
// CPU (shared/profile/cpu-time.ts hasCpu: Compare's table once read "(idle)
// 300 → 25 257 ms" per 1 000 requests; these tables printed the same figure).
import { hasCpu, msPerThousandRequests, type CategoryKind, type PerRequest } from '../../../shared/profile/index.ts';
import { formatTimeMs } from '../lib/format.ts';
import type { CallTreeColumns } from '../analysis/protocol.ts';

/** The text of the cell; '–' for idle. */
export function per1kCell(sampledMs: number, category: CategoryKind, perRequest: PerRequest): string {
  return hasCpu(category) ? formatTimeMs(msPerThousandRequests(sampledMs, perRequest)) : '–';
}

/**
 * Each node's total without the idle in its subtree: the root's "/1k req" once counted the thread's waiting as CPU
 * (idle has none: shared/profile/cpu-time.ts hasCpu). Idle sits under the root, so only its ancestors change.
 */
export function busyTotals(cols: Pick<CallTreeColumns, 'count' | 'parent' | 'group' | 'groups' | 'selfMs' | 'totalMs'>): Float64Array {
  const busy = Float64Array.from(cols.totalMs);
  for (let n = 0; n < cols.count; n++) {
    if (cols.groups[cols.group[n]].category !== 'idle') continue;
    for (let up = cols.parent[n]; up >= 0; up = cols.parent[up]) busy[up] -= cols.selfMs[n];
  }
  return busy;
}
