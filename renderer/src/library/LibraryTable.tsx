// The Library table: a virtualized grid (only the rows in view are in the
// DOM, so 10 000 recordings scroll like 10), sortable by its headers,
// multi-select with the mouse (click, Ctrl/⌘-click, Shift-click) and the
// keyboard (arrows, Shift+arrows, Space, Ctrl/⌘+A: grid-keys.ts), Enter or
// double-click opens.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { RecordingRow } from '../../../shared/api.ts';
import { formatMsNumber, formatRate } from '../lib/format.ts';
import { formatRowDate, listedName, rowRouteText, rowRouteTitle, shortTarget } from '../lib/row-format.ts';
import { gridKey } from './grid-keys.ts';
import { clickRow, emptySelection, selectAll, type Selection } from './selection.ts';
import { ariaSort, nextSort, sortArrow, type SortColumn, type SortState } from './sorting.ts';
import { SplitBar } from './SplitBar.tsx';

const ROW_HEIGHT = 40;
const HEADER_HEIGHT = 38;
const rowHeight = () => ROW_HEIGHT;

interface Column {
  key: string;
  label: string;
  sort?: SortColumn;
  numeric?: boolean;
}

const COLUMNS: Column[] = [
  { key: 'name', label: 'Name', sort: 'name' },
  { key: 'date', label: 'Date', sort: 'createdAt' },
  { key: 'target', label: 'Target', sort: 'targetLabel' },
  { key: 'route', label: 'Route', sort: 'url' },
  { key: 'rps', label: 'Requests/s', sort: 'rps', numeric: true },
  { key: 'p99', label: 'p99 (ms)', sort: 'p99Ms', numeric: true },
  { key: 'cpu', label: 'CPU split' },
  { key: 'tags', label: 'Tags' },
];

interface Props {
  rows: RecordingRow[];
  order: readonly string[];
  selection: Selection;
  /** The selected rows that are shown, in table order. */
  selected: readonly string[];
  onSelection(next: Selection): void;
  sort: SortState;
  onSort(next: SortState): void;
  onOpen(id: string): void;
  onDelete(ids: readonly string[]): void;
}

