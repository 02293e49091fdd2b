// A recording of a server with worker threads carries each thread's profile
// (shared/profile/threads.ts): this picker chooses the main thread, one
// worker, or all threads merged (a node per thread under the root). The
// profile arrives as its stored bytes (getProfile) and is opened at the chosen
// thread in the analysis worker (shared/profile/open-thread.ts), which also
// names the threads; ResultScreen holds the choice, so the verdict and every
// view follow it. One thread: no picker.
import { useId } from 'react';
import { ALL_THREADS } from '../../../shared/profile/open-thread.ts';

interface Props {
  /** The threads' names, as the analysis worker read them. */
  threads: readonly string[];
  choice: number;
  onChoose(thread: number): void;
}

export function ThreadPicker({ threads, choice, onChoose }: Props) {
  const id = useId();
  if (threads.length <= 1) return null;
  return (
    <div className="field thread-picker">
      <label htmlFor={`${id}-thread`}>Thread</label>
      <select id={`${id}-thread`} data-testid="thread-select" value={choice} onChange={(e) => onChoose(Number(e.target.value))}>
        {threads.map((name, i) => <option key={`${i}-${name}`} value={i}>{name}</option>)}
        <option value={ALL_THREADS}>all {threads.length} threads, merged</option>
      </select>
    </div>
  );
}
