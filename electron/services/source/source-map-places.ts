// One location per function (issue 35): the profile's frames are mapped to
// the original file and line (source-maps.ts), but a recording names code in
// other places too — where a request's wait was started (the request
// collector's stacks), background callbacks, the allocation table's functions
// (the heap profile), the line that added listeners — and those read the
// generated file: on a tsc-compiled server the verdict said "loadOrders in
// server.ts:13 (ran as server.js:14)" above "waiting on the file system (from
// loadOrders, server.js:13)" and "rankProducts (server.js:17) allocates …".
// Each of those places is mapped here with the same maps, once the recording
// is whole, so every screen, the CLI and the report name the file you wrote.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LEAST_UPPER_BOUND, originalPositionFor, type TraceMap } from '@jridgewell/trace-mapping';
import type { CodePlace, RequestTime } from '../../../shared/recording/request-time.ts';
import type { HeapProfileNode } from '../../../shared/recording/memory.ts';
import type { ListenerGrowth } from '../../../shared/recording/listeners.ts';
import { addExtras, allocationsOf } from '../../../shared/recording/profile-extras.ts';
import { mapLoader } from './source-maps.ts';

/** (url, 1-based line, 1-based column or 0 for "anywhere on the line") → the original place, or null. */
type PlaceMapper = (url: string, line: number, column: number) => Promise<{ url: string; line: number; column: number; name: string | null } | null>;

/** The names a script goes by: the CPU profile's file:// URL, the heap profile's and the collector's path. */
function namesOf(url: string): string[] {
  try {
    if (url.startsWith('file:')) return [url, fileURLToPath(url)];
    if (url.startsWith('/') || /^[a-z]:[\\/]/i.test(url)) return [url, pathToFileURL(url).href];
  } catch {
    // not a file: only its own name
  }
  return [url];
}

function placeMapper(sourceMapUrls: ReadonlyMap<string, string>): PlaceMapper {
  const mapOf = mapLoader(sourceMapUrls);
  return async (url, line, column) => {
    const name = namesOf(url).find((n) => sourceMapUrls.has(n));
    const tm: TraceMap | null = name ? await mapOf(name) : null;
    if (!tm || line < 1) return null;
    const at = { line, column: Math.max(0, column - 1) };
    let pos = originalPositionFor(tm, at);
    if (pos.source === null) pos = originalPositionFor(tm, { ...at, bias: LEAST_UPPER_BOUND });
    return pos.source === null || pos.line === null ? null : { url: pos.source, line: pos.line, column: (pos.column ?? -1) + 1, name: pos.name ?? null };
  };
}

async function mapCodePlace<T extends Pick<CodePlace, 'url' | 'line'>>(place: T, map: PlaceMapper): Promise<void> {
  if (!place.url) return;
  const o = await map(place.url, place.line, 0);
  if (o) Object.assign(place, { url: o.url, line: o.line });
}

async function mapRequestTime(rt: RequestTime, map: PlaceMapper): Promise<void> {
  for (const p of [...rt.parts, ...rt.byRoute.flatMap((r) => r.parts)]) if (p.from) await mapCodePlace(p.from, map);
  for (const f of rt.background?.functions ?? []) await mapCodePlace(f, map);
}

/** The heap profile's frames, walked without recursion; the generated name is kept unless a minifier's. */
async function mapHeapFrames(head: HeapProfileNode, map: PlaceMapper): Promise<void> {
  const stack = [head];
  while (stack.length) {
    const node = stack.pop()!;
    stack.push(...node.children);
    const cf = node.callFrame;
    if (!cf.url || cf.lineNumber < 0) continue;
    const o = await map(cf.url, cf.lineNumber + 1, cf.columnNumber + 1);
    if (!o) continue;
    const meaningless = cf.functionName === '' || cf.functionName.length <= 2;
    Object.assign(cf, { url: o.url, lineNumber: o.line - 1, columnNumber: o.column - 1, functionName: meaningless && o.name ? o.name : cf.functionName });
  }
}

/**
 * Maps, in place, every code place a recording keeps outside the CPU profile's frames: the request time's waits and
 * background, the allocations (the heap profile in the profile's extras) and the listeners' adding lines (their
 * text stays the one the file on disk has: it names the emitter).
 */
export async function mapRecordedPlaces(
  rec: { requestTime?: RequestTime | null; profile?: unknown; listeners?: ListenerGrowth[] | null },
  sourceMapUrls: ReadonlyMap<string, string>,
): Promise<void> {
  if (sourceMapUrls.size === 0) return;
  const map = placeMapper(sourceMapUrls);
  if (rec.requestTime) await mapRequestTime(rec.requestTime, map);
  // The stored heap profile, read (a checked copy), mapped and put back.
  const heap = rec.profile ? allocationsOf(rec.profile) : null;
  if (heap) {
    await mapHeapFrames(heap.head, map);
    addExtras(rec.profile as object, { allocations: heap });
  }
  for (const g of rec.listeners ?? []) if (g.site) await mapCodePlace(g.site, map);
}
