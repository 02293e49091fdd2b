// On the Result screen when the library could not store a recording: the
// reason, and a way to keep it anyway (a .flambe bundle, importable later).
import { useState } from 'react';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { downloadText } from '../lib/download.ts';

export function SaveError({ id, problem }: { id: string; problem: string }) {
  const client = useClient();
  const [state, setState] = useState<{ busy: boolean; saved: string | null; error: string | null }>({ busy: false, saved: null, error: null });

  const exportBundle = async () => {
    setState({ busy: true, saved: null, error: null });
    try {
      // The recording the library could not keep: the user's own copy, whole (secrets included).
      const file = await client.api.exportRecording({ id, format: 'bundle', includeSecrets: true });
      downloadText(file.fileName, file.content);
      setState({ busy: false, saved: file.fileName, error: null });
    } catch (e) {
      setState({ busy: false, saved: null, error: errorMessage(e) });
    }
  };

  return (
    <div className="error-banner save-error" role="alert" data-testid="save-error">
      <div>
        <strong>Not saved to the library.</strong> {problem}
        <div className="small">
          A .flambe bundle keeps everything measured; Library → Import… brings it back.
          {state.saved && <> Saved {state.saved}.</>}
          {state.error && <> Could not export: {state.error}</>}
        </div>
      </div>
      <button type="button" className="button" data-testid="save-error-export-button" onClick={() => void exportBundle()} disabled={state.busy}>
        {state.busy ? 'Exporting…' : 'Export bundle…'}
      </button>
    </div>
  );
}
