// The Library: every recording, searchable (name, notes, tags, target, URL —
// on the server), filtered by tag and date, sorted by any column; a details
// panel for the selected one; import by button or by dropping files. Its top
// is LibraryHead.tsx; what its main area shows is decided in library-body.ts.
import { useMemo, useRef, useState } from 'react';
import { useAddressParams } from '../lib/useAddressParams.ts';
import type { RecordingRow } from '../../../shared/api.ts';
import { ErrorNote } from '../components/Notes.tsx';
import { formatInt } from '../lib/format.ts';
import { EmptyLibrary } from './EmptyLibrary.tsx';
import { libraryBody } from './library-body.ts';
import { LibraryHead, LibraryWarnings } from './LibraryHead.tsx';
import { LibraryFilterBar } from './LibraryFilterBar.tsx';
import { LibrarySidePanel } from './LibrarySidePanel.tsx';
import { ImportResults } from './ImportResults.tsx';
import { LibraryTable } from './LibraryTable.tsx';
import { beforeAfter, emptySelection, pickedOrder, shownSelection, type Selection } from './selection.ts';
import type { Imports } from './useImports.ts';
import { defaultFilters, filtersFromParams, filtersToParams, hasFilters, PAGE_LIMIT, useLibraryList, useLibraryStatus, type LibraryFilters } from './useLibraryList.ts';
import type { GroupRow } from '../../../shared/library/groups.ts';
import { GroupsSection } from './GroupsSection.tsx';
import { useGroups } from './useGroups.ts';
import { opensAtOnce } from './open-imported.ts';
import './library.css';

interface Props {
  /** Rows waiting for their delete (undo toast) or deleted. */
  hiddenIds: ReadonlySet<string>;
  onOpen(id: string): Promise<void>;
  /** One profile file chosen: shown at once while it is saved (open-imported.ts). */
  onOpenImported?(file: File): void;
  onCompare(ids: [string, string]): void;
  /** "Compare with…" from a recording: it is A, the user picks B here. */
  compareWith?: { id: string; name: string } | null;
  onCancelCompareWith?(): void;
  onDelete(rows: readonly RecordingRow[]): void;
  onRecord(): void;
  /** An experiment (its comparison) or a sweep (its table and chart). */
  onOpenGroup(g: GroupRow): void;
  imports: Imports;
}

