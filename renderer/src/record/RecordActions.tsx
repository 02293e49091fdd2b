// The Record card's buttons: Record (its words say what it starts; its
// shortcut), Stop while something runs, and the sentence saying why Record
// is refused now (work that runs would be disturbed).
import type { RefObject } from 'react';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const RECORD_KEYS = isMac ? '⌘↩' : 'Ctrl+Enter';

interface Props {
  /** The Record button, focused when a target was just chosen. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** record-action.ts recordButtonLabel. */
  label: string;
  disabled: boolean;
  refusal: string | null;
  onRecord(): void;
  /** Something runs (a recording, a sweep): Stop shows. */
  running: boolean;
  stopping: boolean;
  onStop(): void;
  /** The refusal is about an experiment that runs: a button opens its progress. */
  onShowExperiment: (() => void) | null;
}

export function RecordActions({ buttonRef, label, disabled, refusal, onRecord, running, stopping, onStop, onShowExperiment }: Props) {
  return (
    <>
      <div className="record-actions">
        <button ref={buttonRef} type="button" className="button primary big" data-testid="record-button" onClick={onRecord} disabled={disabled}
          aria-keyshortcuts={isMac ? 'Meta+Enter' : 'Control+Enter'} aria-describedby={refusal ? 'record-refusal' : undefined}>
          <span className="record-dot" aria-hidden="true" />
          {label}
          <kbd>{RECORD_KEYS}</kbd>
        </button>
        {running && (
          <button type="button" className="button big" data-testid="stop-button" onClick={onStop} disabled={stopping} aria-keyshortcuts="Escape">
            <span className="stop-square" aria-hidden="true" />
            {stopping ? 'Stopping…' : 'Stop'}
            <kbd>Esc</kbd>
          </button>
        )}
      </div>
      {refusal && (
        <p className="note" id="record-refusal" data-testid="record-refusal" role="status">
          {refusal}
          {onShowExperiment && (
            <> <button type="button" className="button small" onClick={onShowExperiment}>Show its progress</button></>
          )}
        </p>
      )}
    </>
  );
}
