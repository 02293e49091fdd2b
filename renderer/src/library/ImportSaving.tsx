// On the Result screen of a file opened while the library saves it
// (open-imported.ts): the save's progress in one sentence, then nothing once
// it is saved, or why it was not (the file itself is untouched: nothing is lost).
import { PHASE_WORDS } from './ImportResults.tsx';
import type { Imports } from './useImports.ts';

export type ImportSave = { fileName: string } & ({ status: 'saving' } | { status: 'failed'; message: string });

export function ImportSaving({ save, progress }: { save: ImportSave; progress: Imports['progress'] }) {
  const { fileName } = save;
  if (save.status === 'failed') {
    return (
      <div className="error-banner" role="alert" data-testid="import-saving" data-state="failed">
        <strong>Not saved to the library.</strong> {save.message} {fileName} itself is unchanged: import it again once this is fixed.
      </div>
    );
  }
  const step = progress && progress.fileName === fileName ? ` (${PHASE_WORDS[progress.phase]})` : '';
  return (
    <p className="note muted" aria-busy="true" aria-live="polite" data-testid="import-saving" data-state="saving">
      Saving {fileName} to the library{step}…
    </p>
  );
}
