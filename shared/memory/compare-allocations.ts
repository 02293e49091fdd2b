// "Did my change allocate less?" — two allocation profiles side by side:
// bytes allocated per request in A and B, and the functions whose bytes per
// request changed most. One run on each side gives no interval (the sampler
// is statistical too): the comparison says so rather than claim a change.
import type { HeapProfile } from '../recording/memory.ts';
import type { Background } from '../recording/request-time.ts';
import { allocationTable, type AllocationRow } from './allocations.ts';

export interface AllocationChange {
  function: string;
  url: string;
  line: number;
  aBytesPerRequest: number;
  bBytesPerRequest: number;
  deltaBytesPerRequest: number;
}

export interface AllocationComparison {
  aBytesPerRequest: number;
  bBytesPerRequest: number;
  /** B against A, %; null when A allocated nothing. */
  deltaPercent: number | null;
  /** Largest changes of bytes per request first. */
  functions: AllocationChange[];
}

const keyOf = (r: Pick<AllocationRow, 'function' | 'url' | 'line'>) => `${r.function}\u0000${r.url}\u0000${r.line}`;

/** One side: its allocations, requests, and background work (whose allocations are in no per-request figure). */
export interface AllocationSide { heap: HeapProfile | null; requests: number | null; background?: Background | null }

/** Null unless both sides have an allocation profile and served requests. */
export function compareAllocations(a: AllocationSide, b: AllocationSide): AllocationComparison | null {
  if (!a.heap || !b.heap || !a.requests || !b.requests) return null;
  const ta = allocationTable(a.heap, a.requests, a.background ?? null);
  const tb = allocationTable(b.heap, b.requests, b.background ?? null);
  const rows = new Map<string, AllocationChange>();
  const row = (r: AllocationRow) => {
    let c = rows.get(keyOf(r));
    if (!c) rows.set(keyOf(r), (c = { function: r.function, url: r.url, line: r.line, aBytesPerRequest: 0, bBytesPerRequest: 0, deltaBytesPerRequest: 0 }));
    return c;
  };
  for (const r of ta.rows) row(r).aBytesPerRequest = r.bytesPerRequest ?? 0;
  for (const r of tb.rows) row(r).bBytesPerRequest = r.bytesPerRequest ?? 0;
  const functions = [...rows.values()]
    .map((c) => ({ ...c, deltaBytesPerRequest: c.bBytesPerRequest - c.aBytesPerRequest }))
    .sort((x, y) => Math.abs(y.deltaBytesPerRequest) - Math.abs(x.deltaBytesPerRequest));
  const aPer = ta.bytesPerRequest ?? 0;
  const bPer = tb.bytesPerRequest ?? 0;
  return { aBytesPerRequest: aPer, bBytesPerRequest: bPer, deltaPercent: aPer > 0 ? (bPer / aPer - 1) * 100 : null, functions };
}
