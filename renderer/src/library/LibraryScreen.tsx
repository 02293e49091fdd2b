// The Library: every recording, searchable (name, notes, tags, target, URL —
// on the server), filtered by tag and date, sorted by any column; a details
// panel for the selected one; import by button or by dropping files.
import { useId, useMemo, useRef, useState } from 'react';
import { useAddressParams } from '../lib/useAddressParams.ts';
import type { RecordingRow } from '../../../shared/api.ts';
import { ErrorNote } from '../components/Notes.tsx';
import { formatInt } from '../lib/format.ts';
import { DetailsPanel, SelectionPanel } from './DetailsPanel.tsx';
import { ImportResults } from './ImportResults.tsx';
import { LibraryTable } from './LibraryTable.tsx';
import { emptySelection, pickedOrder, shownSelection, type Selection } from './selection.ts';
import { SplitLegend } from './SplitBar.tsx';
import type { Imports } from './useImports.ts';
import { defaultFilters, filtersFromParams, filtersToParams, hasFilters, PAGE_LIMIT, useLibraryList, useLibraryStatus, type LibraryFilters } from './useLibraryList.ts';
import type { GroupRow } from '../../../shared/groups.ts';
import { GroupsSection } from './GroupsSection.tsx';
import { useGroups } from './useGroups.ts';
import { opensAtOnce } from './open-imported.ts';
import './library.css';