export function LibraryScreen({ hiddenIds, onOpen, onOpenImported, onCompare, compareWith, onCancelCompareWith, onDelete, onRecord, onOpenGroup, imports }: Props) {
  const status = useLibraryStatus();
  // The search and filters live in the address (#/library?q=…): reload, back/forward and a pasted link keep them.
  const [params, setParams] = useAddressParams('#/library');
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilters = (update: (f: LibraryFilters) => LibraryFilters) => setParams(filtersToParams(update(filters)));
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [openError, setOpenError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const usable = status !== null && status.problem === null;
  const list = useLibraryList(filters, usable);
  const groups = useGroups(usable, filters.search);

  const rows = useMemo(() => (hiddenIds.size ? list.rows.filter((r) => !hiddenIds.has(r.id)) : list.rows), [list.rows, hiddenIds]);
  const order = useMemo(() => rows.map((r) => r.id), [rows]);
  const selected = useMemo(() => shownSelection(selection, order), [selection, order]);
  const byId = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  const selectedRows = selected.map((id) => byId.get(id)!);
  // In the order they were clicked; Compare makes the older A (beforeAfter).
  const picked = pickedOrder(selection, order);
  const hiddenCount = list.rows.length - rows.length;
  const total = Math.max(0, list.total - hiddenCount);
  const filtered = hasFilters(filters);

  const set = (patch: Partial<LibraryFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const open = (id: string) => {
    setOpenError(null);
    onOpen(id).catch((e: unknown) => setOpenError(e instanceof Error ? e.message : String(e)));
  };
  const remove = (ids: readonly string[]) => onDelete(ids.map((id) => byId.get(id)).filter((r): r is RecordingRow => !!r));
  const chooseFiles = () => fileInput.current?.click();
  const importChosen = (files: File[]) => {
    if (onOpenImported && opensAtOnce(files)) {
      onOpenImported(files[0]);
      return;
    }
    void imports.importFiles(files).then((outcomes) => {
      const last = [...outcomes].reverse().find((o) => o.row);
      if (last?.row) setSelection({ ids: new Set([last.row.id]), anchor: last.row.id, focus: last.row.id });
    });
  };

  const shows = libraryBody({ statusKnown: status !== null, usable, loaded: list.loaded, busy: list.busy, total, shown: rows.length, filtered, groups: groups.all.length });
  const body = {
    'opening': <p className="empty-state" aria-busy="true">Opening the library…</p>,
    'empty': <EmptyLibrary onRecord={onRecord} onImport={chooseFiles} usable={usable} />,
    'only-groups': <p className="hint" data-testid="library-only-groups">Every recording here belongs to an experiment or a sweep above: expand one (▸) to see its recordings.</p>,
    'no-match': (
      <div className="empty-state" data-testid="library-no-match">
        <p>No recordings match {filters.search.trim() ? <>“{filters.search.trim()}”</> : 'these filters'}.</p>
        <button type="button" className="button" onClick={() => setFilters((f) => ({ ...defaultFilters, sort: f.sort }))}>
          Clear the filters
        </button>
      </div>
    ),
    'table': (
      <LibraryTable rows={rows} order={order} selection={selection} selected={selected} onSelection={setSelection}
        sort={filters.sort} onSort={(sort) => set({ sort })} onOpen={open} onDelete={remove} />
    ),
  }[shows];

  return (
    <div className="library-screen" data-testid="library-screen">
      <LibraryWarnings problem={status?.problem} readOnly={status?.readOnly} />
      <LibraryHead fileInput={fileInput} usable={usable} readOnly={!!status?.readOnly} count={list.loaded ? { total, filtered } : null}
        groups={groups.all.length} onFiles={importChosen} />

      {usable && <LibraryFilterBar filters={filters} set={set} tags={list.tags} dateError={list.dateError} />}

      {compareWith && <CompareWithNote compareWith={compareWith} picked={picked} onCompare={onCompare} onCancel={onCancelCompareWith} />}

      <ImportResults imports={imports} />
      <ErrorNote message={list.error ?? openError} testId="library-error" />

      <div className={`library-body ${usable && list.loaded && (total > 0 || filtered) ? '' : 'no-panel'}`}>
        <div className="library-main">
          {usable && <GroupsSection groups={groups.shown} error={groups.error} onOpenGroup={onOpenGroup} onOpenRecording={open} />}
          {body}
          {usable && list.rows.length >= PAGE_LIMIT && list.total > list.rows.length && (
            <p className="hint">Showing the first {formatInt(list.rows.length)} of {formatInt(list.total)}: search or filter to find the others.</p>
          )}
        </div>
        {usable && list.loaded && (total > 0 || filtered) && (
          <LibrarySidePanel
            rows={selectedRows} onOpen={open} onDelete={onDelete} onRowChanged={list.patchRow}
            onCompare={() => onCompare(beforeAfter(byId.get(picked[0])!, byId.get(picked[1])!))} onClear={() => setSelection(emptySelection)}
          />
        )}
      </div>
    </div>
  );
}

/** "Compare with…" from a recording: it is A; the one recording selected here becomes B. */
function CompareWithNote({ compareWith, picked, onCompare, onCancel }: {
  compareWith: { id: string; name: string }; picked: readonly string[]; onCompare(ids: [string, string]): void; onCancel?(): void;
}) {
  const pickedB = picked.length === 1 && picked[0] !== compareWith.id ? picked[0] : null;
  return (
    <div className="note compare-with" data-testid="compare-with">
      <span>Comparing with <strong>{compareWith.name}</strong> (A): select the recording to be B.</span>
      <button type="button" className="button small primary" disabled={!pickedB} data-testid="compare-with-go" onClick={() => pickedB && onCompare([compareWith.id, pickedB])}>
        Compare with the selected
      </button>
      <button type="button" className="button small" onClick={onCancel}>Cancel</button>
    </div>
  );
}
