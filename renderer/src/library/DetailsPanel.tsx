// The selected recording: rename in place, its facts and CPU split, open,
// delete; its tags, notes and export (RecordingTags, RecordingNotes,
// RecordingExport). Mounted with key={row.id}, so every
// draft belongs to one recording.
import { samplingEvery } from '../../../shared/load/sampling-words.ts';
import { FAILED_LABEL } from '../../../shared/load/request-counts.ts';
import { useId, useRef, useState } from 'react';
import type { RecordingRow } from '../../../shared/api.ts';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { ErrorNote } from '../components/Notes.tsx';
import { formatDuration, formatInt, formatMs, formatRate } from '../lib/format.ts';
import { formatRowDate, rowRouteText, rowRouteTitle } from '../lib/row-format.ts';
import { RecordingExport } from './RecordingExport.tsx';
import { RecordingNotes } from './RecordingNotes.tsx';
import { RecordingTags } from './RecordingTags.tsx';
import { SplitBar, SplitLegend } from './SplitBar.tsx';
import { beforeAfter } from './selection.ts';
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
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const cancelRename = useRef(false);

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

      <RecordingFacts row={row} id={id} />

      <RecordingTags row={row} onRowChanged={onRowChanged} onError={setError} onStatus={setStatus} />

      <RecordingNotes row={row} onRowChanged={onRowChanged} onError={setError} onStatus={setStatus} />

      <RecordingExport row={row} onError={setError} onStatus={setStatus} />
    </aside>
  );
}

/** What is known of the recording: its target, route, load figures, profile, and where its CPU time went. */
function RecordingFacts({ row, id }: { row: RecordingRow; id: string }) {
  const route = rowRouteText(row);
  return (
    <>
      <dl className="panel-facts">
        {/* Long paths: the right-to-left box clips at the start, keeping the file name; dir="ltr" keeps the characters in order. */}
        <div className="wide"><dt>Target</dt><dd className="path" title={row.targetLabel ?? undefined}><span dir="ltr">{row.targetLabel ?? '–'}</span></dd></div>
        <div className="wide"><dt>Route</dt><dd className="mono" title={rowRouteTitle(row)}>{route ?? 'No load was run'}</dd></div>
        <div><dt>Node</dt><dd>{row.nodeVersion ?? '–'}</dd></div>
        <div><dt>Requests</dt><dd>{formatInt(row.requests)}</dd></div>
        <div><dt>Requests/s</dt><dd>{formatRate(row.rps)}</dd></div>
        <div><dt>p50</dt><dd>{formatMs(row.p50Ms)}</dd></div>
        <div><dt>p99</dt><dd>{formatMs(row.p99Ms)}</dd></div>
        <div><dt>{FAILED_LABEL}</dt><dd>{formatInt(row.errors)}</dd></div>
        <div><dt>Profiled</dt><dd>{row.durationMs == null ? '–' : formatDuration(row.durationMs / 1000)}</dd></div>
        <div><dt>Sampling</dt><dd>{row.samplingIntervalUs == null ? '–' : samplingEvery(row.samplingIntervalUs)}</dd></div>
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
    </>
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
          title={rows.length === 2 ? 'Compare them: the older is A (before), the newer B (after); Swap on the Compare screen turns them round' : 'Select exactly two recordings to compare them'}>
          Compare
        </button>
        <button type="button" className="button danger" data-testid="delete-button" onClick={onDelete}>
          Delete {rows.length}
        </button>
        <button type="button" className="button ghost" onClick={onClear}>
          Clear selection
        </button>
      </div>
      {rows.length === 2 ? <CompareOrder rows={rows} /> : <p className="hint">Select exactly two recordings to compare them.</p>}
    </aside>
  );
}

/** Which of two will be A and which B, before Compare is pressed: the older is A (before). */
function CompareOrder({ rows }: { rows: RecordingRow[] }) {
  const [a, b] = beforeAfter(rows[0], rows[1]).map((id) => rows.find((r) => r.id === id)!);
  return (
    <p className="hint" data-testid="compare-order">
      Compare shows <strong>{a.name}</strong> as A (before, the older) and <strong>{b.name}</strong> as B (after); its Swap button turns them round.
    </p>
  );
}
