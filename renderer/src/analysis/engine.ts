// The analysis behind the result screen, as plain functions over one
// imported profile: runs in analysis/worker.ts, or on the UI thread where a
// worker cannot start. The imported profile and the profiles produced by each
// transform stack are kept (a few, least recently used first out), so
// applying or popping a transform re-uses the stack below it.
import { bottomUp, chartIndex, bucketBreakdown, frameLocation, visibleChartSpans, buildCallTree, categoryBreakdown, classifyFrame, timeBins, groupFrames, hotLines, applyTransform, callNodeTable, visibleFlameTree, type CallTreeNode, type NamedProfile, type ChartIndex, type Grouping, type Profile, type Transform } from '../../../shared/profile/index.ts';
import { buildVerdict, type RecordingContext } from '../../../shared/verdict/index.ts';
import { readRecordingThreads, type RecordingThreads } from '../../../shared/profile/import/open-thread.ts';
import { ProfileFormatError } from '../../../shared/profile/format-error.ts';
import { allocationsIn, allocationsThreadIndex, heapProfileAsModel } from '../../../shared/memory/heap-profile.ts';
import { allocationTable } from '../../../shared/memory/allocations.ts';
import type { HeapProfile } from '../../../shared/recording/memory.ts';
import { chartIndexSteps, chartOverviewEvery, visibleChartSpanSteps, type ChartRects, type ChartViewport } from '../../../shared/profile/views/flame-chart.ts';
import { flameDataFromProfile, searchByQuery } from '../lib/flame-data.ts';
import { legendClass } from '../lib/frame-colors.ts';
import { checkRegex } from './regex-check.ts';
import { firstSampleAfterMs } from '../../../shared/load/profile-axis.ts';
import type { CallTreeColumns, ChartFrame, FlameChartData, TimeData, ViewRequest, ViewResults } from './protocol.ts';

const KEEP_PROFILES = 8;

/** At a pause of the exact flame chart: the chart so far, made only when the worker sends it. */
export interface ChartSoFar {
  soFar(): FlameChartData;
}

export class AnalysisEngine {
  readonly base: Profile;
  private readonly profiles = new Map<string, Profile>();
  /** Sample times and node depths of the last transform stack the flame chart was asked for: every viewport re-uses them. */
  private chart: { key: string; index: ChartIndex } | null = null;

  /** Every thread's name, main thread first (shared/profile/threads.ts). */
  readonly threads: string[];

  /** Every thread, for the verdict (it reads them all); imported on its first ask. */
  private readonly everyThread: () => NamedProfile[];
  /** The thread `base` is (ALL_THREADS: merged). */
  private readonly thread: number;

  constructor(base: Profile, threads: string[] = ['main thread'], everyThread: () => NamedProfile[] = () => [], thread = 0) {
    this.base = base;
    this.threads = threads;
    this.profiles.set('[]', base);
    let all: NamedProfile[] | null = null;
    this.everyThread = () => (all ??= everyThread());
    this.thread = thread;
  }

  /**
   * Imports a recording's profile at one thread (ALL_THREADS: merged);
   * throws ProfileFormatError with a sentence for the user.
   */
  static open(raw: unknown, thread = 0): AnalysisEngine {
    return AnalysisEngine.at(readRecordingThreads(raw), thread);
  }

  /**
   * An engine for one thread of a recording read once (the worker keeps the
   * RecordingThreads across thread switches): the thread is imported on its
   * first ask, and the verdict reads every thread from the same imports.
   */
  static at(recording: RecordingThreads, thread = 0): AnalysisEngine {
    const allocationsChoice = allocationsThreadIndex(thread);
    if (allocationsChoice !== null) return AnalysisEngine.openAllocations(recording, allocationsChoice);
    const t = recording.resolve(thread);
    const profile = recording.profile(t);
    const engine = new AnalysisEngine(profile, recording.threads, recording.threads.length > 1 ? () => recording.every() : () => [], t);
    engine.recordingAllocations = t === 0 ? recording.allocations : null;
    if (t > 0) engine.mainStartUs = () => recording.profile(0).startTimeUs;
    return engine;
  }

  /**
   * The verdict of the whole process: the thread on screen seen through its
   * transforms, every other thread as recorded (threads-verdict.ts).
   */
  private verdict(profile: Profile, context: RecordingContext) {
    const all = this.everyThread();
    if (all.length <= 1) return buildVerdict(profile, context);
    const list = all.map((t, i) => (i === this.thread ? { ...t, profile } : t));
    const v = buildVerdict(list[0].profile, context, undefined, list.slice(1));
    // A finding on another thread points at a frame of that thread's profile, not of the one on screen: no jump to it.
    const shown = all[this.thread]?.name;
    return { ...v, findings: v.findings.map((f) => (f.thread === shown ? f : { ...f, frame: -1 })) };
  }

  /** Another thread open: when the main thread's profiler started (the recording's clock: its phases are ms after it). */
  mainStartUs: (() => number) | null = null;

