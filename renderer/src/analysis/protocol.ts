// What the result screen asks the analysis worker, and what it answers.
// Every view is computed for the recording's profile seen through a
// transform stack (shared/profile transforms), so one stack changes every view.
import type { BottomUpRow, ChartRects, BucketRow, CategoryRow, FlameSearchResult, Group, Grouping, HotLine, TimeBin, Transform, VisibleFlameNode } from '../../../shared/profile/index.ts';
import type { RecordingContext, RegexCheck, RegexPattern, Verdict } from '../../../shared/verdict/index.ts';
import type { FlameData } from '../lib/flame-data.ts';
import type { AllocationTable } from '../../../shared/memory/allocations.ts';
import type { Background } from '../../../shared/recording/request-time.ts';
import type { ChildMemoryNote } from '../../../shared/recording/processes.ts';
import type { LegendClass } from '../lib/frame-colors.ts';

export type ViewRequest =
  /** The flamegraph pruned for a chart `widthPx` wide (default 1440). */
  | { view: 'flame'; transforms: Transform[]; widthPx?: number }
  /** Zoomed into call node `zoom`: pruned at its scale, under the chain of its ancestors. */
  | { view: 'flame-zoom'; transforms: Transform[]; widthPx: number; zoom: number }
  /** The functions and files matching `query` (literal, any case), searched on the model. */
  | { view: 'flame-search'; transforms: Transform[]; query: string }
  | { view: 'time'; transforms: Transform[] }
  | { view: 'call-tree'; transforms: Transform[]; by: Grouping }
  | { view: 'bottom-up'; transforms: Transform[]; by: Grouping; path: number[] }
  | { view: 'lines'; transforms: Transform[]; frame: number }
  | { view: 'verdict'; transforms: Transform[]; context: RecordingContext }
  | { view: 'regex-check'; transforms: Transform[]; pattern: RegexPattern }
  | { view: 'timeline'; transforms: Transform[]; bins: number }
  /** Functions by bytes allocated (an engine opened at ALLOCATIONS_THREAD: shared/memory/heap-profile.ts). */
  /** `background`: the recording's background work, whose allocations count in no per-request figure (main thread only). */
  | { view: 'allocations'; transforms: Transform[]; requests: number | null; background?: Background | null }
  /**
   * The time-ordered flame chart's rectangles for one viewport (ms from the first sample) `widthPx` wide.
   * `overview`: read one sample in many (shared/profile/views/flame-chart.ts chartOverviewEvery), answered at
   * once — drawn, and said to be an overview, while the exact chart of a long profile is computed.
   */
  | { view: 'flame-chart'; transforms: Transform[]; fromMs: number; toMs: number; widthPx: number; overview?: boolean };

/**
 * The call tree (shared/profile buildCallTree) in columns, so a 100 000-node
 * tree crosses from the worker as a few typed arrays instead of objects.
 * Nodes are in preorder (children heaviest first): the subtree of n is
 * [n, subtreeEnd[n]), its children are n+1, subtreeEnd[n+1], … Node 0 is (root).
 */
export interface CallTreeColumns {
  durationMs: number;
  count: number;
  parent: Int32Array;
  depth: Int32Array;
  subtreeEnd: Int32Array;
  /** Index into `groups`. */
  group: Int32Array;
  selfMs: Float64Array;
  totalMs: Float64Array;
  groups: Group[];
}

export interface BottomUpData {
  durationMs: number;
  rows: BottomUpRow[];
}

export interface TopFunction {
  name: string;
  location: string;
  frame: number;
  selfMs: number;
  selfPercent: number;
}

export interface TimeData {
  durationMs: number;
  categories: CategoryRow[];
  buckets: BucketRow[];
  /** The heaviest functions of your code by self time (up to 5). */
  topOwn: TopFunction[];
}

