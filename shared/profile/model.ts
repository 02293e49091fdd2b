// The canonical profile model (docs/ARCHITECTURE.md "The data model"). Every importer
// produces it; every view is a pure function over it; every exporter reads it.
//
// Layout is columnar (typed arrays) so a million-sample profile stays compact
// and every walk is an index loop, never recursion over stack depth.
//
//   frames      [ (root), (program), main, handle, … ]   one per function
//   nodeFrame   [ 0, 1, 2, 3, 3 ]    node → frame          } the call tree, as V8
//   nodeParent  [-1, 0, 0, 2, 2 ]    node → parent node    } recorded it
//   samples     [ 3, 3, 1, 4, … ]    sample → node it hit
//   weightsMs   [ 1.0, 1.1, … ]      sample → time it stands for (timing.ts)
//
// Invariants every producer keeps (importers, transforms):
//   - node 0 is the root; a parent's index is smaller than its children's;
//   - no sample hits the root (timing.ts: root samples count as (program));
//   - weightsMs[i] >= 0 and finite; durationMs is their sum.

export type FrameKind = 'js' | 'native' | 'root' | 'program' | 'idle' | 'gc';

export interface Frame {
  /** Function name; '(anonymous)' for functions without one. */
  name: string;
  /** Script URL or path as V8 reported it; '' for native frames. */
  url: string;
  /** 1-based line, 0 when unknown. */
  line: number;
  /** 1-based column, 0 when unknown. */
  column: number;
  kind: FrameKind;
  /** Where the code ran, when a source map gave the location above (original-frames.ts). */
  generated?: { name: string; url: string; line: number; column: number };
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
  /** Profile end, microseconds on the V8 clock; the first sample is at endTimeUs - durationMs * 1000. */
  endTimeUs: number;
  /**
   * Where inside its function each node's samples were (V8's positionTicks),
   * when the profile has them: node i's lines are entries
   * lineTicks.start[i] .. lineTicks.start[i + 1] - 1.
   */
  lineTicks?: LineTicks;
  /** Nodes whose parent was missing from the file, attached to the root (build-nodes.ts fromParents); said in the quality checks. */
  orphans?: { count: number; example: string };
  /** Samples that named a node id the file does not have (a trace's ProfileChunks), counted on the root as DevTools does; said in the quality checks. */
  orphanSamples?: { count: number; example: string };
  /** Source text of hot lines, by sourceLineKey(url, line), when the recording read them (lines.ts). */
  sourceLines?: ReadonlyMap<string, string>;
  /** The source-map table the frames were mapped with (kept for export), when the profile has one. */
  originalFrames?: ReadonlyMap<string, [url: string, line: number, column: number, name: string | null]>;
  /**
   * The original file and line of each generated line that has line ticks,
   * by sourceLineKey(generated url, generated line), when a source map gave
   * them (original-frames.ts): lineTicks stay generated, the views show these.
   */
  originalLines?: ReadonlyMap<string, [url: string, line: number]>;
}

/** V8's positionTicks for every node, in CSR form. */
export interface LineTicks {
  /** Length nodes + 1. */
  start: Int32Array;
  /** 1-based line in the script (not in the function). */
  line: Int32Array;
  /** Samples on that line. */
  ticks: Int32Array;
}

/** The key of a line's text in Profile.sourceLines. */
export function sourceLineKey(url: string, line: number): string {
  return `${line}\u0000${url}`;
}

export const ROOT_NAME = '(root)';
export const PROGRAM_NAME = '(program)';
export const IDLE_NAME = '(idle)';
export const GC_NAME = '(garbage collector)';
export const ANONYMOUS_NAME = '(anonymous)';

/** The kind of a frame, from the names V8 gives its meta nodes. */
export function frameKind(name: string, url: string): FrameKind {
  switch (name) {
    case ROOT_NAME: return 'root';
    case PROGRAM_NAME: return 'program';
    case IDLE_NAME: return 'idle';
    case GC_NAME: return 'gc';
  }
  return url ? 'js' : 'native';
}

/** True for the frames that are not code: (root), (program), (idle), (garbage collector). */
export function isMetaKind(kind: FrameKind): boolean {
  return kind === 'root' || kind === 'program' || kind === 'idle' || kind === 'gc';
}

/** The file part of a URL for display: file:// URLs become paths. */
export function displayFile(url: string): string {
  if (!url.startsWith('file://')) return url;
  let path = url.slice('file://'.length);
  try { path = decodeURIComponent(path); } catch { /* keep it encoded */ }
  // file:///C:/x on Windows
  return /^\/[A-Za-z]:\//.test(path) ? path.slice(1) : path;
}

/** "file:line" for display; '' for native frames. */
export function frameLocation(frame: Frame): string {
  if (!frame.url) return '';
  const file = displayFile(frame.url);
  return frame.line > 0 ? `${file}:${frame.line}` : file;
}

/** Identity of a function across profiles: name + url + line (columns are too fragile). */
export function functionKey(frame: Frame): string {
  return `${frame.name}\u0000${frame.url}\u0000${frame.line}`;
}
