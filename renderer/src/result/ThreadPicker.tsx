// A recording of a server with worker threads carries each thread's profile
// (shared/profile/threads.ts): this picker chooses the main thread, one
// worker, or all threads merged (a node per thread under the root). The
// profile arrives as its stored bytes (getProfile) and is opened at the chosen
// thread in the analysis worker (shared/profile/import/open-thread.ts), which also
// names the threads; ResultScreen holds the choice, so the verdict and every
// view follow it. One thread: no picker. The chosen thread exports as a
// .cpuprofile of its own (every tool reads it as that thread); all threads
// export from the Library (trace, pprof, .cpuprofile, .flambe).
// A recording of several processes (a node:cluster primary and its workers,
// issue 34) adds a process picker before it: the threads listed are the
// chosen process's; "all threads, merged" spans every process.
import { useId, useState } from 'react';
import { ALL_THREADS } from '../../../shared/profile/import/open-thread.ts';
import { processThreads } from '../../../shared/profile/threads.ts';
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
  /** The recorded process's pid, to name it beside its children. */
  pid?: number;
}

export function ThreadPicker({ threads, choice, onChoose, recordingId, pid }: Props) {
  const id = useId();
  const client = useClient();
  const [status, setStatus] = useState<string | null>(null);
  if (threads.length <= 1) return null;
  const processes = processThreads(threads);
  const shown = choice === ALL_THREADS ? null : processes.find((p) => p.threads.some((t) => t.index === choice)) ?? processes[0];
  const choose = (thread: number) => { setStatus(null); onChoose(thread); };
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
  const processList = processes.length > 1 ? (
    <>
      <label htmlFor={`${id}-process`}>Process</label>
      <select id={`${id}-process`} data-testid="process-select" value={shown ? processes.indexOf(shown) : ALL_THREADS}
        onChange={(e) => choose(Number(e.target.value) === ALL_THREADS ? ALL_THREADS : processes[Number(e.target.value)].threads[0].index)}>
        {processes.map((p, i) => <option key={p.name || 'recorded'} value={i}>{p.pid === null ? `${pid !== undefined ? `process ${pid}` : 'the recorded process'} (${processes[1].name.includes('cluster worker') ? 'primary' : 'parent'})` : p.name}</option>)}
        <option value={ALL_THREADS}>all {processes.length} processes, merged</option>
      </select>
    </>
  ) : null;
  const listed = processes.length > 1 ? shown?.threads ?? [] : threads.map((name, index) => ({ index, name }));
  return (
    <div className="field thread-picker">
      {processList}
      {(processes.length === 1 || listed.length > 1) && (
        <>
          <label htmlFor={`${id}-thread`}>Thread</label>
          <select id={`${id}-thread`} data-testid="thread-select" value={choice} onChange={(e) => choose(Number(e.target.value))}>
            {listed.map((t) => <option key={`${t.index}-${t.name}`} value={t.index}>{t.name}</option>)}
            {processes.length === 1 && <option value={ALL_THREADS}>all {threads.length} threads, merged</option>}
          </select>
        </>
      )}
      {recordingId && choice >= 0 && (
        <button type="button" className="button small" data-testid="export-thread-button" onClick={() => void exportThread()}
          title="This thread alone as a .cpuprofile (Chrome DevTools, VS Code, speedscope). Every thread at once: the Library's trace or pprof export.">
          Export this {processes.length > 1 && listed.length <= 1 ? 'process' : 'thread'} (.cpuprofile)
        </button>
      )}
      {status && <span className="muted small" role="status">{status}</span>}
    </div>
  );
}