export interface ViewResults {
  flame: FlameData;
  'flame-zoom': VisibleFlameNode;
  'flame-search': FlameSearchResult;
  time: TimeData;
  'call-tree': CallTreeColumns;
  'bottom-up': BottomUpData;
  lines: LinesData;
  /** The verdict (shared/profile findings + checks), without the ReDoS check: that is 'regex-check', asked for after. */
  verdict: Verdict;
  'regex-check': RegexCheck;
  timeline: TimelineData;
  'flame-chart': FlameChartData;
  allocations: AllocationTable;
}

/** One viewport of the time-ordered flame chart (shared/profile/views/flame-chart.ts). */
export interface FlameChartData {
  durationMs: number;
  /** The viewport the rectangles were computed for (rects are px of widthPx from fromMs). */
  fromMs: number;
  toMs: number;
  widthPx: number;
  /** Depths of the whole chart (the canvas is this many rows tall, whatever the viewport). */
  depthCount: number;
  /** rects.frame indexes `frames` (only the functions drawn cross from the worker). */
  rects: ChartRects;
  frames: ChartFrame[];
  /** One sample in `every` was read: 1 is the exact chart; more is an overview (its counts and times are not the profile's). */
  every: number;
  /**
   * Set while the exact chart is computed (a part sent ahead of the answer): the samples before this
   * time are walked, and the rectangles are the viewport cut there. Absent: the whole viewport.
   */
  exactUntilMs?: number;
}

export interface ChartFrame {
  /** Index in the profile's frames (for "Focus on this function"). */
  index: number;
  name: string;
  /** file:line, '' for native code. */
  location: string;
  cls: LegendClass;
}

/** How busy the profile was over time (shared/profile timeBins), for the timeline. */
export interface TimelineData {
  durationMs: number;
  /** The first sample's time after the profiler started, ms: 0 of the chart is the first sample, 0 of the process samples and load phases the start. */
  firstSampleMs: number;
  bins: TimeBin[];
}

/** A function's self time line by line (shared/profile hotLines). */
export interface LinesData {
  /** The profile has positionTicks at all (false: no line numbers anywhere). */
  hasLines: boolean;
  /** The profile carries the text of its hot lines (a Flambé recording does). */
  hasText: boolean;
  lines: HotLine[];
}

export type ViewResult<R extends ViewRequest> = ViewResults[R['view']];

/**
 * One worker per open recording: `open` reads its profile once
 * (shared/profile/import/open-thread.ts), `thread` imports one thread (kept: a
 * switch back costs nothing), and each view names the thread it is for
 * (ALL_THREADS: merged; ALLOCATIONS_THREAD: the allocation profile).
 * `open` and `thread` are answered with OpenResult.
 */
export type WorkerRequest =
  | { id: number; type: 'open'; profile: unknown }
  | { id: number; type: 'thread'; thread: number }
  | { id: number; type: 'view'; thread: number; request: ViewRequest };

/** Not a request (nothing answers it): the worker forgets its recording and is kept for the next one (client.ts). */
export interface WorkerReset { type: 'reset' }

export interface OpenResult {
  /** Every thread's name, main thread first. */
  threads: string[];
  /** Where the requests ran, when the recording has child processes (a cluster's workers); else null. */
  servedBy: string | null;
  /** Per thread, the requests its child process served (shared/profile/import/open-thread.ts); null for the others. */
  threadRequests: (number | null)[];
  /** What the memory verdict says of child processes that served requests (shared/recording/processes.ts); else null. */
  childMemory: ChildMemoryNote | null;
}

/** The answer to a flame-chart request that a newer one replaced before it was done (worker.ts). */
export const SUPERSEDED = 'superseded by a newer flame chart request';

export type WorkerResponse =
  | { id: number; ok: true; result: unknown; partial?: false }
  /** Ahead of the answer, not instead of it: the exact flame chart so far (FlameChartData with exactUntilMs). */
  | { id: number; ok: true; result: unknown; partial: true }
  | { id: number; ok: false; message: string };

/** One key per request: the cache key of the client and of the engine. */
export function requestKey(r: ViewRequest): string {
  return JSON.stringify(r);
}
