// The one window: a top bar with the screens — Record, Library, and the
// result (or comparison) open last — and what must survive the trip between
// them: the target, its console output, the demo routes, the load settings,
// deletes waiting for their Undo, imports under way.
//
// The Record screen stays mounted (hidden) while another screen shows, so a
// recording keeps running — and its result arrives — while you browse the
// library. What the Record screen keeps is in use-record-setup.ts; which
// screen shows, and what on it, in use-app-screens.ts; their addresses in
// use-app-address.ts.
import { useEffect } from 'react';
import { useClient, useConnectionStatus } from './client/context.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { ConnectionBanner } from './components/Notes.tsx';
import { DropOverlay } from './library/DropOverlay.tsx';
import { LibraryScreen } from './library/LibraryScreen.tsx';
import { useImports } from './library/useImports.ts';
import { usePendingDeletes } from './library/usePendingDeletes.ts';
import { RecordScreen } from './record/RecordScreen.tsx';
import { useRunningWork } from './record/useRunningWork.ts';
import { ResultScreen } from './result/ResultScreen.tsx';
import { AppHeader } from './AppHeader.tsx';
import { AppToasts } from './AppToasts.tsx';
import { ComparisonScreens } from './ComparisonScreens.tsx';
import { useAppAddress } from './use-app-address.ts';
import { useAppScreens } from './use-app-screens.ts';
import { useRecordSetup } from './use-record-setup.ts';
import { useDroppedFiles } from './useDroppedFiles.ts';
import { useScreenShortcuts } from './useScreenShortcuts.ts';
import './app-nav.css';
import { startScreenAtTop } from './lib/screen-start.ts';

export function App() {
  const client = useClient();
  const connection = useConnectionStatus();
  const deletes = usePendingDeletes();
  const work = useRunningWork();
  const imports = useImports();
  const screens = useAppScreens(client, work.atLoad);
  const { screen, go, shown, compareIds, experimentId, sweepId, openGroup, openRecording } = screens;
  const setup = useRecordSetup(client);
  const { openImported, dropProblem, dragging } = useDroppedFiles({
    screen, go, imports, setShown: screens.setShown, setCompareIds: screens.setCompareIds, clearNotice: screens.clearNotice,
  });
  const address = useAppAddress(screens);

  useScreenShortcuts({ go, canUndo: deletes.pending !== null, undo: deletes.undo });

  // A new screen: move focus to its heading so keyboard and screen-reader users start there.
  useEffect(() => {
    if (screen === 'library' || screen === 'compare') startScreenAtTop(document.querySelector<HTMLElement>(`.${screen}-screen h1`));
  }, [screen]);

  return (
    <div className="app">
      <ConnectionBanner status={connection} />
      <AppHeader screen={screen} go={go} shownName={shown ? shown.result.name : null} hasExperiment={experimentId !== null} hasSweep={sweepId !== null} />
      <main className="app-main">
        <div hidden={screen !== 'record'}>
          <ErrorBoundary what="The Record screen">
          <RecordScreen
            active={screen === 'record'}
            {...setup}
            onResult={screens.onRecordingResult}
            work={work}
            onExperimentStarted={screens.openExperiment}
            onSweepDone={screens.onSweepDone}
            onExperimentDone={screens.onExperimentDone}
          />
          </ErrorBoundary>
        </div>
        {/* Kept mounted too: the search, the sort, the selection and the scroll survive opening a recording. */}
        <div hidden={screen !== 'library'}>
          <ErrorBoundary what="The Library screen">
          <LibraryScreen
            hiddenIds={deletes.hidden}
            onOpen={openRecording}
            onCompare={screens.openCompare}
            compareWith={screens.compareWith}
            onCancelCompareWith={() => screens.setCompareWith(null)}
            onDelete={(rows) => deletes.remove(rows)}
            onRecord={() => go('record')}
            onOpenGroup={openGroup}
            imports={imports}
            onOpenImported={openImported}
          />
          </ErrorBoundary>
        </div>
        {/* One recording whose data a screen cannot draw must not take the window down with it. */}
        {screen === 'result' && shown && (
          <ErrorBoundary what="This recording" resetKey={shown.result.id}>
            <ResultScreen
              key={shown.result.id}
              result={shown.result}
              saveProblem={shown.saveProblem}
              importing={shown.importing ? { save: shown.importing, progress: imports.progress } : null}
              onNewRecording={() => go('record')}
              onCompareWith={shown.importing ? undefined : () => {
                screens.setCompareWith({ id: shown.result.id, name: shown.result.name });
                go('library');
              }}
            />
          </ErrorBoundary>
        )}
        <ComparisonScreens
          screen={screen} compareIds={compareIds} sweepId={sweepId} experimentId={experimentId} dropProblem={dropProblem}
          go={go} setCompareIds={screens.setCompareIds} openRecording={openRecording} openGroup={openGroup}
        />
      </main>

      <AppToasts
        deletes={deletes}
        addressProblem={address.addressProblem}
        onCloseAddressProblem={address.clearAddressProblem}
        finished={screens.notice}
        onCloseFinished={screens.clearNotice}
        onShowFinished={() => go('result')}
      />
      {dragging && <DropOverlay compare={screen === 'compare'} />}
    </div>
  );
}
