// Above each table: filter by name or file, group by function / file /
// package, and how many rows there are.
import { useEffect, useId, useState, type RefObject } from 'react';
import type { Grouping } from '../../../shared/profile/index.ts';
import { formatInt } from '../lib/format.ts';

export const GROUPINGS: { key: Grouping; label: string }[] = [
  { key: 'function', label: 'function' },
  { key: 'file', label: 'file' },
  { key: 'package', label: 'package' },
];

export const NAME_LABEL: Record<Grouping, string> = { function: 'Function', file: 'File', package: 'Package' };

interface Props {
  query: string;
  onQuery(q: string): void;
  by: Grouping;
  onBy(by: Grouping): void;
  rows: number;
  searchRef: RefObject<HTMLInputElement | null>;
  status?: string;
}

export function TableToolbar({ query, onQuery, by, onBy, rows, searchRef, status }: Props) {
  const id = useId();
  return (
    <div className="table-toolbar">
      <div className="search">
        <label htmlFor={`${id}-q`} className="visually-hidden">Filter by function or file</label>
        <input
          ref={searchRef}
          id={`${id}-q`}
          type="search"
          data-testid="table-search"
          placeholder="Filter by function or file  ( / )"
          value={query}
          aria-keyshortcuts="/"
          onChange={(e) => onQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && query) {
              e.stopPropagation();
              onQuery('');
            }
          }}
        />
        <span className="matches muted" aria-live="polite">{formatInt(rows)} {rows === 1 ? 'row' : 'rows'}{status ? ` · ${status}` : ''}</span>
      </div>
      <label className="group-by">
        Group by{' '}
        <select data-testid="group-by-select" value={by} onChange={(e) => onBy(e.target.value as Grouping)}>
          {GROUPINGS.map((g) => <option key={g.key} value={g.key}>{g.label}</option>)}
        </select>
      </label>
    </div>
  );
}

/** The value, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** "/" focuses the search of the panel in view, as in many web apps. */
export function useSlashToFocus(ref: RefObject<HTMLInputElement | null>, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target as HTMLElement | null;
      if (t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))) return;
      e.preventDefault();
      ref.current?.focus();
      ref.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [ref, active]);
}
