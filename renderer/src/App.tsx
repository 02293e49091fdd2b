// The one window: a top bar with the screens — Record, Library, and the
// result (or comparison) open last — and what must survive the trip between
// them: the target, its console output, the demo routes, the load settings,
// deletes waiting for their Undo, imports under way.
//
// The Record screen stays mounted (hidden) while another screen shows, so a
// recording keeps running — and its result arrives — while you browse the
// library.
import { useCallback, useEffect, useState } from 'react';
import type { DemoServerInfo, RecordingMeta, TargetInfo } from '../../shared/api.ts';
import { useClient, useConnectionStatus } from './client/context.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { ConnectionBanner } from './components/Notes.tsx';
import { DropOverlay } from './library/DropOverlay.tsx';
import { LibraryScreen } from './library/LibraryScreen.tsx';
import { useImports } from './library/useImports.ts';
import { usePendingDeletes } from './library/usePendingDeletes.ts';
import { ConsoleStore } from './lib/console-store.ts';
import { parseRoute } from './lib/route.ts';
import { useScreenAddress } from './useScreenAddress.ts';
import { useSessionState } from './lib/session-state.ts';
import { defaultLoadForm, type LoadFormState } from './lib/forms.ts';
import { RecordScreen } from './record/RecordScreen.tsx';
import { defaultPickerState, type PickerState } from './record/TargetPicker.tsx';
import { useRecoveredTarget } from './record/useRecoveredTarget.ts';
import { useRunningWork } from './record/useRunningWork.ts';
import type { TargetState } from './record/target-state.ts';
import { useSuggestedUrls } from './record/useSuggestedUrls.ts';
import { useTargetConsole } from './record/useTargetConsole.ts';
import { ResultScreen } from './result/ResultScreen.tsx';
import type { GroupRow } from '../../shared/groups.ts';
import { AppHeader } from './AppHeader.tsx';
import { AppToasts } from './AppToasts.tsx';
import { ComparisonScreens } from './ComparisonScreens.tsx';
import { followAddress, initialScreen, screenRoute, type Screen } from './screens.ts';
import { useDroppedFiles, type Shown } from './useDroppedFiles.ts';
import { useScreenShortcuts } from './useScreenShortcuts.ts';
import './app-nav.css';

