// A row's "/1k req" cell in the Bottom-up and Call tree tables: its ms of CPU
// per 1 000 requests — and none for idle, which is the thread waiting, not
// CPU (shared/profile/cpu-time.ts hasCpu: Compare's table once read "(idle)
// 300 → 25 257 ms" per 1 000 requests; these tables printed the same figure).
import { hasCpu, msPerThousandRequests, type CategoryKind, type PerRequest } from '../../../shared/profile/index.ts';
import { formatTimeMs } from '../lib/format.ts';

/** The text of the cell; '–' for idle. */
export function per1kCell(sampledMs: number, category: CategoryKind, perRequest: PerRequest): string {
  return hasCpu(category) ? formatTimeMs(msPerThousandRequests(sampledMs, perRequest)) : '–';
}
