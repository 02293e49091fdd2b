// The Library's rows: one listRecordings call per query (one large page —
// the table is virtualized), refreshed when the library changes.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { LibraryStatus, ListQuery, ListResult, RecordingRow } from '../../../shared/api.ts';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { parseDateRange } from './date-range.ts';
import type { SortState } from './sorting.ts';
import { sortColumns } from '../../../shared/api.ts';

/** The contract's largest page: enough for any library a person keeps; beyond it the table says so. */
export const PAGE_LIMIT = 20_000;
const SEARCH_DELAY_MS = 200;
const REFRESH_DELAY_MS = 120;

export interface LibraryFilters {
  search: string;
  tag: string | null;
  /** "YYYY-MM-DD" from <input type="date">, or "". */
  fromDay: string;
  toDay: string;
  sort: SortState;
}

export const defaultFilters: LibraryFilters = { search: '', tag: null, fromDay: '', toDay: '', sort: { column: 'createdAt', direction: 'desc' } };

export function hasFilters(f: LibraryFilters): boolean {
  return !!(f.search.trim() || f.tag || f.fromDay || f.toDay);
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export interface LibraryList {
  /** False until the first answer. */
  loaded: boolean;
  /** The rows shown are from an earlier query; the answer to the current one is on its way. */
  busy: boolean;
  rows: RecordingRow[];
  total: number;
  tags: string[];
  error: string | null;
  /** The date filter cannot be read (the list keeps its last rows). */
  dateError: string | null;
  /** Shows a row the services just returned (rename, tags) before the refresh brings it. */
  patchRow(row: RecordingRow): void;
}

export function useLibraryList(filters: LibraryFilters, enabled: boolean): LibraryList {
  const client = useClient();
  const search = useDebounced(filters.search.trim(), SEARCH_DELAY_MS);
  const range = parseDateRange(filters.fromDay, filters.toDay);
  const query: ListQuery | null = range.ok
    // A group's recordings are listed under their group (GroupsSection), not as loose rows.
    ? { search, tag: filters.tag ?? undefined, from: range.from, to: range.to, sort: filters.sort.column, direction: filters.sort.direction, offset: 0, limit: PAGE_LIMIT, grouped: 'loose' }
    : null;
  const key = query && enabled ? JSON.stringify(query) : null;

  // Bumped by libraryChanged (coalesced: an import of ten files is one refresh).
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = client.onEvent((e) => {
      if (e.name !== 'libraryChanged') return;
      clearTimeout(timer);
      timer = setTimeout(() => setVersion((v) => v + 1), REFRESH_DELAY_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [client, enabled]);

  // The last good answer stays on screen while the next one is on its way.
  const [list, setList] = useState<ListResult | null>(null);
  const [answered, setAnswered] = useState<{ key: string; error: string | null } | null>(null);
  const [patches, setPatches] = useState<ReadonlyMap<string, RecordingRow>>(new Map());

  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    client.api.listRecordings(JSON.parse(key) as ListQuery).then(
      (result) => {
        if (cancelled) return;
        setList(result);
        setPatches(new Map());
        setAnswered({ key, error: null });
      },
      (e: unknown) => !cancelled && setAnswered({ key, error: errorMessage(e) }),
    );
    return () => {
      cancelled = true;
    };
  }, [client, key, version]);

  const rows = useMemo(() => {
    if (!list) return [];
    if (patches.size === 0) return list.rows;
    return list.rows.map((r) => patches.get(r.id) ?? r);
  }, [list, patches]);

  const patchRow = useCallback((row: RecordingRow) => setPatches((p) => new Map(p).set(row.id, row)), []);
  const current = answered !== null && answered.key === key;

  return {
    loaded: list !== null,
    busy: !current,
    rows,
    total: list?.total ?? 0,
    tags: list?.tags ?? [],
    error: current ? answered.error : null,
    dateError: range.ok ? null : range.message,
    patchRow,
  };
}

/** libraryStatus once: whether the library file could be opened. */
export function useLibraryStatus(): LibraryStatus | null {
  const client = useClient();
  const [status, setStatus] = useState<LibraryStatus | null>(null);
  useEffect(() => {
    let cancelled = false;
    client.api.libraryStatus({}).then(
      (s) => !cancelled && setStatus(s),
      (e: unknown) => !cancelled && setStatus({ path: null, problem: errorMessage(e), readOnly: null }),
    );
    return () => {
      cancelled = true;
    };
  }, [client]);
  return status;
}

/**
 * The filters as the Library's address carries them (#/library?q=json&tag=slow&from=…&to=…&sort=name.asc):
 * a reload, back/forward or a pasted link brings the same list back. Defaults are left out.
 */
export function filtersToParams(f: LibraryFilters): Record<string, string | null> {
  const sorted = f.sort.column !== defaultFilters.sort.column || f.sort.direction !== defaultFilters.sort.direction;
  return { q: f.search || null, tag: f.tag, from: f.fromDay || null, to: f.toDay || null, sort: sorted ? `${f.sort.column}.${f.sort.direction}` : null };
}

export function filtersFromParams(p: Readonly<Record<string, string>>): LibraryFilters {
  const [column, direction] = (p.sort ?? '').split('.');
  const sort = (sortColumns as readonly string[]).includes(column) && (direction === 'asc' || direction === 'desc')
    ? { column: column as SortState['column'], direction: direction as SortState['direction'] }
    : defaultFilters.sort;
  const day = (s: string | undefined) => (s && /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : '');
  return { search: p.q ?? '', tag: p.tag ?? null, fromDay: day(p.from), toDay: day(p.to), sort };
}
