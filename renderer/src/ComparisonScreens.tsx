// The screens that set recordings side by side: a comparison of two, a
// concurrency sweep's levels, an experiment's rounds — each behind its own
// error boundary, so one whose data cannot be drawn leaves the window up.
import type { Dispatch, SetStateAction } from 'react';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { CompareScreen } from './compare/CompareScreen.tsx';
import { ExperimentScreen } from './experiment/ExperimentScreen.tsx';
import { SweepScreen } from './load/SweepScreen.tsx';
import type { Screen } from './screens.ts';

interface Props {
  screen: Screen;
  compareIds: [string, string] | null;
  sweepId: string | null;
  experimentId: string | null;
  /** Files dropped on Compare that could not be compared. */
  dropProblem: string | null;
  go(screen: Screen): void;
  setCompareIds: Dispatch<SetStateAction<[string, string] | null>>;
  openRecording(id: string): Promise<void>;
  openGroup(g: { id: string; kind: 'experiment' | 'sweep' }): void;
}

export function ComparisonScreens({ screen, compareIds, sweepId, experimentId, dropProblem, go, setCompareIds, openRecording, openGroup }: Props) {
  return (
    <>
      {screen === 'compare' && (
        <>
          {dropProblem && <p className="note note-error" role="alert" data-testid="compare-drop-error">{dropProblem}</p>}
          <ErrorBoundary what="The comparison" resetKey={compareIds?.join() ?? ''}>
            <CompareScreen
              ids={compareIds}
              onSwap={() => setCompareIds((ids) => (ids ? [ids[1], ids[0]] : ids))}
              onOpen={(id) => void openRecording(id)}
              onBack={() => go('library')}
              onRepeatStarted={(id) => openGroup({ id, kind: 'experiment' })}
            />
          </ErrorBoundary>
        </>
      )}
      {screen === 'sweep' && sweepId && (
        <ErrorBoundary what="The sweep" resetKey={sweepId}>
          <SweepScreen key={sweepId} id={sweepId} onOpenRecording={(id) => void openRecording(id)} onBack={() => go('library')} />
        </ErrorBoundary>
      )}
      {screen === 'experiment' && experimentId && (
        <ErrorBoundary what="The experiment" resetKey={experimentId}>
          <ExperimentScreen key={experimentId} id={experimentId} onOpenRecording={(id) => void openRecording(id)} onBack={() => go('record')} onLibrary={() => go('library')} />
        </ErrorBoundary>
      )}
    </>
  );
}
