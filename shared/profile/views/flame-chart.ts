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
// recursion). visibleChartSpans answers one viewport in pixels straight from
// the samples inside it (no chart of the whole profile is kept), merging runs
// narrower than a pixel, so a canvas draws a few thousand rectangles however
// long the profile.
import type { Profile } from '../model.ts';

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

/**
 * Walks the samples that start in [fromMs, toMs) in time order and reports
 * every span once it closes (`onSpan(depth, startMs, endMs, node)`): per depth
 * in time order. A span open at fromMs is reported from fromMs, one still
 * open at toMs ends there (what a viewport shows). Each sample's stack is
 * walked only up to the first node it shares with the previous one.
 */
export function walkSpans(
  profile: Profile, times: Float64Array, depth: Int32Array, fromMs: number, toMs: number,
  onSpan: (depth: number, startMs: number, endMs: number, node: number) => void,
): void {
  finish(walkSpanSteps(profile, times, depth, fromMs, toMs, onSpan));
}

/**
 * Where a stepped walk stands at a pause: samples before `reachedMs` are walked; the spans open
 * there (depths 0 .. openDepth - 1) started at openStart and go on past it.
 */
export interface WalkState {
  reachedMs: number;
  openDepth: number;
  openNode: Int32Array;
  openStart: Float64Array;
}

/** Samples walked between two pauses of the stepped walk (a few milliseconds of work). */
export const SAMPLES_PER_STEP = 4_096;

/** Runs a stepped computation to its end. */
export function finish<T>(steps: Generator<unknown, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * walkSpans in steps: pauses (yields) every SAMPLES_PER_STEP samples, so the
 * analysis worker can answer a zoom or a search between two steps of a chart
 * over millions of samples (renderer/src/analysis/worker.ts).
 */
export function* walkSpanSteps(
  profile: Profile, times: Float64Array, depth: Int32Array, fromMs: number, toMs: number,
  onSpan: (depth: number, startMs: number, endMs: number, node: number) => void,
  /** Read one sample in `every` (an overview, chartOverviewEvery), each standing until the next one read; 1: every sample, exact. */
  every = 1,
  /** Filled at each pause: where the walk stands (a chart drawn so far, visibleChartSpanSteps' progress). */
  state?: WalkState,
): Generator<void, void> {
  const n = profile.samples.length;
  const isIdle = new Uint8Array(profile.frames.length);
  profile.frames.forEach((f, i) => { isIdle[i] = f.kind === 'idle' ? 1 : 0; });
  // Typed, sized once to the deepest stack: the exact chart of a long profile
  // closes tens of millions of spans, and plain arrays filled from an index
  // past their end are holey (78 MB profile, 7 runs in separate processes at
  // load ~13: 5.0 s against 5.8 s, medians).
  let deepest = 0;
  for (let k = 0; k < depth.length; k++) if (depth[k] > deepest) deepest = depth[k];
  const openNode = new Int32Array(deepest + 1);
  const openStart = new Float64Array(deepest + 1);
  let openDepth = 0;
  const path = new Int32Array(deepest + 1);
  const closeFrom = (d: number, at: number) => {
    for (let k = openDepth - 1; k >= d; k--) onSpan(k, openStart[k], at, openNode[k]);
    openDepth = Math.min(openDepth, d);
  };
  // The first sample that ends after fromMs (binary search: times ascend).
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid] + profile.weightsMs[mid] <= fromMs) lo = mid + 1;
    else hi = mid;
  }
  let i = lo;
  let pauseAt = i + SAMPLES_PER_STEP;
  for (; i < n && times[i] < toMs; i += every) {
    if (i >= pauseAt) {
      pauseAt += SAMPLES_PER_STEP * every;
      if (state) {
        state.reachedMs = Math.max(fromMs, times[i]);
        state.openDepth = openDepth;
        state.openNode = openNode;
        state.openStart = openStart;
      }
      yield;
    }
    const t = Math.max(fromMs, times[i]);
    let node = profile.samples[i];
    if (isIdle[profile.nodeFrame[node]]) {
      closeFrom(0, t);
      continue;
    }
    const leafDepth = depth[node];
    // Walk up until a node that is already open at its depth: everything above it is shared.
    let d = leafDepth;
    while (d >= 0 && !(d < openDepth && openNode[d] === node)) {
      path[d] = node;
      node = profile.nodeParent[node];
      d--;
    }
    closeFrom(d + 1, t);
    for (let k = d + 1; k <= leafDepth; k++) {
      openNode[k] = path[k];
      openStart[k] = t;
    }
    openDepth = leafDepth + 1;
  }
  closeFrom(0, Math.min(toMs, i < n ? times[i] : profile.durationMs));
}

