// The tables (bottom-up, call tree) are trees shown as rows: the expanded
// nodes are flattened, depth first, siblings in the chosen sort order, and
// only the rows on screen are drawn. Everything here is pure and iterative.

export interface TreeSource<N> {
  roots: readonly N[];
  key(node: N): string;
  /** The children, or undefined while they are still being computed. */
  children(node: N): readonly N[] | undefined;
  hasChildren(node: N): boolean;
}

export interface FlatRow<N> {
  key: string;
  node: N;
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
  /** Expanded, but its children are not here yet. */
  loading: boolean;
  /** Row index of the parent, -1 at the top level. */
  parentRow: number;
}

export function flattenTree<N>(
  source: TreeSource<N>,
  expanded: ReadonlySet<string>,
  compare?: (a: N, b: N) => number,
  include?: (node: N) => boolean,
): FlatRow<N>[] {
  const rows: FlatRow<N>[] = [];
  const order = (nodes: readonly N[]): readonly N[] => {
    if (nodes.length < 2 && !include) return nodes;
    const kept = include ? nodes.filter(include) : nodes.slice();
    return compare ? kept.sort(compare) : kept;
  };
  const stack: { node: N; depth: number; parentRow: number }[] = [];
  const pushAll = (nodes: readonly N[], depth: number, parentRow: number) => {
    const sorted = order(nodes);
    for (let i = sorted.length - 1; i >= 0; i--) stack.push({ node: sorted[i], depth, parentRow });
  };
  pushAll(source.roots, 0, -1);
  while (stack.length) {
    const { node, depth, parentRow } = stack.pop()!;
    const key = source.key(node);
    const hasChildren = source.hasChildren(node);
    const isOpen = hasChildren && expanded.has(key);
    const children = isOpen ? source.children(node) : undefined;
    const index = rows.length;
    rows.push({ key, node, depth, hasChildren, expanded: isOpen, loading: isOpen && children === undefined, parentRow });
    if (children) pushAll(children, depth + 1, index);
  }
  return rows;
}

export type SortColumn = 'name' | 'selfMs' | 'totalMs' | 'selfPercent' | 'totalPercent' | 'selfPer1k' | 'totalPer1k';
export interface SortState { column: SortColumn; descending: boolean }

export const DEFAULT_SORT: SortState = { column: 'totalMs', descending: true };

/** Clicking a header: a new column sorts heaviest first (names A→Z); the same column flips. */
export function nextSort(current: SortState, column: SortColumn): SortState {
  if (current.column === column) return { column, descending: !current.descending };
  return { column, descending: column !== 'name' };
}

export interface SortFields<N> {
  name(n: N): string;
  selfMs(n: N): number;
  totalMs(n: N): number;
  /** A stable last resort so equal rows keep one order. */
  tieBreak(n: N): string;
}

/** Percent and per-1000-request columns order like the ms they are made of. */
export function comparator<N>(sort: SortState, f: SortFields<N>): (a: N, b: N) => number {
  // Lower-cased once per node, not once per comparison (a 50 000-row sort makes ~800 000).
  const lower = new Map<N, string>();
  const low = (n: N) => {
    let v = lower.get(n);
    if (v === undefined) lower.set(n, (v = f.name(n).toLowerCase()));
    return v;
  };
  const byName = (a: N, b: N) => cmp(low(a), low(b)) || cmp(f.tieBreak(a), f.tieBreak(b));
  const sign = sort.descending ? -1 : 1;
  if (sort.column === 'name') return (a, b) => sign * byName(a, b);
  const value = sort.column === 'selfMs' || sort.column === 'selfPercent' || sort.column === 'selfPer1k' ? f.selfMs : f.totalMs;
  const other = value === f.selfMs ? f.totalMs : f.selfMs;
  return (a, b) => sign * (value(a) - value(b)) || sign * (other(a) - other(b)) || byName(a, b);
}

const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

// ---------- keyboard ----------

export type KeyAction =
  | { type: 'select'; index: number }
  | { type: 'expand'; index: number }
  | { type: 'collapse'; index: number }
  | { type: 'activate'; index: number }
  | { type: 'menu'; index: number };

/**
 * The tree-grid keys: ↑/↓ (Home/End, PageUp/PageDown) move; → expands, or
 * goes to the first child when already open; ← collapses, or goes to the
 * parent; Enter activates (focus on the function); the context-menu key or
 * Shift+F10 opens the menu.
 */
export function keyAction(rows: readonly Pick<FlatRow<unknown>, 'hasChildren' | 'expanded' | 'parentRow'>[], index: number, key: string, opts: { shift?: boolean; pageSize?: number } = {}): KeyAction | null {
  if (rows.length === 0) return null;
  const last = rows.length - 1;
  const at = Math.min(Math.max(index, 0), last);
  const page = Math.max(1, opts.pageSize ?? 10);
  if (index < 0 && ['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft'].includes(key)) return { type: 'select', index: 0 };
  const row = rows[at];
  switch (key) {
    case 'ArrowDown': return { type: 'select', index: Math.min(at + 1, last) };
    case 'ArrowUp': return { type: 'select', index: Math.max(at - 1, 0) };
    case 'Home': return { type: 'select', index: 0 };
    case 'End': return { type: 'select', index: last };
    case 'PageDown': return { type: 'select', index: Math.min(at + page, last) };
    case 'PageUp': return { type: 'select', index: Math.max(at - page, 0) };
    case 'ArrowRight':
      if (!row.hasChildren) return null;
      if (!row.expanded) return { type: 'expand', index: at };
      return at < last && rows[at + 1].parentRow === at ? { type: 'select', index: at + 1 } : null;
    case 'ArrowLeft':
      if (row.expanded) return { type: 'collapse', index: at };
      return row.parentRow >= 0 ? { type: 'select', index: row.parentRow } : null;
    case 'Enter': return { type: 'activate', index: at };
    case 'ContextMenu': return { type: 'menu', index: at };
    case 'F10': return opts.shift ? { type: 'menu', index: at } : null;
  }
  return null;
}

/** Case-insensitive "contains" over a row's name and file. */
export function textMatcher(query: string): ((name: string, location: string) => boolean) | null {
  const q = query.trim().toLowerCase();
  if (!q) return null;
  return (name, location) => name.toLowerCase().includes(q) || location.toLowerCase().includes(q);
}