  /** The recording's allocation profile, for the verdict's GC finding (who allocates), when the main thread is open. */
  recordingAllocations: HeapProfile | null = null;

  /**
   * The allocation profile (shared/memory/heap-profile.ts), as a profile whose weights are bytes: the flamegraph draws it unchanged.
   * `choice`: which of the threads that carry one (main thread first, read before the threads were imported); the engine's threads are their names.
   */
  private static openAllocations(recording: RecordingThreads, choice: number): AnalysisEngine {
    if (!recording.json) throw new ProfileFormatError('This profile holds no allocation profile.');
    const sampled = recording.allocationThreads;
    // A recording's, or a .heapprofile file itself (else the sentence saying there is none).
    const heap = sampled[choice]?.heap ?? allocationsIn(recording.parsed ?? {});
    const engine = new AnalysisEngine(heapProfileAsModel(heap), sampled.length ? sampled.map((t) => t.name) : ['allocations']);
    engine.heap = heap;
    return engine;
  }

  /** Set when the engine was opened at the allocation profile: weights are bytes. */
  heap: HeapProfile | null = null;

  /** The profile seen through `transforms`, re-using the longest stack already computed. */
  transformed(transforms: readonly Transform[]): Profile {
    let k = transforms.length;
    let profile: Profile | undefined;
    for (; k >= 0; k--) {
      profile = this.profiles.get(JSON.stringify(transforms.slice(0, k)));
      if (profile) break;
    }
    profile ??= this.base;
    for (let i = Math.max(k, 0); i < transforms.length; i++) {
      profile = applyTransform(profile, transforms[i]);
      this.remember(JSON.stringify(transforms.slice(0, i + 1)), profile);
    }
    // Touch: the most recent stays.
    const key = JSON.stringify(transforms);
    this.profiles.delete(key);
    this.profiles.set(key, profile);
    return profile;
  }

  private remember(key: string, profile: Profile): void {
    this.profiles.set(key, profile);
    while (this.profiles.size > KEEP_PROFILES) {
      const oldest = [...this.profiles.keys()].find((k) => k !== '[]');
      if (oldest === undefined) break;
      this.profiles.delete(oldest);
    }
  }

  view<R extends ViewRequest>(request: R): ViewResults[R['view']] {
    const profile = this.transformed(request.transforms);
    switch (request.view) {
      case 'flame': return flameDataFromProfile(profile, request.widthPx, this.heap ? 'bytes' : 'ms') as ViewResults[R['view']];
      case 'allocations': {
        if (!this.heap) throw new Error('This analysis is of a CPU profile, not of allocations.');
        return allocationTable(this.heap, request.requests, request.background ?? null) as ViewResults[R['view']];
      }
      case 'flame-zoom': return visibleFlameTree(profile, { widthPx: request.widthPx, zoom: request.zoom }) as ViewResults[R['view']];
      case 'flame-search': return searchByQuery(callNodeTable(profile), profile.frames, request.query) as ViewResults[R['view']];
      case 'time': return timeData(profile) as ViewResults[R['view']];
      case 'call-tree': return callTreeColumns(profile, request.by) as ViewResults[R['view']];
      case 'bottom-up': return { durationMs: profile.durationMs, rows: bottomUp(profile, { by: request.by, path: request.path }) } as ViewResults[R['view']];
      case 'lines': return {
        hasLines: profile.lineTicks !== undefined, hasText: profile.sourceLines !== undefined, lines: hotLines(profile, request.frame),
      } as ViewResults[R['view']];
      case 'verdict': return this.verdict(profile, { ...request.context, allocations: request.context.allocations === undefined ? this.recordingAllocations : request.context.allocations }) as ViewResults[R['view']];
      case 'regex-check': return checkRegex(request.pattern) as ViewResults[R['view']];
      case 'timeline': {
        const kind = profile.frames.map((f) => classifyFrame(f).kind);
        const bins = timeBins(profile, request.bins, (f) => kind[f] === 'idle', (f) => kind[f] === 'user', (f) => kind[f] === 'gc');
        // Another thread's or process's samples on the recording's clock: from the main thread's profiler start.
        const firstSampleMs = firstSampleAfterMs(profile, this.thread > 0 ? this.mainStartUs?.() : undefined);
        return { durationMs: profile.durationMs, firstSampleMs, bins } as ViewResults[R['view']];
      }
      case 'flame-chart': {
        const index = this.chartIndexOf(request.transforms, profile);
        return chartData(profile, index, { ...request, every: request.overview ? chartOverviewEvery(index, request) : 1 }) as ViewResults[R['view']];
      }
    }
    throw new Error(`Unknown view ${(request as { view: string }).view}`);
  }

