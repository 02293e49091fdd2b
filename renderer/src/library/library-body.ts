// What the Library's main area shows (pure, tested): "Opening the library…"
// until the library answers, the empty state when there is nothing yet (or
// the library cannot be used), a hint when every recording belongs to an
// experiment or a sweep, "No recordings match" when filters hide them all,
// else the table.
export type LibraryBody = 'opening' | 'empty' | 'only-groups' | 'no-match' | 'table';

export interface LibraryBodyFacts {
  /** The library's status has come (usable or not). */
  statusKnown: boolean;
  usable: boolean;
  /** The first page of rows has come. */
  loaded: boolean;
  /** A new page is being read. */
  busy: boolean;
  /** Recordings matching, less those waiting for their delete. */
  total: number;
  /** Rows shown now. */
  shown: number;
  /** A search or a filter is set. */
  filtered: boolean;
  /** Experiments and sweeps listed above the table. */
  groups: number;
}

export function libraryBody(f: LibraryBodyFacts): LibraryBody {
  if (!f.statusKnown) return 'opening';
  if (!f.usable || (f.loaded && f.total === 0 && !f.filtered && !f.busy && f.groups === 0)) return 'empty';
  if (f.loaded && f.total === 0 && !f.filtered) return 'only-groups';
  if (!f.loaded) return 'opening';
  if (f.shown === 0) return 'no-match';
  return 'table';
}
