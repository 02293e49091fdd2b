// The selected recording: rename in place, notes (saved as they are typed, and when the box is
// left), tags, export, open, delete. Mounted with key={row.id}, so every
// draft belongs to one recording.
import { useEffect, useId, useRef, useState } from 'react';
import type { RecordingRow } from '../../../shared/api.ts';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { ErrorNote } from '../components/Notes.tsx';
import { formatDuration, formatInt, formatMs, formatRate } from '../lib/format.ts';
import { downloadExported } from '../lib/download.ts';
import { formatRowDate, parseTags, routeOf } from '../lib/row-format.ts';
import { SplitBar, SplitLegend } from './SplitBar.tsx';
import { whyNoSplit } from './split-bar.ts';

interface Props {
  row: RecordingRow;
  onOpen(id: string): void;
  onDelete(rows: readonly RecordingRow[]): void;
  /** The services answered with the row as it is now. */
  onRowChanged(row: RecordingRow): void;
}

export function DetailsPanel({ row, onOpen, onDelete, onRowChanged }: Props) {
  const client = useClient();
  const id = useId();
  const [nameDraft, setNameDraft] = useState<string | null>(null);
  const [notesDraft, setNotesDraft] = useState<string | null>(null);
  const [tagText, setTagText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [exporting, setExporting] = useState<'cpuprofile' | 'bundle' | 'pprof' | 'trace' | null>(null);
  // A bundle masks values that look secret (API_TOKEN=…) unless this is ticked; what it masked is said below the buttons.
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [exportNote, setExportNote] = useState<string | null>(null);
  const cancelRename = useRef(false);
  // Notes typed but not saved yet: saved half a second after the last key, on blur, or when the panel goes away first.
  const unsavedNotes = useRef<string | null>(null);
  const notesTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const recordingId = row.id;
    // A reload or a closed tab within that half second: the browser asks first.
    const warn = (e: BeforeUnloadEvent) => {
      if (unsavedNotes.current !== null) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      if (notesTimer.current) clearTimeout(notesTimer.current);
      const notes = unsavedNotes.current;
      if (notes !== null) void client.api.setNotes({ id: recordingId, notes }).catch(() => {});
    };
  }, [client, row.id]);

  const saveName = async () => {
    const draft = nameDraft;
    if (draft === null) return;
    const name = draft.trim();
    if (cancelRename.current || name === row.name || !name) {
      if (!name && !cancelRename.current) setError('A recording needs a name.');
      cancelRename.current = false;
      setNameDraft(null);
      return;
    }
    try {
      onRowChanged(await client.api.renameRecording({ id: row.id, name }));
      setError(null);
      setStatus('Renamed.');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setNameDraft(null);
    }
  };

  /** `typing`: saved while the box still has focus; the draft stays as typed. */
  const saveNotes = async (typing = false) => {
    if (notesTimer.current) clearTimeout(notesTimer.current);
    notesTimer.current = null;
    const notes = unsavedNotes.current;
    unsavedNotes.current = null;
    if (notes === null || notes === row.notes) {
      if (!typing) setNotesDraft(null);
      return;
    }
    try {
      onRowChanged(await client.api.setNotes({ id: row.id, notes }));
      setError(null);
      setStatus('Notes saved.');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      if (!typing) setNotesDraft(null);
    }
  };

  const editTags = async (add: string[], remove: string[]) => {
    try {
      onRowChanged(await client.api.editTags({ id: row.id, add, remove }));
      setError(null);
      return true;
    } catch (e) {
      setError(errorMessage(e));
      return false;
    }
  };

  const addTags = async () => {
    const tags = parseTags(tagText).filter((t) => !row.tags.includes(t));
    if (tags.length === 0) {
      setTagText('');
      return;
    }
    if (await editTags(tags, [])) setTagText('');
  };

  const exportAs = async (format: 'cpuprofile' | 'bundle' | 'pprof' | 'trace') => {
    setExporting(format);
    try {
      const file = await client.api.exportRecording({ id: row.id, format, ...(format === 'bundle' ? { includeSecrets } : {}) });
      downloadExported(file);
      setError(null);
      setStatus(`Saved ${file.fileName}.`);
      setExportNote(file.note ? file.note.replace('export with secrets included', 'tick "Include secrets" and export again') : null);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setExporting(null);
    }
  };

  const route = routeOf(row.method, row.url);

  return (
    <aside className="library-panel card" aria-labelledby={`${id}-name-label`} data-testid="library-details" data-id={row.id}>
      <label id={`${id}-name-label`} htmlFor={`${id}-name`} className="visually-hidden">Name of the recording</label>
      {/* A textarea so a long name wraps instead of being cut; Enter still saves (names have no line breaks). */}
      <textarea
        id={`${id}-name`}
        className="rename-input"
        data-testid="rename-input"
        rows={1}
        value={nameDraft ?? row.name}
        maxLength={200}
        title="Click to rename"
        onFocus={() => setNameDraft(row.name)}
        onChange={(e) => setNameDraft(e.target.value.replace(/\s*\n\s*/g, ' '))}
        onBlur={() => void saveName()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            e.currentTarget.blur();
          } else if (e.key === 'Escape') {
            e.stopPropagation();
            cancelRename.current = true;
            e.currentTarget.blur();
          }
        }}
      />
      <p className="panel-sub muted">
        <time dateTime={row.createdAt}>{formatRowDate(row.createdAt)}</time> · {row.source === 'imported' ? 'imported file' : 'recorded'}
      </p>

      <div className="actions">
        <button type="button" className="button primary" data-testid="open-button" onClick={() => onOpen(row.id)}>
          Open
        </button>
        <button type="button" className="button danger" data-testid="delete-button" onClick={() => onDelete([row])} aria-keyshortcuts="Delete">
          Delete
        </button>
      </div>

      {row.error && <p className="note note-error">{row.error}</p>}
      <ErrorNote message={error} testId="details-error" />
      <p className="visually-hidden" role="status">{status}</p>

      <dl className="panel-facts">
        {/* Long paths: the right-to-left box clips at the start, keeping the file name; dir="ltr" keeps the characters in order. */}
        <div className="wide"><dt>Target</dt><dd className="path" title={row.targetLabel ?? undefined}><span dir="ltr">{row.targetLabel ?? '–'}</span></dd></div>
        <div className="wide"><dt>Route</dt><dd className="mono" title={row.url ?? undefined}>{route ?? 'No load was run'}</dd></div>
        <div><dt>Node</dt><dd>{row.nodeVersion ?? '–'}</dd></div>
        <div><dt>Requests</dt><dd>{formatInt(row.requests)}</dd></div>
        <div><dt>Requests/s</dt><dd>{formatRate(row.rps)}</dd></div>
        <div><dt>p50</dt><dd>{formatMs(row.p50Ms)}</dd></div>
        <div><dt>p99</dt><dd>{formatMs(row.p99Ms)}</dd></div>
        <div><dt>Errors</dt><dd>{formatInt(row.errors)}</dd></div>
        <div><dt>Profiled</dt><dd>{row.durationMs == null ? '–' : formatDuration(row.durationMs / 1000)}</dd></div>
        <div><dt>Sampling</dt><dd>{row.samplingIntervalUs == null ? '–' : `${row.samplingIntervalUs} µs`}</dd></div>
      </dl>

      <section className="panel-section" aria-labelledby={`${id}-cpu`}>
        <h3 id={`${id}-cpu`}>Where the CPU time went</h3>
        {whyNoSplit(row.cpuSplit, row.hasProfile) === null ? (
          <>
            <SplitBar split={row.cpuSplit} width={280} height={14} />
            <SplitLegend split={row.cpuSplit} />
          </>
        ) : (
          <p className="hint" data-testid="details-no-split">{whyNoSplit(row.cpuSplit, row.hasProfile)}</p>
        )}
      </section>

      <section className="panel-section" aria-labelledby={`${id}-tags`}>
        <h3 id={`${id}-tags`}>Tags</h3>
        {row.tags.length > 0 && (
          <ul className="tag-list">
            {row.tags.map((t) => (
              <li key={t} className="tag" data-testid="detail-tag" title={t}>
                <span className="tag-name">{t}</span>
                <button type="button" className="tag-remove" aria-label={`Remove tag ${t}`} title="Remove" data-testid="remove-tag-button" onClick={() => void editTags([], [t])}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <form
          className="tag-add"
          onSubmit={(e) => {
            e.preventDefault();
            void addTags();
          }}
        >
          <label htmlFor={`${id}-tag`} className="visually-hidden">Add a tag</label>
          <input id={`${id}-tag`} data-testid="tag-input" placeholder="Add a tag (Enter)" value={tagText} maxLength={200} onChange={(e) => setTagText(e.target.value)} />
          <button type="submit" className="button small" disabled={!tagText.trim()}>Add</button>
        </form>
      </section>

      <section className="panel-section" aria-labelledby={`${id}-notes`}>
        <h3 id={`${id}-notes`}>Notes</h3>
        <textarea
          data-testid="notes-input"
          aria-labelledby={`${id}-notes`}
          rows={4}
          placeholder="What changed in this run, what you saw…"
          value={notesDraft ?? row.notes}
          onFocus={() => setNotesDraft(row.notes)}
          onChange={(e) => {
            unsavedNotes.current = e.target.value;
            setNotesDraft(e.target.value);
            if (notesTimer.current) clearTimeout(notesTimer.current);
            notesTimer.current = setTimeout(() => void saveNotes(true), 500);
          }}
          onBlur={() => void saveNotes()}
        />
        <p className="hint">Saved as you type.</p>
      </section>

      <section className="panel-section" aria-labelledby={`${id}-export`}>
        <h3 id={`${id}-export`}>Export</h3>
        <div className="actions">
          <button
            type="button"
            className="button small"
            data-testid="export-cpuprofile-button"
            disabled={!row.hasProfile || exporting !== null}
            title={row.hasProfile ? 'The V8 CPU profile: opens in Chrome DevTools, VS Code, speedscope (they show the main thread; worker threads ride along for Flambé)' : 'This recording has no CPU profile'}
            onClick={() => void exportAs('cpuprofile')}
          >
            {exporting === 'cpuprofile' ? 'Exporting…' : '.cpuprofile'}
          </button>
          <button
            type="button"
            className="button small"
            data-testid="export-pprof-button"
            disabled={!row.hasProfile || exporting !== null}
            title={row.hasProfile ? 'pprof (.pb.gz): opens in go tool pprof, pushes to Grafana Pyroscope; every thread, each sample labelled with its thread' : 'This recording has no CPU profile'}
            onClick={() => void exportAs('pprof')}
          >
            {exporting === 'pprof' ? 'Exporting…' : 'pprof'}
          </button>
          <button
            type="button"
            className="button small"
            data-testid="export-trace-button"
            disabled={!row.hasProfile || exporting !== null}
            title={row.hasProfile ? 'Chrome trace (.trace.json) with one CPU profile per thread: Chrome DevTools’ Performance panel, speedscope and Perfetto show every thread' : 'This recording has no CPU profile'}
            onClick={() => void exportAs('trace')}
          >
            {exporting === 'trace' ? 'Exporting…' : 'trace (all threads)'}
          </button>
          <button
            type="button"
            className="button small"
            data-testid="export-bundle-button"
            disabled={exporting !== null}
            title="Everything Flambé knows about this recording, for a teammate's Flambé"
            onClick={() => void exportAs('bundle')}
          >
            {exporting === 'bundle' ? 'Exporting…' : '.flambe bundle'}
          </button>
        </div>
        <label className="check-row export-secrets" title="Environment variables named like *TOKEN*, *SECRET*, *PASSWORD*, *KEY*, passwords in URLs and Authorization headers are masked in a .flambe bundle unless this is ticked">
          <input type="checkbox" data-testid="export-include-secrets" checked={includeSecrets} onChange={(e) => setIncludeSecrets(e.target.checked)} />
          Include secrets in the .flambe bundle
        </label>
        {exportNote && <p className="hint" data-testid="export-note">{exportNote}</p>}
      </section>
    </aside>
  );
}

/** Several recordings selected: what can be done to them together. */
export function SelectionPanel({ rows, onCompare, onDelete, onClear }: { rows: RecordingRow[]; onCompare(): void; onDelete(): void; onClear(): void }) {
  return (
    <aside className="library-panel card" aria-label="Selection" data-testid="library-selection">
      <h2>{rows.length} recordings selected</h2>
      <ul className="selection-names">
        {rows.slice(0, 8).map((r) => (
          <li key={r.id}>{r.name}</li>
        ))}
        {rows.length > 8 && <li className="muted">and {rows.length - 8} more</li>}
      </ul>
      <div className="actions">
        <button type="button" className="button primary" data-testid="compare-button" disabled={rows.length !== 2} onClick={onCompare}
          title={rows.length === 2 ? 'Compare them: the first you picked is A (before), the second B (after)' : 'Select exactly two recordings to compare them'}>
          Compare
        </button>
        <button type="button" className="button danger" data-testid="delete-button" onClick={onDelete}>
          Delete {rows.length}
        </button>
        <button type="button" className="button ghost" onClick={onClear}>
          Clear selection
        </button>
      </div>
      {rows.length !== 2 && <p className="hint">Select exactly two recordings to compare them.</p>}
    </aside>
  );
}
