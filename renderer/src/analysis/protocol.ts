// What the result screen asks the analysis worker, and what it answers.
// Every view is computed for the recording's profile seen through a
// transform stack (shared/profile transforms), so one stack changes every view.
import type {
  BottomUpRow, BucketRow, CategoryRow, FlameSearchResult, Group, Grouping, HotLine, Transform, VisibleFlameNode,
} from '../../../shared/profile/index.ts';
import type { FlameData } from '../lib/flame-data.ts';

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
  | { view: 'lines'; transforms: Transform[]; frame: number };

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

export type WorkerRequest =
  | { id: number; type: 'open'; profile: unknown }
  | { id: number; type: 'view'; request: ViewRequest };

export type WorkerResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; message: string };

/** One key per request: the cache key of the client and of the engine. */
export function requestKey(r: ViewRequest): string {
  return JSON.stringify(r);
}
