// The Library's search and filters: text (names, notes, tags, targets, URLs,
// searched on the server), a date range, and a tag. They live in the address
// (LibraryScreen keeps them there).
import { useId } from 'react';
import { ErrorNote } from '../components/Notes.tsx';
import type { LibraryFilters } from './useLibraryList.ts';

interface Props {
  filters: LibraryFilters;
  set(patch: Partial<LibraryFilters>): void;
  /** Every tag in the library, for the chips. */
  tags: readonly string[];
  dateError: string | null;
}

export function LibraryFilterBar({ filters, set, tags, dateError }: Props) {
  const uid = useId();
  return (
    <div className="library-filters">
      <div className="filter-row">
        <label htmlFor={`${uid}-search`} className="visually-hidden">Search the library</label>
        <input
          id={`${uid}-search`}
          className="library-search"
          data-testid="library-search"
          type="search"
          placeholder="Search names, notes, tags, targets, URLs"
          value={filters.search}
          onChange={(e) => set({ search: e.target.value })}
        />
        <label className="date-field">
          <span>From</span>
          <input type="date" data-testid="library-from" value={filters.fromDay} onChange={(e) => set({ fromDay: e.target.value })} />
        </label>
        <label className="date-field">
          <span>To</span>
          <input type="date" data-testid="library-to" value={filters.toDay} onChange={(e) => set({ toDay: e.target.value })} />
        </label>
        {(filters.fromDay || filters.toDay) && (
          <button type="button" className="button small ghost" onClick={() => set({ fromDay: '', toDay: '' })}>
            Any date
          </button>
        )}
      </div>
      {tags.length > 0 && (
        <div className="chips tag-filter" role="group" aria-label="Filter by tag">
          <span className="muted small">Tags:</span>
          {tags.map((t) => (
            <button
              key={t}
              type="button"
              className="chip"
              data-testid="tag-chip"
              data-tag={t}
              aria-pressed={filters.tag === t}
              onClick={() => set({ tag: filters.tag === t ? null : t })}
            >
              {t}
            </button>
          ))}
        </div>
      )}
      <ErrorNote message={dateError} testId="library-date-error" />
    </div>
  );
}
