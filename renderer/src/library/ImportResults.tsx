// What became of each imported file: imported (as which recording) or the
// one sentence saying why not.
import type { Imports } from './useImports.ts';

export function ImportResults({ imports }: { imports: Imports }) {
  const { outcomes, remaining } = imports;
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
        {remaining > 0 && <li className="muted" aria-busy="true">Importing {remaining === 1 ? 'a file' : `${remaining} files`}…</li>}
      </ul>
      {remaining === 0 && (
        <button type="button" className="button small ghost" onClick={imports.dismiss} data-testid="import-dismiss">
          Dismiss
        </button>
      )}
    </section>
  );
}