export function App() {
  const client = useClient();
  const connection = useConnectionStatus();
  // The first screen is the one the address names (a reload, a pasted link); a recording opens once read.
  const [initial] = useState(() => parseRoute(window.location.hash));
  const [screen, setScreen] = useState<Screen>(() => initialScreen(initial));
  // `importing`: a file opened while the library saves it (library/open-imported.ts).
  const [shown, setShown] = useState<Shown | null>(null);
  const [compareIds, setCompareIds] = useState<[string, string] | null>(initial?.screen === 'compare' ? [initial.a, initial.b] : null);
  const [experimentId, setExperimentId] = useState<string | null>(initial?.screen === 'experiment' ? initial.id : null);
  const [sweepId, setSweepId] = useState<string | null>(initial?.screen === 'sweep' ? initial.id : null);
  const [addressProblem, setAddressProblem] = useState<string | null>(null);
  const [compareWith, setCompareWith] = useState<{ id: string; name: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [target, setTarget] = useState<TargetState | null>(null);
  const [demo, setDemo] = useState<DemoServerInfo | null>(null);
  // Kept across reloads (this tab): what was typed is not lost (lib/session-state.ts).
  const [loadForm, setLoadForm] = useSessionState<LoadFormState>('flambe.loadForm', defaultLoadForm);
  const [picker, setPicker] = useSessionState<PickerState>('flambe.picker', defaultPickerState);
  const [consoleStore] = useState(() => new ConsoleStore(5000));
  const deletes = usePendingDeletes();
  const work = useRunningWork();
  const imports = useImports();

  useTargetConsole(consoleStore, setTarget);

  // A reload during an experiment, on no screen's address or Record's: its progress, then its answer.
  const [followedAtLoad, setFollowedAtLoad] = useState(false);
  if (work.atLoad && !followedAtLoad) {
    setFollowedAtLoad(true);
    const exp = work.atLoad.find((w) => w.kind === 'experiment');
    if (exp && (initial === null || initial.screen === 'record')) {
      setExperimentId(exp.id);
      setScreen('experiment');
    }
  }

  const { onTargetReady } = useSuggestedUrls({ client, target, setTarget, setLoadForm });

  const chooseTarget = (info: TargetInfo, isDemo: boolean) => {
    setTarget({ info, exit: info.running ? null : { code: null, signal: null }, isDemo });
    onTargetReady(info, isDemo);
  };
  // After a reload: the target launched before it, with its console.
  useRecoveredTarget({ client, consoleStore, canRecover: () => target === null, onRecovered: chooseTarget });

  const go = useCallback((next: Screen) => {
    setScreen(next);
    setNotice(null);
  }, []);

  // A group's row in the Library opens its answer: the experiment's comparison, or the sweep's table and chart.
  const openGroup = useCallback((g: Pick<GroupRow, 'id' | 'kind'>) => {
    if (g.kind === 'experiment') setExperimentId(g.id);
    else setSweepId(g.id);
    go(g.kind);
  }, [go]);

  // A recording ended: show it — unless the user went elsewhere meanwhile; then say so.
  const onRecordingResult = (result: RecordingMeta, saveProblem: string | null) => {
    setShown({ result, saveProblem });
    if (screen === 'record') setScreen('result');
    else setNotice(result.name);
  };

  const openRecording = useCallback(
    async (id: string) => {
      const result = await client.api.getRecording({ id });
      setShown({ result, saveProblem: null });
      go('result');
    },
    [client, go],
  );

  const shownId = shown && !shown.saveProblem && !shown.importing ? shown.result.id : null;

  const { openImported, dropProblem, dragging } = useDroppedFiles({ screen, go, imports, setShown, setCompareIds, clearNotice: () => setNotice(null) });

  const openCompare = useCallback((ids: [string, string]) => {
    setCompareIds(ids);
    setCompareWith(null);
    go('compare');
  }, [go]);

  // Every screen has an address (lib/route.ts): reload, back/forward, a pasted link and an edit of the '#' come back to it.
  useScreenAddress({
    current: screenRoute(screen, { recordingId: shownId, compareIds, experimentId, sweepId }),
    follow: (route, hash) => {
      setNotice(null);
      followAddress(route, hash, {
        setScreen, setProblem: setAddressProblem, shownId: shown?.result.id ?? null, openRecording, setCompareIds, setExperimentId, setSweepId,
      });
    },
  });

  useScreenShortcuts({ go, canUndo: deletes.pending !== null, undo: deletes.undo });

  // A new screen: move focus to its heading so keyboard and screen-reader users start there.
  useEffect(() => {
    if (screen === 'library' || screen === 'compare') document.querySelector<HTMLElement>(`.${screen}-screen h1`)?.focus();
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
            target={target}
            onTargetChosen={chooseTarget}
            onTargetCleared={() => setTarget(null)}
            picker={picker}
            setPicker={setPicker}
            demo={demo}
            onDemo={setDemo}
            loadForm={loadForm}
            setLoadForm={setLoadForm}
            consoleStore={consoleStore}
            onResult={onRecordingResult}
            work={work}
            onExperimentStarted={(id) => {
              setExperimentId(id);
              go('experiment');
            }}
            onSweepDone={(id) => {
              setSweepId(id);
              if (screen === 'record') setScreen('sweep');
            }}
            onExperimentDone={(id) => {
              setExperimentId(id);
              // Elsewhere meanwhile: the Experiment button in the top bar now opens it.
              if (screen === 'record') setScreen('experiment');
            }}
          />
          </ErrorBoundary>
        </div>
        {/* Kept mounted too: the search, the sort, the selection and the scroll survive opening a recording. */}
        <div hidden={screen !== 'library'}>
          <ErrorBoundary what="The Library screen">
          <LibraryScreen
            hiddenIds={deletes.hidden}
            onOpen={openRecording}
            onCompare={openCompare}
            compareWith={compareWith}
            onCancelCompareWith={() => setCompareWith(null)}
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
                setCompareWith({ id: shown.result.id, name: shown.result.name });
                go('library');
              }}
            />
          </ErrorBoundary>
        )}
        <ComparisonScreens
          screen={screen} compareIds={compareIds} sweepId={sweepId} experimentId={experimentId} dropProblem={dropProblem}
          go={go} setCompareIds={setCompareIds} openRecording={openRecording} openGroup={openGroup}
        />
      </main>

      <AppToasts
        deletes={deletes}
        addressProblem={addressProblem}
        onCloseAddressProblem={() => setAddressProblem(null)}
        finished={notice}
        onCloseFinished={() => setNotice(null)}
        onShowFinished={() => go('result')}
      />
      {dragging && <DropOverlay compare={screen === 'compare'} />}
    </div>
  );
}
