// The time-ordered flame chart (DevTools' Performance chart, speedscope's
// "Time Order"): samples in the order they were taken, not merged into one
// tree. Each span is a run of consecutive samples whose stacks share the same
// call node at a depth:
//
//   samples   s0     s1     s2     s3     s4
//   stacks    main   main   main   (idle) main
//             a      a      b             a
//             x
//   depth 0   |── main ───────────|      |main|
//   depth 1   |── a ──────|── b ─|      |a   |
//   depth 2   |x ─|
//
// Time is ms from the first sample, on the same rule as time-range.ts (a
// sample spans [its start, the next one's start)), so a span drawn here and a
// range selected here cut the profile the same way. (idle) samples are gaps:
// the thread waited. buildFlameChart walks each sample's stack only up to the
// first node it shares with the previous sample's stack (iterative, no
// recursion); visibleChartSpans answers one viewport in pixels, merging runs
// narrower than a pixel, so a canvas draws a few thousand rectangles however
// long the profile.
import type { Profile } from './model.ts';
import { sampleTimesMs } from './time-range.ts';

/** Every span of the chart, columnar; depth d's spans are depthStart[d] .. depthStart[d + 1] - 1, in time order. */
export interface FlameChart {
  durationMs: number;
  depthCount: number;
  depthStart: Int32Array;
  startMs: Float64Array;
  endMs: Float64Array;
  /** The call node of the span (its whole stack). */
  node: Int32Array;
  /** The function of the span (profile.frames index). */
  frame: Int32Array;
}

/** Depth of every call node under the root (the root's children: 0; the root: -1). */
function nodeDepths(profile: Profile): Int32Array {
  const depth = new Int32Array(profile.nodeFrame.length);
  for (let i = 0; i < depth.length; i++) {
    const p = profile.nodeParent[i];
    // A parent's index is smaller than its children's (model.ts): one forward pass.
    depth[i] = p < 0 ? -1 : depth[p] + 1;
  }
  return depth;
}

export function buildFlameChart(profile: Profile): FlameChart {
  const depth = nodeDepths(profile);
  const times = sampleTimesMs(profile);
  const isIdle = profile.frames.map((f) => f.kind === 'idle');
  // Per depth: [start, end, node, start, end, node, …] (JS arrays grow; packed once at the end).
  const out: number[][] = [];
  const openNode: number[] = [];
  const openStart: number[] = [];
  let openDepth = 0;
  const path: number[] = [];

  const closeFrom = (d: number, at: number) => {
    for (let k = openDepth - 1; k >= d; k--) {
      (out[k] ??= []).push(openStart[k], at, openNode[k]);
    }
    openDepth = Math.min(openDepth, d);
  };

  for (let i = 0; i < profile.samples.length; i++) {
    const t = times[i];
    let n = profile.samples[i];
    if (isIdle[profile.nodeFrame[n]]) {
      closeFrom(0, t);
      continue;
    }
    const leafDepth = depth[n];
    // Walk up until a node that is already open at its depth: everything above it is shared.
    let d = leafDepth;
    while (d >= 0 && !(d < openDepth && openNode[d] === n)) {
      path[d] = n;
      n = profile.nodeParent[n];
      d--;
    }
    const shared = d + 1;
    closeFrom(shared, t);
    for (let k = shared; k <= leafDepth; k++) {
      openNode[k] = path[k];
      openStart[k] = t;
    }
    openDepth = leafDepth + 1;
  }
  closeFrom(0, profile.durationMs);

  let total = 0;
  for (const spans of out) total += spans ? spans.length / 3 : 0;
  const depthCount = out.length;
  const depthStart = new Int32Array(depthCount + 1);
  const startMs = new Float64Array(total);
  const endMs = new Float64Array(total);
  const node = new Int32Array(total);
  const frame = new Int32Array(total);
  let at = 0;
  for (let d = 0; d < depthCount; d++) {
    depthStart[d] = at;
    const spans = out[d] ?? [];
    for (let k = 0; k < spans.length; k += 3) {
      startMs[at] = spans[k];
      endMs[at] = spans[k + 1];
      node[at] = spans[k + 2];
      frame[at] = profile.nodeFrame[spans[k + 2]];
      at++;
    }
  }
  depthStart[depthCount] = at;
  return { durationMs: profile.durationMs, depthCount, depthStart, startMs, endMs, node, frame };
}

