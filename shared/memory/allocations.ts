// Which functions allocate: V8's sampling heap profile of a burst (a
// .heapprofile) turned into a table of functions by the bytes they allocated
// themselves, in total and per request. V8 records about one allocation per
// sampling interval (Flambé asks for 512 KiB) and scales each sample up by its
// chance of being picked, so selfSize is already an estimate of all the bytes
// allocated — objects that died young included when the recorder asked for them.
import type { HeapProfile, HeapProfileNode } from '../recording/memory.ts';
import type { Background } from '../recording/request-time.ts';
import { backgroundAllocationRoot } from '../profile/background.ts';
import { COLLECTOR_WORK_NAME, isCollectorWork } from '../profile/collector-work.ts';
import { classifyFrame, COLLECTOR_URL, type CategoryKind } from '../profile/classify.ts';
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
  /** Bytes per answered request, background work's left out; null without requests, or when all its bytes are background's. */
  bytesPerRequest: number | null;
  /** Of `bytes`, what background callbacks (timers, intervals: no request behind them) allocated. */
  backgroundBytes: number;
}

export interface AllocationTable {
  /** Every byte the profile accounts for. */
  bytes: number;
  /** What requests allocated, per request: every byte but background work's. */
  bytesPerRequest: number | null;
  /** What background callbacks allocated (the recording's requestTime.background names them), in no per-request figure. */
  backgroundBytes: number;
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

/**
 * The functions by bytes allocated. With the recording's background work, what its callbacks allocated (their
 * subtrees) counts in the bytes but in no per-request figure, as its CPU does (a Fastify app's hashing interval
 * read "41 kB per request").
 */
export function allocationTable(profile: HeapProfile, requests: number | null, background: Background | null = null): AllocationTable {
  const byFunction = new Map<string, AllocationRow>();
  const isBackgroundRoot = backgroundAllocationRoot(background);
  const inBackground = new Set<HeapProfileNode>();
  let total = 0;
  let backgroundTotal = 0;
  const inFlambe = new Set<HeapProfileNode>();
  let flambeTotal = 0;
  for (const n of heapNodes(profile)) {
    // Parents come first: a node is background work when a background callback's frame is it or above it.
    const bg = inBackground.has(n) || (isBackgroundRoot !== null && isBackgroundRoot(n));
    if (bg) for (const c of n.children) inBackground.add(c);
    // Flambé's collectors' own work, with what it calls, is one row (shared/profile/collector-work.ts).
    const flambe = inFlambe.has(n) || isCollectorWork({ name: heapFrameName(n), url: n.callFrame.url });
    if (flambe) for (const c of n.children) inFlambe.add(c);
    if (n.selfSize <= 0) continue;
    total += n.selfSize;
    if (bg) backgroundTotal += n.selfSize;
    if (flambe && !bg) flambeTotal += n.selfSize;
    const name = flambe ? COLLECTOR_WORK_NAME : heapFrameName(n);
    const line = flambe ? 0 : n.callFrame.lineNumber >= 0 ? n.callFrame.lineNumber + 1 : 0;
    const url = flambe ? COLLECTOR_URL : n.callFrame.url;
    const key = `${name}\u0000${url}\u0000${line}`;
    let row = byFunction.get(key);
    if (!row) {
      const kind = frameKind(name, url);
      const category = classifyFrame({ name, url, line, column: 0, kind }).kind;
      row = { function: name, url, line, category, bytes: 0, percent: 0, bytesPerRequest: null, backgroundBytes: 0 };
      byFunction.set(key, row);
    }
    row.bytes += n.selfSize;
    if (bg) row.backgroundBytes += n.selfSize;
  }
  const perRequest = (bytes: number) => (requests && requests > 0 ? bytes / requests : null);
  const rows = [...byFunction.values()]
    .map((r) => ({
      ...r, percent: total > 0 ? (r.bytes / total) * 100 : 0,
      // Flambé's own allocations are no request's cost either: in the bytes, in no per-request figure.
      bytesPerRequest: r.function !== COLLECTOR_WORK_NAME && r.bytes > r.backgroundBytes ? perRequest(r.bytes - r.backgroundBytes) : null,
    }))
    .sort((a, b) => b.bytes - a.bytes);
  return { bytes: total, bytesPerRequest: perRequest(total - backgroundTotal - flambeTotal), backgroundBytes: backgroundTotal, rows };
}

/**
 * What the requests allocated, every thread summed: every byte but what
 * background callbacks (timers with no request behind them, named by the
 * main thread's `background`) and Flambé's own collectors allocated — the
 * bytes allocationTable divides into its per-request figure. Null when
 * nothing was sampled.
 */
export function requestAllocatedBytesOf(heaps: readonly HeapProfile[], background: Background | null): number | null {
  if (!heaps.length) return null;
  // One request: the per-request figure is the bytes themselves.
  return heaps.reduce((sum, heap, i) => sum + (allocationTable(heap, 1, i === 0 ? background : null).bytesPerRequest ?? 0), 0);
}

/**
 * Bytes allocated per request — requestAllocatedBytesOf's figure over the requests
 * served — or null when nothing was sampled or no request was served: the one
 * figure Compare compares (shared/compare/allocations.ts) and the library
 * keeps with each recording to learn its run-to-run noise (shared/compare/noise.ts).
 */
export function bytesPerRequestOf(allocatedBytes: number | null, requests: number | null): number | null {
  return allocatedBytes !== null && requests !== null && requests > 0 ? allocatedBytes / requests : null;
}

/** The function of yours (else of a dependency) that allocates the most: who a GC finding names. */
export function topAllocator(table: AllocationTable): AllocationRow | null {
  // By what requests allocated: a background callback allocates for no request.
  const forRequests = (r: AllocationRow) => r.bytes - r.backgroundBytes;
  const top = (kind: CategoryKind) => table.rows.filter((r) => r.category === kind && forRequests(r) > 0).sort((a, b) => forRequests(b) - forRequests(a))[0];
  return top('user') ?? top('dependency') ?? null;
}

/** "report.js:23", like the CPU findings name a place. */
export function allocationPlace(r: Pick<AllocationRow, 'function' | 'url' | 'line'>): string {
  return frameLocation({ name: r.function, url: r.url, line: r.line, column: 0, kind: 'js' });
}
