// Bottom-up: one row per function (file, package) by self time, expanding
// into its callers — computed on demand by the worker and kept by path.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { BottomUpRow, Grouping, PerRequest, Transform } from '../../../shared/profile/index.ts';
import { bottomUpSource, pathKey } from '../analysis/bottom-up-rows.ts';
import type { AnalysisClient } from '../analysis/client.ts';
import { targetFromGroup, type MenuTarget } from '../analysis/transform-menu.ts';
import { comparator, flattenTree, nextSort, textMatcher, type FlatRow, type SortState } from '../analysis/tree-rows.ts';
import { legendColor } from '../lib/frame-colors.ts';
import { numberColumns } from './table-columns.tsx';
import { NAME_LABEL, TableToolbar, useDebounced, useSlashToFocus } from './TableToolbar.tsx';
import { HotLines } from './HotLines.tsx';
import { TreeTable } from './TreeTable.tsx';
import { useView } from './useAnalysis.ts';
import type { RevealRequest } from './Verdict.tsx';

export interface TableViewProps {
  client: AnalysisClient;
  transforms: Transform[];
  by: Grouping;
  onBy(by: Grouping): void;
  active: boolean;
  /** Requests and the thread's CPU clock: adds "per 1 000 requests" (shared/profile/cpu-time.ts). */
  perRequest: PerRequest | null;
  onMenu(target: MenuTarget, x: number, y: number): void;
  onFocusFunction(target: MenuTarget): void;
}

interface Expansion {
  scope: string;
  expanded: ReadonlySet<string>;
  callers: ReadonlyMap<string, BottomUpRow[]>;
  selected: string | null;
}

const fields = {
  name: (r: BottomUpRow) => r.name,
  selfMs: (r: BottomUpRow) => r.selfMs,
  totalMs: (r: BottomUpRow) => r.totalMs,
  tieBreak: (r: BottomUpRow) => `${r.location}\u0000${pathKey(r.path)}`,
};

export function BottomUpView({ client, transforms, by, onBy, active, perRequest, onMenu, onFocusFunction, reveal = null }: TableViewProps & { reveal?: RevealRequest | null }) {
  const scope = JSON.stringify({ transforms, by });
  const top = useView(client, active ? { view: 'bottom-up', transforms, by, path: [] } : null);
  const fresh = useMemo<Expansion>(() => ({ scope, expanded: new Set(), callers: new Map(), selected: null }), [scope]);
  const [state, setState] = useState<Expansion>(fresh);
  const s = state.scope === scope ? state : fresh;
  const update = (f: (prev: Expansion) => Expansion) => setState((prev) => f(prev.scope === scope ? prev : fresh));
  const [sort, setSort] = useState<SortState>({ column: 'selfMs', descending: true });
  const [query, setQuery] = useState('');
  const settledQuery = useDebounced(query, 120);
  const searchRef = useRef<HTMLInputElement>(null);
  useSlashToFocus(searchRef, active);

  // A finding's file:line was clicked: select its function's row (its hot lines show below), unfiltered.
  const [revealed, setRevealed] = useState<number | null>(null);
  if (reveal && revealed !== reveal.seq && by === 'function' && top.data && !top.stale) {
    setRevealed(reveal.seq);
    setQuery('');
    const row = top.data.rows.find((r) => r.frame === reveal.frame);
    if (row) setState((prev) => ({ ...(prev.scope === scope ? prev : fresh), selected: pathKey(row.path) }));
  }

  // Callers of every expanded row, asked for once.
  useEffect(() => {
    const missing = [...s.expanded].filter((k) => !s.callers.has(k));
    if (missing.length === 0) return;
    let live = true;
    const { transforms: t, by: b } = JSON.parse(s.scope) as { transforms: Transform[]; by: Grouping };
    for (const key of missing) {
      const path = key.split('.').map(Number);
      client.view({ view: 'bottom-up', transforms: t, by: b, path }).then((d) => {
        if (!live) return;
        setState((prev) => (prev.scope === s.scope ? { ...prev, callers: new Map(prev.callers).set(key, d.rows) } : prev));
      }, () => {});
    }
    return () => {
      live = false;
    };
  }, [client, s.scope, s.expanded, s.callers]);

  const rows = useMemo(() => {
    const all = top.data?.rows ?? [];
    const match = textMatcher(settledQuery);
    const roots = match ? all.filter((r) => match(r.name, r.location)) : all;
    return flattenTree(bottomUpSource(roots, s.callers), s.expanded, comparator(sort, fields));
  }, [top.data, settledQuery, s.callers, s.expanded, sort]);

  const columns = useMemo(
    () => numberColumns<BottomUpRow>({ selfMs: (r) => r.selfMs, totalMs: (r) => r.totalMs, location: (r) => r.location, category: (r) => r.category }, top.data?.durationMs ?? 0, perRequest),
    [top.data, perRequest],
  );


  const toggle = (row: FlatRow<BottomUpRow>, open: boolean) => update((prev) => {
    const expanded = new Set(prev.expanded);
    if (open) expanded.add(row.key);
    else expanded.delete(row.key);
    return { ...prev, expanded };
  });

  return (
    <div className="table-view">
      <TableToolbar query={query} onQuery={setQuery} by={by} onBy={onBy} rows={rows.length} searchRef={searchRef} status={top.stale ? 'updating…' : undefined} />
      {top.error ? <p className="note note-error">{top.error}</p> : (
        <TreeTable
          testId="bottom-up-table"
          label="Bottom-up: functions by self time; expand a row to see its callers"
          nameLabel={NAME_LABEL[by]}
          rows={rows}
          name={(r) => r.name}
          swatch={(r) => legendColor(r.category)}
          columns={columns}
          sort={sort}
          onSort={(c) => setSort((cur) => nextSort(cur, c))}
          selectedKey={s.selected}
          onSelect={(key) => update((prev) => ({ ...prev, selected: key }))}
          onToggle={toggle}
          onActivate={(row) => onFocusFunction(targetFromGroup(row.node))}
          onMenu={(row, x, y) => onMenu(targetFromGroup(row.node), x, y)}
          empty={top.data ? (settledQuery ? 'Nothing matches the filter.' : 'No samples.') : 'Computing…'}
          dim={top.stale}
        />
      )}
      {active && <HotLines client={client} transforms={transforms} by={by} selected={rows.find((r) => r.key === s.selected)?.node} />}
    </div>
  );
}
