// A tree grid for the bottom-up and call-tree tables: the rows are the
// flattened expanded tree (analysis/tree-rows.ts); only the rows in view are
// in the DOM (@tanstack/react-virtual), so 50 000 rows scroll smoothly.
// Keys: ↑/↓ move, → expands, ← collapses, Enter focuses on the function,
// the context-menu key or Shift+F10 opens the transforms.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { keyAction, type FlatRow, type SortColumn, type SortState } from '../analysis/tree-rows.ts';

export const ROW_HEIGHT = 24;
const INDENT_PX = 14;
/** Past this depth rows stop moving right (a 1 000-deep stack would leave the screen); the depth is then written out. */
const MAX_INDENT = 30;

const estimateSize = () => ROW_HEIGHT;

export interface Column<N> {
  id: SortColumn | 'location';
  label: string;
  /** CSS grid track. */
  width: string;
  title?: string;
  render(row: FlatRow<N>): ReactNode;
}

interface Props<N> {
  testId: string;
  label: string;
  /** Header of the first column: Function, File or Package. */
  nameLabel: string;
  rows: readonly FlatRow<N>[];
  /** The first column: name, with the twisty. */
  name(node: N): string;
  /** Small text after the name (a category), or ''. */
  nameNote?(node: N): string;
  swatch?(node: N): string;
  columns: Column<N>[];
  sort: SortState;
  onSort(column: SortColumn): void;
  selectedKey: string | null;
  onSelect(key: string): void;
  onToggle(row: FlatRow<N>, open: boolean): void;
  onActivate(row: FlatRow<N>): void;
  onMenu(row: FlatRow<N>, x: number, y: number): void;
  empty: ReactNode;
  dim?: boolean;
}