export const IMPORT_ACCEPT = '.cpuprofile,.heapprofile,.json,.flambe,.gz,.pb,.pprof';

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
  const uid = useId();
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
  // A and B in the order they were clicked.
  const picked = pickedOrder(selection, order);
  const pickedB = compareWith && picked.length === 1 && picked[0] !== compareWith.id ? picked[0] : null;
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

  let body;
  if (status === null) {
    body = <p className="empty-state" aria-busy="true">Opening the library…</p>;
  } else if (!usable || (list.loaded && total === 0 && !filtered && !list.busy && groups.all.length === 0)) {
    body = <EmptyLibrary onRecord={onRecord} onImport={chooseFiles} usable={usable} />;
  } else if (list.loaded && total === 0 && !filtered) {
    body = <p className="hint" data-testid="library-only-groups">Every recording here belongs to an experiment or a sweep above: expand one (▸) to see its recordings.</p>;
  } else if (!list.loaded) {
    body = <p className="empty-state" aria-busy="true">Opening the library…</p>;
  } else if (rows.length === 0) {
    body = (
      <div className="empty-state" data-testid="library-no-match">
        <p>No recordings match {filters.search.trim() ? <>“{filters.search.trim()}”</> : 'these filters'}.</p>
        <button type="button" className="button" onClick={() => setFilters((f) => ({ ...defaultFilters, sort: f.sort }))}>
          Clear the filters
        </button>
      </div>
    );
  } else {
    body = (
      <LibraryTable
        rows={rows}
        order={order}
        selection={selection}
        selected={selected}
        onSelection={setSelection}
        sort={filters.sort}
        onSort={(sort) => set({ sort })}
        onOpen={open}
        onDelete={remove}
      />
    );
  }

  return (
    <div className="library-screen" data-testid="library-screen">
      {status?.problem && (
        <div className="warning library-warning" role="alert" data-testid="library-warning">
          <strong>The library is not available.</strong> {status.problem}
        </div>
      )}
      {status?.readOnly && (
        <div className="warning library-warning" role="status" data-testid="library-read-only">
          <strong>The library is read-only.</strong> {status.readOnly}
        </div>
      )}

      <header className="library-head">
        <h1 tabIndex={-1}>Library</h1>
        <span className="muted" data-testid="library-count" aria-live="polite">
          {usable && list.loaded ? `${formatInt(total)} ${total === 1 ? 'recording' : 'recordings'}${filtered ? ' match' : ''}` : ''}
          {usable && groups.all.length > 0 && ` · ${groups.all.length} ${groups.all.length === 1 ? 'experiment or sweep' : 'experiments and sweeps'} (their recordings listed under them)`}
        </span>
        <span className="grow" />
        <button type="button" className="button" data-testid="import-button" onClick={chooseFiles} disabled={!usable || !!status?.readOnly}>
          Import…
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={IMPORT_ACCEPT}
          multiple
          hidden
          data-testid="import-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (onOpenImported && opensAtOnce(files)) {
              onOpenImported(files[0]);
              return;
            }
            void imports.importFiles(files).then((outcomes) => {
              const last = [...outcomes].reverse().find((o) => o.row);
              if (last?.row) setSelection({ ids: new Set([last.row.id]), anchor: last.row.id, focus: last.row.id });
            });
          }}
        />
      </header>

      {usable && (
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
          {list.tags.length > 0 && (
            <div className="chips tag-filter" role="group" aria-label="Filter by tag">
              <span className="muted small">Tags:</span>
              {list.tags.map((t) => (
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
          <ErrorNote message={list.dateError} testId="library-date-error" />
        </div>
      )}

      {compareWith && (
        <div className="note compare-with" data-testid="compare-with">
          <span>Comparing with <strong>{compareWith.name}</strong> (A): select the recording to be B.</span>
          <button type="button" className="button small primary" disabled={!pickedB} data-testid="compare-with-go" onClick={() => pickedB && onCompare([compareWith.id, pickedB])}>
            Compare with the selected
          </button>
          <button type="button" className="button small" onClick={onCancelCompareWith}>Cancel</button>
        </div>
      )}

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
          selectedRows.length === 1 ? (
            <DetailsPanel key={selectedRows[0].id} row={selectedRows[0]} onOpen={open} onDelete={(r) => onDelete(r)} onRowChanged={list.patchRow} />
          ) : selectedRows.length > 1 ? (
            <SelectionPanel
              rows={selectedRows}
              onCompare={() => onCompare([picked[0], picked[1]])}
              onDelete={() => onDelete(selectedRows)}
              onClear={() => setSelection(emptySelection)}
            />
          ) : (
            <aside className="library-panel card library-help">
              <h2>Details</h2>
              <p className="hint">Click a recording to see its details, rename it, tag it, add notes or export it.</p>
              <p className="hint">Ctrl/⌘-click or Shift-click to select several; select two to compare them. Enter or a double-click opens one; Delete deletes (with Undo).</p>
              <h3>CPU split</h3>
              <SplitLegend />
            </aside>
          )
        )}
      </div>
    </div>
  );
}

function EmptyLibrary({ onRecord, onImport, usable }: { onRecord(): void; onImport(): void; usable: boolean }) {
  return (
    <section className="library-empty card" data-testid="library-empty">
      <h2>{usable ? 'No recordings yet' : 'No library this time'}</h2>
      {usable ? (
        <p>
          Every recording you make is saved here: searchable by name, notes, tags, target and URL, ready to export or to compare
          with another one.
        </p>
      ) : (
        <p>
          Recording still works: each result shows when it ends, and its <strong>Export bundle…</strong> button saves it as a
          file you can import once the library opens again.
        </p>
      )}
      <ol>
        <li>
          Go to <strong>Record</strong> and choose a target — no server handy? Press <strong>Try the demo server</strong>.
        </li>
        <li>Press <strong>Record</strong>{usable ? ': the result lands here when it is done.' : '.'}</li>
      </ol>
      <div className="actions">
        <button type="button" className="button primary" data-testid="empty-record-button" onClick={onRecord}>
          Make a first recording
        </button>
        {usable && (
          <button type="button" className="button" onClick={onImport}>
            Import a .cpuprofile…
          </button>
        )}
      </div>
      {usable && (
        <p className="hint">
          Already have a profile from <code>node --cpu-prof</code>, Chrome DevTools or VS Code? Import it, or drop the file anywhere
          on this window. A <code>.flambe</code> bundle from a teammate imports the same way.
        </p>
      )}
    </section>
  );
}
