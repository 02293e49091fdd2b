// A V8 heap snapshot (.heapsnapshot: what HeapProfiler.takeHeapSnapshot
// streams, and DevTools' Memory tab saves), read as it arrives, chunk by
// chunk: snapshots run to hundreds of MB, too big to JSON.parse whole.
//
// The format (DevTools' HeapSnapshotLoader reads it the same way): one JSON
// object whose "snapshot.meta" says what each flat array holds —
//   nodes:     node_fields per node, e.g. [type, name, id, self_size, edge_count, …]
//   edges:     edge_fields per edge, e.g. [type, name_or_index, to_node]; each
//              node's edge_count edges follow one another, in node order, and
//              to_node is an index into `nodes` (a multiple of node_fields)
//   locations: [object_index, script_id, line, column] of functions (0-based)
//   strings:   every name, by index
// — then "trace_function_infos", "trace_tree" and "samples" (allocation
// tracking, unused here). Numbers arrays are parsed digit by digit into typed
// arrays; only the strings array is handed to JSON.parse, at the end.

export interface HeapSnapshotMeta {
  node_fields: string[];
  node_types: [string[], ...unknown[]];
  edge_fields: string[];
  edge_types: [string[], ...unknown[]];
  location_fields?: string[];
}

export interface HeapSnapshot {
  meta: HeapSnapshotMeta;
  nodeCount: number;
  edgeCount: number;
  /** node_fields.length numbers per node. */
  nodes: Uint32Array;
  /** edge_fields.length numbers per edge. */
  edges: Uint32Array;
  /** location_fields.length numbers per location. */
  locations: Uint32Array;
  strings: string[];
}

const NUMBER_ARRAYS = new Set(['nodes', 'edges', 'locations', 'samples', 'trace_function_infos', 'trace_tree']);

/** Grows as numbers arrive (the header says how many nodes and edges; locations are not counted there). */
class NumberSink {
  values: Uint32Array;
  length = 0;
  constructor(expected: number) {
    this.values = new Uint32Array(Math.max(16, expected));
  }
  done(): Uint32Array {
    return this.values.subarray(0, this.length);
  }
}

/** Not a heap snapshot, or a damaged one: said in one sentence. */
export class HeapSnapshotError extends Error {}

/**
 * Feed it the snapshot's text in chunks of any size (`push`), then `finish`.
 * States: the header up to "nodes"; then, for each top-level key, either a
 * numbers array (kept for nodes, edges and locations, skipped otherwise) or
 * the strings array (kept as text until the end).
 */
export class HeapSnapshotParser {
  private state: 'header' | 'key' | 'numbers' | 'strings' = 'header';
  private text = '';
  private meta: HeapSnapshotMeta | null = null;
  private nodeCount = 0;
  private edgeCount = 0;
  private readonly sinks = new Map<string, NumberSink>();
  private sink: NumberSink | null = null;
  private depth = 0;
  private current = 0;
  private inNumber = false;
  private readonly stringChunks: string[] = [];

  push(chunk: string): void {
    let rest = chunk;
    while (rest.length > 0) {
      if (this.state === 'header') rest = this.readHeader(rest);
      else if (this.state === 'key') rest = this.readKey(rest);
      else if (this.state === 'numbers') rest = this.readNumbers(rest);
      else {
        this.stringChunks.push(rest);
        rest = '';
      }
    }
  }

  finish(): HeapSnapshot {
    if (!this.meta || this.state !== 'strings') throw new HeapSnapshotError('This heap snapshot ended before its strings: it is cut short or not a heap snapshot.');
    const text = this.stringChunks.join('').trimEnd();
    if (!text.endsWith('}')) throw new HeapSnapshotError('This heap snapshot is cut short: its strings do not end.');
    let strings: unknown;
    try {
      strings = JSON.parse(text.slice(0, -1));
    } catch {
      throw new HeapSnapshotError('This heap snapshot\'s strings could not be read: it is damaged.');
    }
    if (!Array.isArray(strings)) throw new HeapSnapshotError('This heap snapshot\'s strings are not a list.');
    const nodes = this.sinks.get('nodes')?.done() ?? new Uint32Array(0);
    const edges = this.sinks.get('edges')?.done() ?? new Uint32Array(0);
    const nodeFields = this.meta.node_fields.length;
    const edgeFields = this.meta.edge_fields.length;
    if (nodes.length !== this.nodeCount * nodeFields || edges.length !== this.edgeCount * edgeFields) {
      throw new HeapSnapshotError(`This heap snapshot holds ${nodes.length / nodeFields} nodes and ${edges.length / edgeFields} edges where its header says ${this.nodeCount} and ${this.edgeCount}: it is damaged.`);
    }
    return {
      meta: this.meta, nodeCount: this.nodeCount, edgeCount: this.edgeCount, nodes, edges,
      locations: this.sinks.get('locations')?.done() ?? new Uint32Array(0), strings: strings as string[],
    };
  }

