// A recording of a server with worker threads carries each thread's profile
// (shared/profile/threads.ts): this picker chooses the main thread, one
// worker, or all threads merged (a node per thread under the root). The
// profile arrives as its stored bytes (getProfile) and is opened at the chosen
// thread in the analysis worker (shared/profile/import/open-thread.ts), which also
// names the threads; ResultScreen holds the choice, so the verdict and every
// view follow it. One thread: no picker. The chosen thread exports as a
// .cpuprofile of its own (every tool reads it as that thread); all threads
// export from the Library (trace, pprof, .cpuprofile, .flambe).
import { useId, useState } from 'react';
import { ALL_THREADS } from '../../../shared/profile/import/open-thread.ts';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { downloadExported } from '../lib/download.ts';

interface Props {
  /** The threads' names, as the analysis worker read them. */
  threads: readonly string[];
  choice: number;
  onChoose(thread: number): void;
  /** The recording, to export the chosen thread; none: no export button. */
  recordingId?: string;
}

export function ThreadPicker({ threads, choice, onChoose, recordingId }: Props) {
  const id = useId();
  const client = useClient();
  const [status, setStatus] = useState<string | null>(null);
  if (threads.length <= 1) return null;
  const exportThread = async () => {
    if (!recordingId) return;
    try {
      const file = await client.api.exportRecording({ id: recordingId, format: 'cpuprofile', thread: choice });
      downloadExported(file);
      setStatus(`Saved ${file.fileName}.`);
    } catch (e) {
      setStatus(errorMessage(e));
    }
  };
  return (
    <div className="field thread-picker">
      <label htmlFor={`${id}-thread`}>Thread</label>
      <select id={`${id}-thread`} data-testid="thread-select" value={choice} onChange={(e) => { setStatus(null); onChoose(Number(e.target.value)); }}>
        {threads.map((name, i) => <option key={`${i}-${name}`} value={i}>{name}</option>)}
        <option value={ALL_THREADS}>all {threads.length} threads, merged</option>
      </select>
      {recordingId && choice >= 0 && (
        <button type="button" className="button small" data-testid="export-thread-button" onClick={() => void exportThread()}
          title="This thread alone as a .cpuprofile (Chrome DevTools, VS Code, speedscope). Every thread at once: the Library's trace or pprof export.">
          Export this thread (.cpuprofile)
        </button>
      )}
      {status && <span className="muted small" role="status">{status}</span>}
    </div>
  );
}
