// Background work left out of the per-request figures: CPU that timers and
// intervals spent with no request behind them (shared/request-time/samples.ts
// finds when they ran) is not any request's cost, so the findings' "ms of CPU
// per 1 000 requests", the function they name and the GC finding's "bytes per
// request" are read from the rest. The samples stay in the profile (every
// percentage keeps the whole profile as its base, as the views show it); they
// are moved under one "(background work)" node the findings do not name.
import type { Background } from '../recording/request-time.ts';
import type { HeapProfile, HeapProfileNode } from '../recording/memory.ts';
import { isNodeInternal } from './classify.ts';
import { ANONYMOUS_NAME, displayFile, type Profile } from './model.ts';

export const BACKGROUND_NAME = '(background work)';

/** The profile with each sample taken inside a background span moved to a "(background work)" node; the same profile when none is. */
export function withoutBackground(profile: Profile, spans: readonly number[] | undefined): Profile {
  if (!spans || spans.length < 2 || profile.samples.length === 0) return profile;
  const frame = profile.frames.length;
  const node = profile.nodeFrame.length;
  const samples = new Int32Array(profile.samples);
  let moved = 0;
  let at = profile.endTimeUs - profile.durationMs * 1000;
  let s = 0;
  for (let i = 0; i < samples.length; i++) {
    while (s + 1 < spans.length && spans[s + 1] <= at) s += 2;
    if (s + 1 < spans.length && spans[s] <= at && isBusy(profile, samples[i])) {
      samples[i] = node;
      moved++;
    }
    at += profile.weightsMs[i] * 1000;
  }
  if (moved === 0) return profile;
  const nodeFrame = new Int32Array(node + 1);
  nodeFrame.set(profile.nodeFrame);
  nodeFrame[node] = frame;
  const nodeParent = new Int32Array(node + 1);
  nodeParent.set(profile.nodeParent);
  nodeParent[node] = 0;
  const lineTicks = profile.lineTicks && { ...profile.lineTicks, start: withOneMore(profile.lineTicks.start) };
  return {
    ...profile, frames: [...profile.frames, { name: BACKGROUND_NAME, url: '', line: 0, column: 0, kind: 'program' }],
    nodeFrame, nodeParent, samples, ...(lineTicks ? { lineTicks } : {}),
  };
}

/** An idle sample stays idle: the loop waiting is nobody's work. */
function isBusy(profile: Profile, node: number): boolean {
  return profile.frames[profile.nodeFrame[node]]?.kind !== 'idle';
}

/** A CSR start array with one more (empty) row. */
function withOneMore(start: Int32Array): Int32Array {
  const out = new Int32Array(start.length + 1);
  out.set(start);
  out[start.length] = start[start.length - 1];
  return out;
}

/**
 * Which heap-profile nodes are a background callback's own frame (what they allocate is their subtree); null when
 * the recording names none. An anonymous callback is named "(anonymous)" by its place, its frame has no name.
 */
export function backgroundAllocationRoot(background: Background | null | undefined): ((n: HeapProfileNode) => boolean) | null {
  // Never one of Node's own frames: processImmediate or listOnTimeout is above every immediate or timer, a request's
  // work included, and the immediates of Flambé's GC observer name such frames (isPerformanceEntry) as background.
  const fns = (background?.functions ?? []).filter((f) => f.url && f.line > 0 && !isNodeInternal(f.url));
  if (fns.length === 0) return null;
  // The CPU profile names a CommonJS script by its file:// URL, the heap profile by its path: the same file either way.
  return (n) => fns.some((f) => f.function === (n.callFrame.functionName || ANONYMOUS_NAME) && displayFile(f.url) === displayFile(n.callFrame.url) && f.line === n.callFrame.lineNumber + 1);
}

/** The heap profile without what background callbacks allocated (their subtrees); the same profile when none is named. */
export function allocationsWithoutBackground(heap: HeapProfile, background: Background | undefined): HeapProfile {
  const isBackground = backgroundAllocationRoot(background);
  if (!isBackground) return heap;
  // Rebuilt without recursion: a deep stack must not overflow ours.
  const copy = (n: HeapProfileNode): HeapProfileNode => ({ ...n, children: [] });
  const head = copy(heap.head);
  const stack: [HeapProfileNode, HeapProfileNode][] = [[heap.head, head]];
  while (stack.length) {
    const [from, to] = stack.pop()!;
    for (const c of from.children) {
      if (isBackground(c)) continue;
      const d = copy(c);
      to.children.push(d);
      stack.push([c, d]);
    }
  }
  return { ...heap, head };
}