  /** Everything before `"nodes"` is the header: {"snapshot":{"meta":…,"node_count":N,"edge_count":M,…}, */
  private readHeader(chunk: string): string {
    this.text += chunk;
    const at = this.text.indexOf('"nodes"');
    if (at < 0) {
      if (this.text.length > 1_000_000) throw new HeapSnapshotError('This is not a heap snapshot: no "nodes" in its first megabyte.');
      return '';
    }
    const head = this.text.slice(0, at).trimEnd().replace(/,$/, '');
    let parsed: { snapshot?: { meta?: HeapSnapshotMeta; node_count?: number; edge_count?: number } };
    try {
      parsed = JSON.parse(`${head}}`);
    } catch {
      throw new HeapSnapshotError('This is not a heap snapshot: its header is not the JSON of one.');
    }
    const s = parsed.snapshot;
    if (!s?.meta?.node_fields || !s.meta.edge_fields || typeof s.node_count !== 'number' || typeof s.edge_count !== 'number') {
      throw new HeapSnapshotError('This is not a heap snapshot: its header has no snapshot.meta with node and edge fields.');
    }
    this.meta = s.meta;
    this.nodeCount = s.node_count;
    this.edgeCount = s.edge_count;
    const rest = this.text.slice(at);
    this.text = '';
    this.state = 'key';
    return rest;
  }

  /** Between arrays: `,"edges":[` — the key decides what the array after it is. */
  private readKey(chunk: string): string {
    this.text += chunk;
    const m = /"(\w+)"\s*:\s*\[/.exec(this.text);
    if (!m) {
      if (this.text.length > 4096) throw new HeapSnapshotError('This heap snapshot is damaged: something other than an array follows its nodes.');
      return '';
    }
    const key = m[1];
    const rest = this.text.slice(m.index + m[0].length);
    this.text = '';
    if (key === 'strings') {
      this.state = 'strings';
      return `[${rest}`;
    }
    if (!NUMBER_ARRAYS.has(key)) throw new HeapSnapshotError(`This heap snapshot has a "${key}" array Flambé does not know.`);
    const meta = this.meta!;
    const expected = key === 'nodes' ? this.nodeCount * meta.node_fields.length : key === 'edges' ? this.edgeCount * meta.edge_fields.length : 0;
    this.sink = key === 'nodes' || key === 'edges' || key === 'locations' ? new NumberSink(expected) : null;
    if (this.sink) this.sinks.set(key, this.sink);
    this.state = 'numbers';
    this.depth = 1;
    this.current = 0;
    this.inNumber = false;
    return rest;
  }

  /** Digits, commas, whitespace and (in trace_tree) nested brackets, until the array closes. */
  private readNumbers(chunk: string): string {
    const sink = this.sink;
    // The sink's array and length held locally: this loop sees every character of the snapshot's numbers.
    let values = sink ? sink.values : null;
    let length = sink ? sink.length : 0;
    let current = this.current;
    let inNumber = this.inNumber;
    let rest = '';
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c >= 48 && c <= 57) {
        current = current * 10 + (c - 48);
        inNumber = true;
        continue;
      }
      if (inNumber) {
        if (values) {
          if (length === values.length) {
            const bigger = new Uint32Array(values.length * 2);
            bigger.set(values);
            values = bigger;
          }
          values[length++] = current;
        }
        current = 0;
        inNumber = false;
      }
      if (c === 91) this.depth++; // [
      else if (c === 93 && --this.depth === 0) { // ]
        this.state = 'key';
        rest = chunk.slice(i + 1);
        break;
      }
    }
    if (sink && values) {
      sink.values = values;
      sink.length = length;
    }
    this.current = this.state === 'numbers' ? current : 0;
    this.inNumber = this.state === 'numbers' ? inNumber : false;
    return rest;
  }
}

/** The whole text at once (tests, small files). */
export function parseHeapSnapshot(text: string): HeapSnapshot {
  const p = new HeapSnapshotParser();
  p.push(text);
  return p.finish();
}
