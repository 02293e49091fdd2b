// What became of each imported file: imported (as which recording) or the
// one sentence saying why not.
import type { ImportPhase } from '../../../shared/api.ts';
import type { Imports } from './useImports.ts';

export const PHASE_WORDS: Record<ImportPhase, string> = {
  reading: 'reading the file',
  checking: 'checking the profile',
  compressing: 'compressing it',
  saving: 'saving it to the library',
};

export function ImportResults({ imports }: { imports: Imports }) {
  const { outcomes, remaining, progress } = imports;
  if (outcomes.length === 0 && remaining === 0) return null;
  return (
    <section className="import-results" aria-label="Imported files" data-testid="import-results">
      <ul aria-live="polite">
        {outcomes.map((o) => (
          <li key={o.key} className={o.ok ? 'ok' : 'bad'} data-testid="import-result" data-ok={o.ok}>
            <span className="import-mark" aria-hidden="true">{o.ok ? '✓' : '✕'}</span>
            <strong className="import-file">{o.fileName}</strong>
            <span>{o.ok ? o.message : `Not imported: ${o.message}`}</span>
          </li>
        ))}
        {remaining > 0 && (
          <li className="muted" aria-busy="true" data-testid="import-progress">
            Importing {remaining === 1 ? 'a file' : `${remaining} files`}…{progress && ` ${progress.fileName}: ${PHASE_WORDS[progress.phase]}.`}
          </li>
        )}
      </ul>
      {remaining === 0 && (
        <button type="button" className="button small ghost" onClick={imports.dismiss} data-testid="import-dismiss">
          Dismiss
        </button>
      )}
    </section>
  );
}
