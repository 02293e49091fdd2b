// A recording of a server with worker threads carries each thread's profile
// (shared/profile/threads.ts): a picker chooses the main thread, one worker,
// or all threads merged (a node per thread under the root). One thread: just
// the analysis.
import { useId, useMemo, useState } from 'react';
import { exportCpuProfile, importProfile } from '../../../shared/profile/index.ts';
import { mergeThreads, threadsOf } from '../../../shared/profile/threads.ts';
import { AnalysisPanel } from './AnalysisPanel.tsx';

interface Props {
  profile: unknown;
  requests: number | null;
}

const MERGED = -1;

export function ThreadedAnalysis({ profile, requests }: Props) {
  const id = useId();
  const threads = useMemo(() => threadsOf(profile), [profile]);
  const [choice, setChoice] = useState(0);
  const raw = useMemo(() => {
    if (choice !== MERGED) return threads[choice]?.raw ?? profile;
    try {
      return exportCpuProfile(mergeThreads(threads.map((t) => ({ name: t.name, profile: importProfile(t.raw) }))));
    } catch {
      return profile; // a damaged worker profile: the panel says what is wrong with the main one
    }
  }, [choice, threads, profile]);
  if (threads.length === 1) return <AnalysisPanel profile={profile} requests={requests} />;
  return (
    <>
      <div className="field thread-picker">
        <label htmlFor={`${id}-thread`}>Thread</label>
        <select id={`${id}-thread`} data-testid="thread-select" value={choice} onChange={(e) => setChoice(Number(e.target.value))}>
          {threads.map((t, i) => <option key={t.name} value={i}>{t.name}</option>)}
          <option value={MERGED}>all {threads.length} threads, merged</option>
        </select>
      </div>
      {/* Another thread is another analysis: transforms, tabs and tables start over. */}
      <AnalysisPanel key={choice} profile={raw} requests={requests} />
    </>
  );
}