  /**
   * `view` in steps, for the worker: the flame chart of a long profile walks
   * millions of samples (seconds), so it pauses every few milliseconds and
   * the worker answers a zoom or a search in between (worker.ts); every
   * other view is answered in one step.
   */
  *viewSteps<R extends ViewRequest>(request: R): Generator<ChartSoFar | void, ViewResults[R['view']]> {
    // An overview reads a few samples per pixel: answered in one step.
    if (request.view !== 'flame-chart' || request.overview) return this.view(request);
    const profile = this.transformed(request.transforms);
    const key = JSON.stringify(request.transforms);
    if (this.chart?.key !== key) this.chart = { key, index: yield* chartIndexSteps(profile) };
    const index = this.chart.index;
    const { fromMs, toMs, widthPx } = request as Extract<ViewRequest, { view: 'flame-chart' }>;
    const exact = { fromMs, toMs, widthPx, every: 1 };
    // Each pause offers the chart so far (the worker sends it now and then: drawn left of the overview).
    const steps = visibleChartSpanSteps(profile, index, exact);
    for (let r = steps.next(); ; r = steps.next()) {
      if (r.done) return chartDataOf(profile, index, exact, r.value) as ViewResults[R['view']];
      const progress = r.value;
      yield progress ? { soFar: () => ({ ...chartDataOf(profile, index, exact, progress.rects()), exactUntilMs: progress.reachedMs }) } : undefined;
    }
  }

  private chartIndexOf(transforms: readonly Transform[], profile: Profile): ChartIndex {
    const key = JSON.stringify(transforms);
    if (this.chart?.key !== key) this.chart = { key, index: chartIndex(profile) };
    return this.chart.index;
  }
}

/** One viewport of the chart, with only the functions it draws (renumbered: rects.frame indexes `frames`). */
export function chartData(profile: Profile, index: ChartIndex, view: ChartViewport): FlameChartData {
  return chartDataOf(profile, index, view, visibleChartSpans(profile, index, view));
}

function chartDataOf(profile: Profile, index: ChartIndex, view: ChartViewport, rects: ChartRects): FlameChartData {
  const local = new Map<number, number>();
  const frames: ChartFrame[] = [];
  for (let i = 0; i < rects.count; i++) {
    const f = rects.frame[i];
    let k = local.get(f);
    if (k === undefined) {
      k = frames.length;
      local.set(f, k);
      const frame = profile.frames[f];
      frames.push({ index: f, name: frame.name, location: frameLocation(frame), cls: legendClass(frame) });
    }
    rects.frame[i] = k;
  }
  return { durationMs: profile.durationMs, fromMs: view.fromMs, toMs: view.toMs, widthPx: view.widthPx, depthCount: index.depthCount, rects, frames, every: view.every ?? 1 };
}

export function timeData(profile: Profile): TimeData {
  const topOwn = bottomUp(profile, { by: 'function' })
    .filter((r) => r.category === 'user' && r.selfMs > 0)
    .slice(0, 5)
    .map((r) => ({ name: r.name, location: r.location, frame: r.frame, selfMs: r.selfMs, selfPercent: r.selfPercent }));
  return { durationMs: profile.durationMs, categories: categoryBreakdown(profile), buckets: bucketBreakdown(profile), topOwn };
}

/** shared/profile's call tree, flattened into preorder columns (iteratively: stacks can be thousands deep). */
export function callTreeColumns(profile: Profile, by: Grouping): CallTreeColumns {
  const root = buildCallTree(profile, { by });
  let count = 0;
  const counting: CallTreeNode[] = [root];
  while (counting.length) {
    const n = counting.pop()!;
    count++;
    for (const c of n.children) counting.push(c);
  }
  const parent = new Int32Array(count);
  const depth = new Int32Array(count);
  const subtreeEnd = new Int32Array(count);
  const group = new Int32Array(count);
  const selfMs = new Float64Array(count);
  const totalMs = new Float64Array(count);
  // Preorder: pop a node, give it the next index, push its children in reverse.
  const stack: { node: CallTreeNode; parent: number }[] = [{ node: root, parent: -1 }];
  let next = 0;
  while (stack.length) {
    const { node, parent: p } = stack.pop()!;
    const i = next++;
    parent[i] = p;
    depth[i] = p < 0 ? 0 : depth[p] + 1;
    group[i] = node.group;
    selfMs[i] = node.selfMs;
    totalMs[i] = node.totalMs;
    for (let c = node.children.length - 1; c >= 0; c--) stack.push({ node: node.children[c], parent: i });
  }
  // A subtree ends where the next node that is not below it starts.
  for (let i = count - 1; i >= 0; i--) {
    if (subtreeEnd[i] === 0) subtreeEnd[i] = i + 1;
    const p = parent[i];
    if (p >= 0 && subtreeEnd[i] > subtreeEnd[p]) subtreeEnd[p] = subtreeEnd[i];
  }
  return { durationMs: profile.durationMs, count, parent, depth, subtreeEnd, group, selfMs, totalMs, groups: groupFrames(profile, by).groups };
}
