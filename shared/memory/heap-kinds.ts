// The kinds of a heap snapshot's objects, as numbers (millions of nodes are
// compared by kind: strings would cost seconds), and an index of object ids
// (V8 gives each object an id it keeps from one snapshot to the next).
import type { HeapGraph } from './heap-graph.ts';

const PARENTHESISED: Record<string, string> = {
  hidden: '(system)', array: '(array)', string: '(string)', 'concatenated string': '(string)', 'sliced string': '(string)',
  code: '(compiled code)', closure: '(closure)', regexp: '(regexp)', number: '(number)', symbol: '(symbol)', bigint: '(bigint)', 'object shape': '(system)',
};

/** DevTools' class name of a node: an object's constructor ("Buffer", "Object"), else its type in parentheses. */
export function kindOf(g: HeapGraph, n: number): string {
  const type = g.typeOf(n);
  return PARENTHESISED[type] ?? (g.nameOf(n) || `(${type})`);
}

/** Kinds a user writes: objects by their constructor, closures and strings; not V8's own arrays, code and shapes. */
export const isUserKind = (kind: string) => !kind.startsWith('system /') && !['(system)', '(array)', '(compiled code)', '(number)', '(object shape)'].includes(kind);
export const isObjectType = (type: string) => type === 'object' || type === 'closure' || type === 'regexp';

/** Kind names numbered once for both snapshots. */
export class KindTable {
  readonly names: string[] = [];
  private readonly ids = new Map<string, number>();
  idOf(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.ids.set(name, id);
    }
    return id;
  }

  /** Every node's kind number (a node's name is looked up once per distinct name). */
  kindsOf(g: HeapGraph): Uint32Array {
    const kinds = new Uint32Array(g.nodeCount);
    const byName = new Map<string, number>();
    for (let n = 0; n < g.nodeCount; n++) {
      const name = kindOf(g, n);
      let k = byName.get(name);
      if (k === undefined) byName.set(name, (k = this.idOf(name)));
      kinds[n] = k;
    }
    return kinds;
  }
}

/** Object id → node, open addressing over typed arrays (a Map of millions of numbers costs seconds). */
export class IdIndex {
  private readonly keys: Uint32Array;
  private readonly nodes: Int32Array;
  private readonly mask: number;
  size = 0;

  constructor(g: HeapGraph, include: (n: number) => boolean) {
    let capacity = 16;
    while (capacity < g.nodeCount * 2) capacity *= 2;
    this.keys = new Uint32Array(capacity);
    this.nodes = new Int32Array(capacity).fill(-1);
    this.mask = capacity - 1;
    for (let n = 0; n < g.nodeCount; n++) if (include(n)) this.add(g.idOf(n), n);
  }

  private slot(id: number): number {
    let i = Math.imul(id, 0x9e3779b1) & this.mask;
    while (this.nodes[i] >= 0 && this.keys[i] !== id) i = (i + 1) & this.mask;
    return i;
  }

  private add(id: number, node: number): void {
    const i = this.slot(id);
    if (this.nodes[i] < 0) this.size++;
    this.keys[i] = id;
    this.nodes[i] = node;
  }

  /** The node with this id; -1 when none. */
  get(id: number): number {
    return this.nodes[this.slot(id)];
  }
}
