// Which column the Library is sorted by, and what a click on a header does.
// The sorting itself happens in the library (SQL); this is only the state.
import type { sortColumns } from '../../../shared/api.ts';

export type SortColumn = (typeof sortColumns)[number];
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: SortColumn;
  direction: SortDirection;
}

export const defaultSort: SortState = { column: 'createdAt', direction: 'desc' };

/** Text columns read A→Z first; numbers and dates show the biggest / newest first. */
const TEXT_COLUMNS: ReadonlySet<SortColumn> = new Set<SortColumn>(['name', 'targetLabel', 'url']);

export function firstDirection(column: SortColumn): SortDirection {
  return TEXT_COLUMNS.has(column) ? 'asc' : 'desc';
}

/** A click on a header: the same column flips its direction, another starts at its natural one. */
export function nextSort(state: SortState, column: SortColumn): SortState {
  if (state.column === column) return { column, direction: state.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: firstDirection(column) };
}

/** The header's aria-sort value. */
export function ariaSort(state: SortState, column: SortColumn): 'ascending' | 'descending' | 'none' {
  if (state.column !== column) return 'none';
  return state.direction === 'asc' ? 'ascending' : 'descending';
}

/** The arrow after a header's label ('' when the column is not the sort column). */
export function sortArrow(state: SortState, column: SortColumn): string {
  if (state.column !== column) return '';
  return state.direction === 'asc' ? '▲' : '▼';
}
