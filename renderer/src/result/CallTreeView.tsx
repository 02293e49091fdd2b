// Call tree (top-down): the stacks merged by call path from the root, each
// row expanding into what it calls. Opens on the heaviest path; a filter
// shows the paths that lead to matching functions or files, opened.
import { useMemo, useRef, useState } from 'react';
import { callTreeSource, heaviestPathExpansion, searchCallTree } from '../analysis/call-tree-rows.ts';
import type { CallTreeColumns } from '../analysis/protocol.ts';
import { targetFromGroup } from '../analysis/transform-menu.ts';
import { comparator, flattenTree, nextSort, textMatcher, type FlatRow, type SortState } from '../analysis/tree-rows.ts';
import { legendColor } from '../lib/frame-colors.ts';
import type { TableViewProps } from './BottomUpView.tsx';
import { numberColumns } from './table-columns.tsx';
import { busyTotals } from './per1k-cell.ts';
import { NAME_LABEL, TableToolbar, useDebounced, useSlashToFocus } from './TableToolbar.tsx';
import { HotLines } from './HotLines.tsx';
import { TreeTable } from './TreeTable.tsx';
import { useView } from './useAnalysis.ts';

interface Expansion {
  /** The tree and the filter this expansion belongs to: a new one starts over. */
  cols: CallTreeColumns | null;
  query: string;
  expanded: ReadonlySet<string>;
  selected: string | null;
}

export function CallTreeView({ client, transforms, by, onBy, active, perRequest, onMenu, onFocusFunction }: TableViewProps) {
  const view = useView(client, active ? { view: 'call-tree', transforms, by } : null);
  const cols = view.data;
  const [sort, setSort] = useState<SortState>({ column: 'totalMs', descending: true });
  const [query, setQuery] = useState('');
  const settledQuery = useDebounced(query, 150);
  const searchRef = useRef<HTMLInputElement>(null);
  useSlashToFocus(searchRef, active);

  const search = useMemo(() => {
    const match = textMatcher(settledQuery);
    return cols && match ? searchCallTree(cols, match) : null;
  }, [cols, settledQuery]);
  const initial = useMemo<Expansion>(
    () => ({ cols, query: settledQuery, expanded: search ? search.expand : cols ? heaviestPathExpansion(cols) : new Set(), selected: null }),
    [cols, settledQuery, search],
  );
  const [state, setState] = useState<Expansion>(initial);
  const s = state.cols === cols && state.query === settledQuery ? state : initial;
  const update = (f: (prev: Expansion) => Expansion) => setState((prev) => f(prev.cols === cols && prev.query === settledQuery ? prev : initial));

  const rows = useMemo(() => {
    if (!cols) return [];
    const g = (n: number) => cols.groups[cols.group[n]];
    const compare = comparator<number>(sort, { name: (n) => g(n).name, selfMs: (n) => cols.selfMs[n], totalMs: (n) => cols.totalMs[n], tieBreak: (n) => String(n).padStart(10, '0') });
    const include = search ? (n: number) => search.include[n] === 1 : undefined;
    return flattenTree(callTreeSource(cols), s.expanded, compare, include);
  }, [cols, s.expanded, sort, search]);

  const columns = useMemo(() => {
    if (!cols) return numberColumns<number>({ selfMs: () => 0, totalMs: () => 0, location: () => '', category: () => 'user' }, 0, perRequest);
    const busy = busyTotals(cols);
    return numberColumns<number>({
      selfMs: (n) => cols.selfMs[n], totalMs: (n) => cols.totalMs[n], location: (n) => cols.groups[cols.group[n]].location, category: (n) => cols.groups[cols.group[n]].category,
      busyTotalMs: (n) => busy[n],
    }, cols.durationMs, perRequest);
  }, [cols, perRequest]);

  const toggle = (row: FlatRow<number>, open: boolean) => update((prev) => {
    const expanded = new Set(prev.expanded);
    if (open) expanded.add(row.key);
    else expanded.delete(row.key);
    return { ...prev, expanded };
  });
  const group = (n: number) => cols!.groups[cols!.group[n]];
  const selectedRow = rows.find((r) => r.key === s.selected);

  return (
    <div className="table-view">
      <TableToolbar
        query={query}
        onQuery={setQuery}
        by={by}
        onBy={onBy}
        rows={rows.length}
        searchRef={searchRef}
        status={view.stale ? 'updating…' : search ? `${search.matches} ${search.matches === 1 ? 'match' : 'matches'}` : undefined}
      />
      {view.error ? <p className="note note-error">{view.error}</p> : (
        <TreeTable
          testId="call-tree-table"
          label="Call tree: from the entry points down; expand a row to see what it calls"
          nameLabel={NAME_LABEL[by]}
          rows={rows}
          name={(n) => group(n).name}
          swatch={(n) => legendColor(group(n).category)}
          columns={columns}
          sort={sort}
          onSort={(c) => setSort((cur) => nextSort(cur, c))}
          selectedKey={s.selected}
          onSelect={(key) => update((prev) => ({ ...prev, selected: key }))}
          onToggle={toggle}
          onActivate={(row) => onFocusFunction(targetFromGroup(group(row.node)))}
          onMenu={(row, x, y) => onMenu(targetFromGroup(group(row.node)), x, y)}
          empty={cols ? (search ? 'Nothing matches the filter.' : 'No samples.') : 'Computing…'}
          dim={view.stale}
        />
      )}
      {active && <HotLines client={client} transforms={transforms} by={by} selected={selectedRow && group(selectedRow.node)} allCalls />}
    </div>
  );
}