/** The rectangles of one viewport, in pixels, columnar (for a canvas). */
export interface ChartRects {
  count: number;
  depth: Int32Array;
  x0: Float32Array;
  x1: Float32Array;
  /** The function drawn: for merged runs, the one with the most time in the run. */
  frame: Int32Array;
  /** Spans merged into the rectangle (1: a span of its own). */
  calls: Int32Array;
  /** Time of the span(s) inside the viewport, ms (for merged runs: the sum, without the gaps). */
  ms: Float64Array;
  /** First span's start, ms from the first sample. */
  startMs: Float64Array;
}

export interface ChartViewport {
  fromMs: number;
  toMs: number;
  widthPx: number;
  /** Spans narrower than this are merged with their narrow neighbours. Default 1. */
  minPx?: number;
}

/** First span of depth d that ends after `t` (binary search: spans of a depth do not overlap). */
function firstEndingAfter(chart: FlameChart, d: number, t: number): number {
  let lo = chart.depthStart[d];
  let hi = chart.depthStart[d + 1];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (chart.endMs[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function visibleChartSpans(chart: FlameChart, view: ChartViewport): ChartRects {
  const { fromMs, toMs, widthPx } = view;
  const minPx = view.minPx ?? 1;
  const scale = widthPx / Math.max(1e-9, toMs - fromMs);
  const px = (t: number) => (Math.min(toMs, Math.max(fromMs, t)) - fromMs) * scale;
  const depth: number[] = [];
  const x0: number[] = [];
  const x1: number[] = [];
  const frame: number[] = [];
  const calls: number[] = [];
  const ms: number[] = [];
  const start: number[] = [];
  const emit = (d: number, a: number, b: number, f: number, n: number, m: number, s: number) => {
    depth.push(d); x0.push(a); x1.push(b); frame.push(f); calls.push(n); ms.push(m); start.push(s);
  };

  for (let d = 0; d < chart.depthCount; d++) {
    const end = chart.depthStart[d + 1];
    // The run of narrow spans being merged: its pixels, time per function, calls.
    let runFrom = -1;
    let runTo = 0;
    let runCalls = 0;
    let runMs = 0;
    let runStart = 0;
    let runBest = -1;
    let runBestMs = -1;
    const runByFrame = new Map<number, number>();
    const flush = () => {
      if (runFrom < 0) return;
      emit(d, runFrom, Math.max(runTo, runFrom + Math.min(minPx, widthPx - runFrom)), runBest, runCalls, runMs, runStart);
      runFrom = -1;
      runByFrame.clear();
      runBestMs = -1;
    };
    for (let i = firstEndingAfter(chart, d, fromMs); i < end && chart.startMs[i] < toMs; i++) {
      const a = px(chart.startMs[i]);
      const b = px(chart.endMs[i]);
      const spanMs = Math.min(toMs, chart.endMs[i]) - Math.max(fromMs, chart.startMs[i]);
      if (b - a >= minPx) {
        flush();
        emit(d, a, b, chart.frame[i], 1, spanMs, chart.startMs[i]);
        continue;
      }
      // Narrow: joins the run when it touches it (a gap under a pixel), else starts a new one.
      if (runFrom >= 0 && a - runTo >= minPx) flush();
      if (runFrom < 0) {
        runFrom = a;
        runCalls = 0;
        runMs = 0;
        runStart = chart.startMs[i];
      }
      runTo = b;
      runCalls++;
      runMs += spanMs;
      const f = chart.frame[i];
      const fMs = (runByFrame.get(f) ?? 0) + spanMs;
      runByFrame.set(f, fMs);
      if (fMs > runBestMs) {
        runBestMs = fMs;
        runBest = f;
      }
    }
    flush();
  }
  return {
    count: depth.length,
    depth: Int32Array.from(depth),
    x0: Float32Array.from(x0),
    x1: Float32Array.from(x1),
    frame: Int32Array.from(frame),
    calls: Int32Array.from(calls),
    ms: Float64Array.from(ms),
    startMs: Float64Array.from(start),
  };
}

/** The chart as text, one line per depth (for tests): "name 0–3" per span, times in ms. */
export function formatFlameChart(chart: FlameChart, names: readonly string[]): string {
  const lines: string[] = [];
  for (let d = 0; d < chart.depthCount; d++) {
    const parts: string[] = [];
    for (let i = chart.depthStart[d]; i < chart.depthStart[d + 1]; i++) parts.push(`${names[chart.frame[i]]} ${chart.startMs[i]}–${chart.endMs[i]}`);
    lines.push(parts.join(' | '));
  }
  return lines.join('\n');
}
