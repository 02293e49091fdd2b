// Which functions allocate: V8's sampling heap profile of a burst (a
// .heapprofile) turned into a table of functions by the bytes they allocated
// themselves, in total and per request. V8 records about one allocation per
// sampling interval (Flambé asks for 512 KiB) and scales each sample up by its
// chance of being picked, so selfSize is already an estimate of all the bytes
// allocated — objects that died young included when the recorder asked for them.
import type { HeapProfile, HeapProfileNode } from '../recording/memory.ts';
import { classifyFrame, type CategoryKind } from '../profile/classify.ts';
import { ANONYMOUS_NAME, frameKind, frameLocation } from '../profile/model.ts';

export interface AllocationRow {
  function: string;
  url: string;
  /** 1-based line of the function, 0 when unknown. */
  line: number;
  /** Where the code comes from: your code, a dependency, Node internals, V8 and native. */
  category: CategoryKind;
  bytes: number;
  /** Share of all the bytes allocated, 0..100. */
  percent: number;
  /** Bytes per answered request; null without requests. */
  bytesPerRequest: number | null;
}

export interface AllocationTable {
  /** Every byte the profile accounts for. */
  bytes: number;
  bytesPerRequest: number | null;
  /** By bytes allocated in the function itself, most first. */
  rows: AllocationRow[];
}

/** Every node of the tree, parents first, without recursion (a deep stack must not overflow ours). */
export function heapNodes(profile: HeapProfile): HeapProfileNode[] {
  const out: HeapProfileNode[] = [];
  const stack: HeapProfileNode[] = [profile.head];
  while (stack.length) {
    const n = stack.pop()!;
    out.push(n);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return out;
}

/** The function's name as the CPU views write it ('(anonymous)' for ''). */
export function heapFrameName(n: HeapProfileNode): string {
  return n.callFrame.functionName || ANONYMOUS_NAME;
}

export function allocationTable(profile: HeapProfile, requests: number | null): AllocationTable {
  const byFunction = new Map<string, AllocationRow>();
  let total = 0;
  for (const n of heapNodes(profile)) {
    if (n.selfSize <= 0) continue;
    total += n.selfSize;
    const name = heapFrameName(n);
    const line = n.callFrame.lineNumber >= 0 ? n.callFrame.lineNumber + 1 : 0;
    const key = `${name}\u0000${n.callFrame.url}\u0000${line}`;
    let row = byFunction.get(key);
    if (!row) {
      const kind = frameKind(name, n.callFrame.url);
      const category = classifyFrame({ name, url: n.callFrame.url, line, column: 0, kind }).kind;
      row = { function: name, url: n.callFrame.url, line, category, bytes: 0, percent: 0, bytesPerRequest: null };
      byFunction.set(key, row);
    }
    row.bytes += n.selfSize;
  }
  const perRequest = (bytes: number) => (requests && requests > 0 ? bytes / requests : null);
  const rows = [...byFunction.values()]
    .map((r) => ({ ...r, percent: total > 0 ? (r.bytes / total) * 100 : 0, bytesPerRequest: perRequest(r.bytes) }))
    .sort((a, b) => b.bytes - a.bytes);
  return { bytes: total, bytesPerRequest: perRequest(total), rows };
}

/** Every byte these allocation profiles account for (every thread's, summed), or null when none was sampled. */
export function allocatedBytesOf(heaps: readonly HeapProfile[]): number | null {
  if (!heaps.length) return null;
  let bytes = 0;
  for (const heap of heaps) for (const n of heapNodes(heap)) if (n.selfSize > 0) bytes += n.selfSize;
  return bytes;
}

/**
 * Bytes allocated per request — allocatedBytesOf's figure over the requests
 * served — or null when nothing was sampled or no request was served: the one
 * figure Compare compares (shared/compare/allocations.ts) and the library
 * keeps with each recording to learn its run-to-run noise (shared/compare/noise.ts).
 */
export function bytesPerRequestOf(allocatedBytes: number | null, requests: number | null): number | null {
  return allocatedBytes !== null && requests !== null && requests > 0 ? allocatedBytes / requests : null;
}

/** The function of yours (else of a dependency) that allocates the most: who a GC finding names. */
export function topAllocator(table: AllocationTable): AllocationRow | null {
  return table.rows.find((r) => r.category === 'user') ?? table.rows.find((r) => r.category === 'dependency') ?? null;
}

/** "report.js:23", like the CPU findings name a place. */
export function allocationPlace(r: Pick<AllocationRow, 'function' | 'url' | 'line'>): string {
  return frameLocation({ name: r.function, url: r.url, line: r.line, column: 0, kind: 'js' });
}

/** Bytes in words: "9.6 MB", "310 kB", "48 bytes" (decimal units, as the heap and RSS figures). */
export function bytesText(bytes: number): string {
  const abs = Math.abs(bytes);
  const fmt = (x: number) => (x >= 100 ? String(Math.round(x)) : String(Number(x.toPrecision(2))));
  if (abs >= 1e9) return `${fmt(bytes / 1e9)} GB`;
  if (abs >= 1e6) return `${fmt(bytes / 1e6)} MB`;
  if (abs >= 1e3) return `${fmt(bytes / 1e3)} kB`;
  return `${Math.round(bytes)} bytes`;
}