/** Each sample's start (time-range.ts) and each node's depth: computed once per profile, reused by every viewport. */
export interface ChartIndex {
  times: Float64Array;
  depth: Int32Array;
  depthCount: number;
}

export function chartIndex(profile: Profile): ChartIndex {
  return finish(chartIndexSteps(profile));
}

/** chartIndex in steps (a pause every SAMPLES_PER_STEP × 16 samples): the first chart of a long profile starts with it. */
export function* chartIndexSteps(profile: Profile): Generator<void, ChartIndex> {
  const depth = nodeDepths(profile);
  yield;
  const n = profile.samples.length;
  const times = new Float64Array(n);
  let max = -1;
  let at = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % (SAMPLES_PER_STEP * 16) === 0) yield;
    // Only the depths samples reach count.
    if (depth[profile.samples[i]] > max) max = depth[profile.samples[i]];
    // Each sample's start: time-range.ts sampleTimesMs's sum (the test holds them equal).
    times[i] = at;
    at += profile.weightsMs[i];
  }
  return { times, depth, depthCount: max + 1 };
}

/** Every span of the whole profile (tests): the chart as data. */
export function buildFlameChart(profile: Profile): FlameChart {
  const { times, depth } = chartIndex(profile);
  const out: number[][] = [];
  walkSpans(profile, times, depth, 0, Infinity, (d, a, b, node) => { (out[d] ??= []).push(a, b, node); });
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

/** The rectangles of one viewport, in pixels, columnar (for a canvas); rows in no particular order. */
export interface ChartRects {
  count: number;
  depth: Int32Array;
  x0: Float32Array;
  x1: Float32Array;
  /** The function drawn: for merged runs, the one of the run's longest call. */
  frame: Int32Array;
  /** Spans merged into the rectangle (1: a span of its own). */
  calls: Int32Array;
  /** Time of the span(s) inside the viewport, ms (for merged runs: the sum, without the gaps). */
  ms: Float64Array;
  /** First span's start, ms from the first sample (the viewport's start for a span that began before it). */
  startMs: Float64Array;
}

export interface ChartViewport {
  fromMs: number;
  toMs: number;
  widthPx: number;
  /** Spans narrower than this are merged with their narrow neighbours. Default 1. */
  minPx?: number;
  /** Read one sample in `every` (chartOverviewEvery): an overview, drawn while the exact chart (1) is computed. */
  every?: number;
}

/** Samples an overview reads per pixel of its viewport: spans come out within an eighth of a pixel. */
export const OVERVIEW_SAMPLES_PER_PX = 8;

/**
 * How sparsely an overview of the viewport reads the samples: one in
 * `every`, so it reads about OVERVIEW_SAMPLES_PER_PX per pixel, whatever the
 * profile's length (a 6 000 s profile at 1 400 px: 1 sample in 500). 1: the
 * viewport holds few enough samples to read them all — the overview is exact.
 * An overview cannot tell one long call from many short ones it stepped over,
 * so all its spans at a depth merge into runs (named after the longest call it
 * saw), placed within a fraction of a pixel; calls shorter than `every`
 * samples may be missed and its runs' counts and times are not the profile's:
 * it is shown as an overview, never as the chart.
 */
export function chartOverviewEvery(index: ChartIndex, view: ChartViewport): number {
  const first = lowerBound(index.times, view.fromMs);
  const last = lowerBound(index.times, view.toMs);
  return Math.max(1, Math.floor((last - first) / Math.max(1, view.widthPx * OVERVIEW_SAMPLES_PER_PX)));
}

/** The first index whose value is ≥ x (values ascend). */
function lowerBound(values: Float64Array, x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * One viewport's rectangles straight from the samples in it: spans at least
 * `minPx` wide are drawn as they are; consecutive narrower ones at a depth
 * (less than a pixel apart) become one rectangle, named after its longest call.
 * Cost: the samples inside the viewport, never the whole profile.
 */
export function visibleChartSpans(profile: Profile, index: ChartIndex, view: ChartViewport): ChartRects {
  return finish(visibleChartSpanSteps(profile, index, view));
}

/**
 * The rectangles of one viewport as spans close: wide ones as they are, narrow neighbours at a
 * depth merged into a run. Copied (`copy`) to draw the chart so far while the walk goes on.
 */
class ChartRectsBuilder {
  private readonly out = { depth: [] as number[], x0: [] as number[], x1: [] as number[], frame: [] as number[], calls: [] as number[], ms: [] as number[], start: [] as number[] };
  // Per depth, the run of narrow spans being merged (runFrom < 0: none).
  private runFrom: Float64Array;
  private runTo: Float64Array;
  private runCalls: Int32Array;
  private runMs: Float64Array;
  private runStart: Float64Array;
  private runBest: Int32Array;
  private runBestMs: Float64Array;

  // Plain number fields, read once per span closed (tens of millions on a long profile).
  private readonly nodeFrame: Profile['nodeFrame'];
  private readonly fromMs: number;
  private readonly widthPx: number;
  private readonly minPx: number;
  private readonly scale: number;
  private readonly every: number;

  constructor(profile: Profile, view: Required<Pick<ChartViewport, 'fromMs' | 'widthPx' | 'minPx'>>, scale: number, every: number, depthCount: number) {
    this.nodeFrame = profile.nodeFrame;
    this.fromMs = view.fromMs;
    this.widthPx = view.widthPx;
    this.minPx = view.minPx;
    this.scale = scale;
    this.every = every;
    this.runFrom = new Float64Array(depthCount).fill(-1);
    this.runTo = new Float64Array(depthCount);
    this.runCalls = new Int32Array(depthCount);
    this.runMs = new Float64Array(depthCount);
    this.runStart = new Float64Array(depthCount);
    this.runBest = new Int32Array(depthCount);
    this.runBestMs = new Float64Array(depthCount);
  }

  private emit(d: number, a: number, b: number, f: number, n: number, m: number, s: number): void {
    const o = this.out;
    o.depth.push(d); o.x0.push(a); o.x1.push(b); o.frame.push(f); o.calls.push(n); o.ms.push(m); o.start.push(s);
  }

  flush(d: number): void {
    const from = this.runFrom[d];
    if (from < 0) return;
    this.emit(d, from, Math.max(this.runTo[d], from + Math.min(this.minPx, this.widthPx - from)), this.runBest[d], this.runCalls[d], this.runMs[d], this.runStart[d]);
    this.runFrom[d] = -1;
  }

  /** A span closed at depth d, [s, e) ms, of call node `node`. */
  span(d: number, s: number, e: number, node: number): void {
    const minPx = this.minPx;
    const a = (s - this.fromMs) * this.scale;
    const b = (e - this.fromMs) * this.scale;
    const ms = e - s;
    const f = this.nodeFrame[node];
    // An overview cannot tell one long call from many short ones it stepped over: every span joins a run.
    if (this.every === 1 && b - a >= minPx) {
      this.flush(d);
      this.emit(d, a, b, f, 1, ms, s);
      return;
    }
    // Narrow: joins the run when it touches it (a gap under a pixel), else starts a new one.
    if (this.runFrom[d] >= 0 && a - this.runTo[d] >= minPx) this.flush(d);
    if (this.runFrom[d] < 0) {
      this.runFrom[d] = a;
      this.runCalls[d] = 0;
      this.runMs[d] = 0;
      this.runStart[d] = s;
      this.runBestMs[d] = -1;
    }
    this.runTo[d] = b;
    this.runCalls[d]++;
    this.runMs[d] += ms;
    if (ms > this.runBestMs[d]) {
      this.runBestMs[d] = ms;
      this.runBest[d] = f;
    }
  }

  /** Every run flushed, the rectangles as columns. */
  finish(): ChartRects {
    for (let d = 0; d < this.runFrom.length; d++) this.flush(d);
    const o = this.out;
    return {
      count: o.depth.length,
      depth: Int32Array.from(o.depth),
      x0: Float32Array.from(o.x0),
      x1: Float32Array.from(o.x1),
      frame: Int32Array.from(o.frame),
      calls: Int32Array.from(o.calls),
      ms: Float64Array.from(o.ms),
      startMs: Float64Array.from(o.start),
    };
  }

  copy(): ChartRectsBuilder {
    const c = Object.create(ChartRectsBuilder.prototype) as ChartRectsBuilder;
    Object.assign(c, this, {
      out: Object.fromEntries(Object.entries(this.out).map(([k, v]) => [k, v.slice()])),
      runFrom: this.runFrom.slice(), runTo: this.runTo.slice(), runCalls: this.runCalls.slice(), runMs: this.runMs.slice(),
      runStart: this.runStart.slice(), runBest: this.runBest.slice(), runBestMs: this.runBestMs.slice(),
    });
    return c;
  }
}

/**
 * At a pause of the exact chart's walk: the samples before `reachedMs` are walked, and `rects()`
 * gives the chart so far — exactly visibleChartSpans of [fromMs, reachedMs) at the viewport's scale
 * (the calls still open there end at reachedMs, as a viewport ending there cuts them).
 */
export interface ChartProgress {
  reachedMs: number;
  rects(): ChartRects;
}

/**
 * visibleChartSpans in steps (walkSpanSteps): the worker answers other requests between them,
 * and may draw the chart so far (each pause yields a ChartProgress; overviews yield nothing).
 */
export function* visibleChartSpanSteps(profile: Profile, index: ChartIndex, view: ChartViewport): Generator<ChartProgress | void, ChartRects> {
  const { fromMs, toMs, widthPx } = view;
  const minPx = view.minPx ?? 1;
  const scale = widthPx / Math.max(1e-9, toMs - fromMs);
  const every = Math.max(1, Math.floor(view.every ?? 1));
  const builder = new ChartRectsBuilder(profile, { fromMs, widthPx, minPx }, scale, every, index.depthCount);
  const state: WalkState = { reachedMs: fromMs, openDepth: 0, openNode: new Int32Array(0), openStart: new Float64Array(0) };
  const walk = walkSpanSteps(profile, index.times, index.depth, fromMs, toMs, (d, s, e, node) => builder.span(d, s, e, node), every, state);
  for (let r = walk.next(); !r.done; r = walk.next()) {
    if (every > 1) {
      yield;
      continue;
    }
    const reachedMs = state.reachedMs;
    // The open calls as a viewport ending at reachedMs would close them: deepest first, as the walk does.
    const open = { depth: state.openDepth, node: state.openNode.slice(0, state.openDepth), start: state.openStart.slice(0, state.openDepth) };
    yield {
      reachedMs,
      rects: () => {
        const so = builder.copy();
        for (let d = open.depth - 1; d >= 0; d--) so.span(d, open.start[d], reachedMs, open.node[d]);
        return so.finish();
      },
    };
  }
  return builder.finish();
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