export function TreeTable<N>(props: Props<N>) {
  const { rows, columns, sort, selectedKey } = props;
  const uid = useId();
  const scroller = useRef<HTMLDivElement>(null);
  // Stable callbacks: the virtualizer re-measures every row when they change (50 000 calls per frame otherwise).
  const getItemKey = useCallback((i: number) => rows[i].key, [rows]);
  const getScrollElement = useCallback(() => scroller.current, []);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's values are read in render only
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement, estimateSize, getItemKey, overscan: 16 });
  const selectedIndex = selectedKey === null ? -1 : rows.findIndex((r) => r.key === selectedKey);
  const template = `minmax(14rem, 1fr) ${columns.map((c) => c.width).join(' ')}`;

  // A row chosen from outside (or a re-sort) stays in view.
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    const action = keyAction(rows, selectedIndex, e.key, { shift: e.shiftKey, pageSize: page });
    if (!action) return;
    e.preventDefault();
    const row = rows[action.index];
    switch (action.type) {
      case 'select': props.onSelect(row.key); break;
      case 'expand': props.onToggle(row, true); break;
      case 'collapse': props.onToggle(row, false); break;
      case 'activate': props.onActivate(row); break;
      case 'menu': {
        const el = document.getElementById(`${uid}-row-${action.index}`);
        const box = (el ?? e.currentTarget).getBoundingClientRect();
        props.onMenu(row, box.left + 32, box.top + Math.min(box.height, ROW_HEIGHT));
        break;
      }
    }
  };

  const onRowMouse = (e: MouseEvent, row: FlatRow<N>) => {
    props.onSelect(row.key);
    scroller.current?.focus({ preventScroll: true });
    if (e.type === 'contextmenu') {
      e.preventDefault();
      props.onMenu(row, e.clientX, e.clientY);
    }
  };

  return (
    <div className={`tree-table${props.dim ? ' stale' : ''}`}>
      <div className="tree-head" role="presentation" style={{ gridTemplateColumns: template }}>
        <HeaderCell id="name" label={props.nameLabel} sort={sort} onSort={props.onSort} left />
        {columns.map((c) => (
          c.id === 'location'
            ? <div key={c.id} className="th left" title={c.title}>{c.label}</div>
            : <HeaderCell key={c.id} id={c.id} label={c.label} title={c.title} sort={sort} onSort={props.onSort} />
        ))}
      </div>
      <div
        ref={scroller}
        className="tree-scroller"
        role="treegrid"
        aria-label={props.label}
        aria-rowcount={rows.length}
        aria-activedescendant={selectedIndex >= 0 ? `${uid}-row-${selectedIndex}` : undefined}
        tabIndex={0}
        data-testid={props.testId}
        data-rows={rows.length}
        onKeyDown={onKeyDown}
      >
        {rows.length === 0 ? <div className="tree-empty muted">{props.empty}</div> : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => (
              <TreeRow
                key={item.key} row={rows[item.index]} index={item.index} top={item.start} domId={`${uid}-row-${item.index}`} template={template}
                selected={item.index === selectedIndex} table={props} onRowMouse={onRowMouse}
              />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

/** One row: the name with its twisty (a button: expand or collapse), then each column's cell. */
function TreeRow<N>({ row, index, top, domId, template, selected, table, onRowMouse }: {
  row: FlatRow<N>; index: number; top: number; domId: string; template: string; selected: boolean;
  table: Props<N>; onRowMouse(e: MouseEvent, row: FlatRow<N>): void;
}) {
  const name = table.name(row.node);
  const note = table.nameNote?.(row.node) ?? '';
  const indent = Math.min(row.depth, MAX_INDENT) * INDENT_PX;
  return (
    <div
      id={domId}
      role="row"
      aria-level={row.depth + 1}
      aria-rowindex={index + 1}
      aria-expanded={row.hasChildren ? row.expanded : undefined}
      aria-selected={selected}
      className={`tree-row${selected ? ' selected' : ''}`}
      data-testid="table-row"
      data-depth={row.depth}
      data-name={name}
      style={{ gridTemplateColumns: template, transform: `translateY(${top}px)`, height: ROW_HEIGHT }}
      onClick={(e) => onRowMouse(e, row)}
      onDoubleClick={() => row.hasChildren && table.onToggle(row, !row.expanded)}
      onContextMenu={(e) => onRowMouse(e, row)}
    >
      <div role="gridcell" className="td name" style={{ paddingLeft: indent + 4 }} title={name}>
        {row.hasChildren ? (
          <button
            type="button"
            tabIndex={-1}
            className="twisty"
            aria-label={row.expanded ? `Collapse ${name}` : `Expand ${name}`}
            onClick={(e) => {
              e.stopPropagation();
              table.onSelect(row.key);
              table.onToggle(row, !row.expanded);
            }}
          >
            {row.expanded ? '▾' : '▸'}
          </button>
        ) : <span className="twisty" aria-hidden="true" />}
        {table.swatch && <span className="dot" style={{ background: table.swatch(row.node) }} aria-hidden="true" />}
        {row.depth > MAX_INDENT && <span className="depth muted">{row.depth}</span>}
        <span className="fn">{name}</span>
        {note && <span className="note-text muted">{note}</span>}
        {row.loading && <span className="muted small"> loading…</span>}
      </div>
      {table.columns.map((c) => (
        <div key={c.id} role="gridcell" className={`td ${c.id === 'location' ? 'left loc' : 'num'}`}>{c.render(row)}</div>
      ))}
    </div>
  );
}

function HeaderCell({ id, label, title, sort, onSort, left }: { id: SortColumn; label: string; title?: string; sort: SortState; onSort(c: SortColumn): void; left?: boolean }) {
  const active = sort.column === id;
  return (
    <div className={`th${left ? ' left' : ''}`} role="columnheader" aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
      <button type="button" className={`sort${active ? ' active' : ''}`} title={title} onClick={() => onSort(id)} data-sort={id}>
        {label}
        <span className="arrow" aria-hidden="true">{active ? (sort.descending ? '↓' : '↑') : ''}</span>
      </button>
    </div>
  );
}
