// The .heapprofile format (V8's sampling heap profile: DevTools' "Allocation
// sampling" save, `node --heap-prof`, a Flambé recording's allocations) in and
// out, and as the canonical profile model with BYTES as the weights — so the
// flamegraph, search and zoom draw allocations with no code of their own.
// Spec: https://chromedevtools.github.io/devtools-protocol/tot/HeapProfiler/#type-SamplingHeapProfile
import { frameKind, type Frame, type Profile } from '../profile/model.ts';
import { ProfileFormatError } from '../profile/format-error.ts';
import { MAIN_THREAD_NAME, threadsOf } from '../profile/threads.ts';
import { heapProfileSchema, isHeapProfile, type HeapProfile } from '../recording/memory.ts';
import { allocationsOf } from '../recording/profile-extras.ts';
import { heapFrameName, heapNodes } from './allocations.ts';

export { isHeapProfile };

/** A parsed .heapprofile, checked; ProfileFormatError with one sentence when it is not a usable one. */
export function readHeapProfile(data: unknown, fileName = 'The file'): HeapProfile {
  if (!isHeapProfile(data)) throw new ProfileFormatError(`${fileName} is not an allocation profile (.heapprofile): it has no "head" node with a callFrame and a selfSize.`);
  const parsed = heapProfileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ProfileFormatError(`${fileName} is a damaged allocation profile: ${issue.path.join('.') || 'its head'} ${issue.message.toLowerCase()}.`);
  }
  return parsed.data;
}

/** The file's text: the profile as V8 gave it (DevTools and `node --heap-prof` write the same JSON). */
export function exportHeapProfile(profile: HeapProfile): string {
  return JSON.stringify(profile);
}

/**
 * The allocation tree as a Profile whose "milliseconds" are bytes: one
 * sample per node that allocated, weighing its selfSize. Only for drawing
 * (flamegraph, search, zoom): every label that shows a weight must say bytes.
 */
export function heapProfileAsModel(profile: HeapProfile): Profile {
  const nodes = heapNodes(profile);
  const frames: Frame[] = [];
  const frameIndex = new Map<string, number>();
  const nodeIndex = new Map<number, number>();
  const nodeFrame = new Int32Array(nodes.length);
  const nodeParent = new Int32Array(nodes.length).fill(-1);
  const samples: number[] = [];
  const weights: number[] = [];
  // Parents are listed before their children (heapNodes is pre-order): their index is known when a child is met.
  const parentOf = new Map<number, number>();
  nodes.forEach((n, i) => {
    nodeIndex.set(n.id, i);
    const name = i === 0 ? '(root)' : heapFrameName(n);
    const line = n.callFrame.lineNumber >= 0 ? n.callFrame.lineNumber + 1 : 0;
    const column = n.callFrame.columnNumber >= 0 ? n.callFrame.columnNumber + 1 : 0;
    const key = `${name}\u0000${n.callFrame.url}\u0000${line}\u0000${column}`;
    let f = frameIndex.get(key);
    if (f === undefined) {
      f = frames.length;
      frames.push({ name, url: n.callFrame.url, line, column, kind: i === 0 ? 'root' : frameKind(name, n.callFrame.url) === 'js' ? 'js' : 'native' });
      frameIndex.set(key, f);
    }
    nodeFrame[i] = f;
    nodeParent[i] = parentOf.get(n.id) ?? -1;
    for (const c of n.children) parentOf.set(c.id, i);
    if (i > 0 && n.selfSize > 0) {
      samples.push(i);
      weights.push(n.selfSize);
    }
  });
  const total = weights.reduce((a, b) => a + b, 0);
  return {
    frames, nodeFrame, nodeParent, samples: Int32Array.from(samples), weightsMs: Float64Array.from(weights),
    durationMs: total, startTimeUs: 0, endTimeUs: total * 1000,
  };
}

/**
 * The "thread" number that opens a recording's allocation profile instead of
 * its CPU profile (the analysis worker's open: renderer/src/analysis/engine.ts):
 * the main thread's; `allocationsThread(i)` opens worker thread i's (1, 2, …
 * as `threadsOf` lists them).
 */
export const ALLOCATIONS_THREAD = -2;
export const allocationsThread = (threadIndex: number) => ALLOCATIONS_THREAD - threadIndex;
/** The thread index an allocations "thread" number opens; null for a CPU thread. */
export const allocationsThreadIndex = (thread: number): number | null => (thread <= ALLOCATIONS_THREAD ? ALLOCATIONS_THREAD - thread : null);

/** The threads of a recording's profile that carry an allocation profile: their index in `threadsOf` and name. */
export function threadsWithAllocations(raw: unknown): { index: number; name: string }[] {
  if (isHeapProfile(raw)) return [{ index: 0, name: MAIN_THREAD_NAME }];
  return threadsOf(raw).flatMap((t, index) => (allocationsOf(t.raw) ? [{ index, name: t.name }] : []));
}

/**
 * The allocation profile in a recording's profile (the main thread's, or
 * worker thread `threadIndex`'s), or in a .heapprofile file itself (parsed
 * JSON); ProfileFormatError when there is none.
 */
export function allocationsIn(data: unknown, threadIndex = 0): HeapProfile {
  if (isHeapProfile(data)) return readHeapProfile(data);
  const kept = allocationsOf(threadIndex === 0 ? data : threadsOf(data)[threadIndex]?.raw);
  if (kept) return kept;
  if (threadIndex !== 0) throw new ProfileFormatError('This thread has no allocation profile: it was not sampled (or it ended before the recording did).');
  throw new ProfileFormatError('This recording has no allocation profile: it was recorded without sampling allocations (or by a Flambé that did not), or imported from a CPU profile file.');
}

/**
 * The heap profile with each frame's script named as the CPU profile names it: V8's sampling heap profiler gives
 * a script evaluated under `//# sourceURL=` no url (only its scriptId), so Flambé's collectors' frames would pass
 * for the user's native code ("take", "site", "threadCpuUsage" in the allocation table). Frames with a url, or
 * whose script the CPU profile does not know, are kept as they are. Built without recursion.
 */
export function withScriptUrls(heap: HeapProfile, cpuProfile: unknown): HeapProfile {
  const nodes = typeof cpuProfile === 'object' && cpuProfile !== null ? (cpuProfile as { nodes?: unknown }).nodes : undefined;
  const urls = new Map<string, string>();
  for (const n of Array.isArray(nodes) ? nodes as { callFrame?: { scriptId?: unknown; url?: unknown } }[] : []) {
    const f = n.callFrame;
    if (f && typeof f.url === 'string' && f.url && f.scriptId !== undefined) urls.set(String(f.scriptId), f.url);
  }
  if (urls.size === 0) return heap;
  const copy = (n: HeapProfile['head']): HeapProfile['head'] => {
    const url = !n.callFrame.url && urls.get(String(n.callFrame.scriptId));
    return { ...n, callFrame: url ? { ...n.callFrame, url } : n.callFrame, children: [] };
  };
  const head = copy(heap.head);
  const stack: [HeapProfile['head'], HeapProfile['head']][] = [[heap.head, head]];
  while (stack.length) {
    const [from, to] = stack.pop()!;
    for (const c of from.children) {
      const d = copy(c);
      to.children.push(d);
      stack.push([c, d]);
    }
  }
  return { ...heap, head };
}