export function LibraryTable({ rows, order, selection, selected, onSelection, sort, onSort, onOpen, onDelete }: Props) {
  const uid = useId();
  const scroller = useRef<HTMLDivElement>(null);
  // The React Compiler is not used here; the warning is about its memoization.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: rowHeight,
    // Stable between scrolls: a new function makes the virtualizer re-measure every row.
    getItemKey: useCallback((i: number) => rows[i].id, [rows]),
    overscan: 8,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });

  const focusIndex = selection.focus === null ? -1 : order.indexOf(selection.focus);
  const selectedSet = new Set(selected);
  const allSelected = rows.length > 0 && selected.length === rows.length;

  const move = (next: Selection) => {
    onSelection(next);
    const i = next.focus === null ? -1 : order.indexOf(next.focus);
    if (i >= 0) virtualizer.scrollToIndex(i, { align: 'auto' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    const action = gridKey({ key: e.key, shift: e.shiftKey, mod: e.ctrlKey || e.metaKey }, selection, order, selected, page);
    if (!action) return;
    e.preventDefault();
    if (action.kind === 'move') move(action.next);
    else if (action.kind === 'select') onSelection(action.next);
    else if (action.kind === 'open') onOpen(action.id);
    else if (action.kind === 'delete') onDelete(action.ids);
  };

  const rowIdOf = (e: MouseEvent) => (e.target as Element).closest<HTMLElement>('[data-testid="library-row"]')?.dataset.id;
  const onRowsClick = (e: MouseEvent) => {
    const id = rowIdOf(e);
    if (!id) return;
    // A row's checkbox toggles that row (with Shift: adds the range), like Ctrl/⌘-click.
    const checkbox = (e.target as Element).matches('input[type="checkbox"]');
    onSelection(clickRow(selection, order, id, { shift: e.shiftKey, toggle: checkbox || e.ctrlKey || e.metaKey }));
  };
  // The grid keeps the focus (and the keyboard) when a row's checkbox is clicked.
  const onRowsMouseDown = (e: MouseEvent) => {
    if (!(e.target as Element).matches('input[type="checkbox"]')) return;
    e.preventDefault();
    scroller.current?.focus({ preventScroll: true });
  };
  const onRowsDoubleClick = (e: MouseEvent) => {
    const id = rowIdOf(e);
    if (id) onOpen(id);
  };

  const items = virtualizer.getVirtualItems();

  return (
    <div
      ref={scroller}
      className="library-grid"
      role="grid"
      aria-label="Recordings"
      aria-rowcount={rows.length + 1}
      aria-multiselectable="true"
      aria-activedescendant={focusIndex >= 0 ? `${uid}-row-${focusIndex}` : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      // As tall as its rows, up to the window's height (contain: strict needs a height).
      style={{ height: HEADER_HEIGHT + rows.length * ROW_HEIGHT + 2 }}
    >
      <HeaderRow allSelected={allSelected} someSelected={selected.length > 0 && !allSelected} sort={sort} onSort={onSort}
        onSelectAll={() => onSelection(allSelected ? emptySelection : selectAll(selection, order))} />
      {/* One click handler for every row (delegation): the rows themselves are pure and memoized, so scrolling renders only the rows that come into view. */}
      <div className="library-rows" style={{ height: virtualizer.getTotalSize() - HEADER_HEIGHT }} onMouseDown={onRowsMouseDown} onClick={onRowsClick} onDoubleClick={onRowsDoubleClick}>
        {items.map((item) => {
          const row = rows[item.index];
          return (
            <RowView
              key={row.id}
              row={row}
              domId={`${uid}-row-${item.index}`}
              index={item.index}
              top={item.start - HEADER_HEIGHT}
              selected={selectedSet.has(row.id)}
              focused={item.index === focusIndex}
            />
          );
        })}
      </div>
    </div>
  );
}

/** The column heads: select all (or none), and a sort button on each sortable column. */
function HeaderRow({ allSelected, someSelected, onSelectAll, sort, onSort }: {
  allSelected: boolean; someSelected: boolean; onSelectAll(): void; sort: SortState; onSort(next: SortState): void;
}) {
  return (
    <div className="library-header-row library-cols" role="row" aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
      <div role="columnheader" className="cell cell-check">
        <input
          type="checkbox"
          tabIndex={-1}
          aria-label={allSelected ? 'Select none' : 'Select all'}
          checked={allSelected}
          ref={(el) => {
            if (el) el.indeterminate = someSelected;
          }}
          onChange={onSelectAll}
        />
      </div>
      {COLUMNS.map((c) => (
        <div key={c.key} role="columnheader" className={`cell cell-${c.key} ${c.numeric ? 'numeric' : ''}`} aria-sort={c.sort ? ariaSort(sort, c.sort) : undefined}>
          {c.sort ? (
            <button type="button" className="sort-button" tabIndex={-1} data-testid={`sort-${c.sort}`} onClick={() => onSort(nextSort(sort, c.sort!))}>
              {c.label}
              <span className="sort-arrow" aria-hidden="true">{sortArrow(sort, c.sort)}</span>
            </button>
          ) : (
            c.label
          )}
        </div>
      ))}
    </div>
  );
}

interface RowProps {
  row: RecordingRow;
  domId: string;
  index: number;
  /** Offset from the top of the rows, px. */
  top: number;
  selected: boolean;
  focused: boolean;
}

const RowView = memo(function RowView({ row, domId, index, top, selected, focused }: RowProps) {
  const route = rowRouteText(row);
  return (
    <div
      id={domId}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={`library-row library-cols ${selected ? 'is-selected' : ''} ${focused ? 'is-focus' : ''}`}
      data-testid="library-row"
      data-id={row.id}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      <div role="gridcell" className="cell cell-check">
        <input type="checkbox" tabIndex={-1} aria-label={`Select ${row.name}`} checked={selected} onChange={() => {}} />
      </div>
      <div role="gridcell" className="cell cell-name" title={row.name}>
        <span className="row-name">{listedName(row.name, row.createdAt)}</span>
        {row.error && <span className="row-flag error" title={row.error}>fault</span>}
        {row.source === 'imported' && <span className="row-flag">imported</span>}
      </div>
      <div role="gridcell" className="cell cell-date" title={new Date(row.createdAt).toString()}>
        {formatRowDate(row.createdAt)}
      </div>
      <div role="gridcell" className="cell cell-target" title={row.targetLabel ?? undefined}>
        {shortTarget(row.targetLabel) ?? <span className="muted">–</span>}
      </div>
      <div role="gridcell" className="cell cell-route" title={rowRouteTitle(row) ?? 'No load was run (imported profile)'}>
        {route ?? <span className="muted">–</span>}
      </div>
      <div role="gridcell" className="cell cell-rps numeric">{formatRate(row.rps)}</div>
      <div role="gridcell" className="cell cell-p99 numeric">{formatMsNumber(row.p99Ms)}</div>
      <div role="gridcell" className="cell cell-cpu">
        <SplitBar split={row.cpuSplit} />
      </div>
      <div role="gridcell" className="cell cell-tags" title={row.tags.join(', ')}>
        {/* One chip and a count: chips side by side were cut off at the cell's edge (the title lists them all). */}
        {row.tags.slice(0, 1).map((t) => (
          <span key={t} className="row-tag">{t}</span>
        ))}
        {row.tags.length > 1 && <span className="row-tag row-tag-more" aria-label={`and ${row.tags.length - 1} more`}>+{row.tags.length - 1}</span>}
      </div>
    </div>
  );
});
