// The canonical profile model (DESIGN.md "The profile model"). Every importer
// produces it; every view is a pure function over it.
//
// Layout is columnar (typed arrays) so a million-sample profile stays compact
// and every walk can be an index loop instead of recursion.

export type FrameKind = 'js' | 'native' | 'root' | 'program' | 'idle' | 'gc';

export interface Frame {
  name: string;
  /** Script URL or path as V8 reported it; '' for native frames. */
  url: string;
  /** 1-based line, 0 when unknown. */
  line: number;
  /** 1-based column, 0 when unknown. */
  column: number;
  kind: FrameKind;
}

export interface Profile {
  /** Distinct functions (deduplicated by name + url + line + column). */
  frames: Frame[];
  /** For each call-tree node: its frame index. Node 0 is the root. */
  nodeFrame: Int32Array;
  /** For each call-tree node: its parent node index (-1 for the root). */
  nodeParent: Int32Array;
  /** For each sample: the node it hit. */
  samples: Int32Array;
  /** For each sample: the time it stands for, in milliseconds. */
  weightsMs: Float64Array;
  /** Sum of weightsMs. */
  durationMs: number;
  /** Profile start, microseconds on the V8 clock. */
  startTimeUs: number;
}
