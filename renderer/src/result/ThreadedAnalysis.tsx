// A recording of a server with worker threads carries each thread's profile
// (shared/profile/threads.ts): a picker chooses the main thread, one worker,
// or all threads merged (a node per thread under the root). The profile
// arrives as its stored bytes (getProfile) and is opened at the chosen thread
// in the analysis worker (shared/profile/open-thread.ts), which also names
// the threads. One thread: just the analysis.
import { useId, useState } from 'react';
import { ALL_THREADS } from '../../../shared/profile/open-thread.ts';
import { AnalysisViews } from './AnalysisPanel.tsx';
import { useAnalysisClient } from './useAnalysis.ts';

interface Props {
  /** The recording whose profile is analysed. */
  recordingId: string;
  requests: number | null;
}

export function ThreadedAnalysis({ recordingId, requests }: Props) {
  const id = useId();
  const [choice, setChoice] = useState(0);
  const loaded = useAnalysisClient(recordingId, choice);
  const { threads } = loaded;
  return (
    <>
      {threads.length > 1 && (
        <div className="field thread-picker">
          <label htmlFor={`${id}-thread`}>Thread</label>
          <select id={`${id}-thread`} data-testid="thread-select" value={choice} onChange={(e) => setChoice(Number(e.target.value))}>
            {threads.map((name, i) => <option key={`${i}-${name}`} value={i}>{name}</option>)}
            <option value={ALL_THREADS}>all {threads.length} threads, merged</option>
          </select>
        </div>
      )}
      {/* Another thread is another analysis: transforms, tabs and tables start over. */}
      <AnalysisViews key={choice} loaded={loaded} requests={requests} />
    </>
  );
}
