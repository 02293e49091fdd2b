// Under the Record button: the sweep's progress while it runs, its result after.
import type { SweepState } from './useSweep.ts';
import { SweepView } from './SweepView.tsx';
import './load.css';
import { ErrorNote } from '../components/Notes.tsx';

/** Under the Record button: progress, or why the sweep failed. */
export function SweepPanel({ state }: { state: SweepState }) {
  if (state.status === 'running') {
    const level = state.levelsBefore + Math.max(1, state.levelIds.length);
    const fraction = ((level - 1) + (state.progress?.fraction ?? 0)) / Math.max(1, state.levels.length);
    const of = state.levels.length ? ` of ${state.levels.length} (${state.levels[level - 1]} connections)` : '';
    return (
      <div className="sweep-progress" data-testid="sweep-progress" aria-live="polite">
        <progress max={1} value={fraction} aria-label="Sweep progress" />
        <p>
          Level {level}{of}
          {state.progress ? `: ${state.progress.message}` : ': starting'}
        </p>
      </div>
    );
  }
  return <ErrorNote message={state.error} testId="sweep-error" />;
}

/** The last sweep's result, the width of the screen (its table has 13 columns). */
export function SweepResultCard({ state, onOpen }: { state: SweepState; onOpen(recordingId: string): void }) {
  if (state.status !== 'idle' || !state.result || state.result.levels.length === 0) return null;
  return (
    <section className="card sweep-card" aria-label="Concurrency sweep result">
      <SweepView result={state.result} onOpen={onOpen} />
    </section>
  );
}
