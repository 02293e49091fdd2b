// The one window: a top bar with the screens — Record, Library, and the
// result (or comparison) open last — and what must survive the trip between
// them: the target, its console output, the demo routes, the load settings,
// deletes waiting for their Undo, imports under way.
//
// The Record screen stays mounted (hidden) while another screen shows, so a
// recording keeps running — and its result arrives — while you browse the
// library.
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import type { DemoServerInfo, RecordingMeta, TargetInfo } from '../../shared/api.ts';
import { useClient, useConnectionStatus, useFlambeEvent } from './client/context.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { ConnectionBanner } from './components/Notes.tsx';
import { CompareScreen } from './compare/CompareScreen.tsx';
import { DropOverlay, useFileDrop } from './library/DropOverlay.tsx';
import { LibraryScreen } from './library/LibraryScreen.tsx';
import { NoticeToast, UndoToast } from './library/Toasts.tsx';
import { useImports } from './library/useImports.ts';
import { usePendingDeletes } from './library/usePendingDeletes.ts';
import { ConsoleStore } from './lib/console-store.ts';
import { parseRoute, type Route } from './lib/route.ts';
import { useScreenAddress } from './useScreenAddress.ts';
import { useSessionState } from './lib/session-state.ts';
import { describeExit } from './lib/format.ts';
import { defaultLoadForm, type LoadFormState } from './lib/forms.ts';
import { RecordScreen } from './record/RecordScreen.tsx';
import { defaultPickerState, type PickerState } from './record/TargetPicker.tsx';
import { useRecoveredTarget } from './record/useRecoveredTarget.ts';
import { useRunningWork } from './record/useRunningWork.ts';
import type { TargetState } from './record/target-state.ts';
import { useSuggestedUrls } from './record/useSuggestedUrls.ts';
import { ResultScreen } from './result/ResultScreen.tsx';
import { ExperimentScreen } from './experiment/ExperimentScreen.tsx';
import { SweepScreen } from './load/SweepScreen.tsx';
import type { GroupRow } from '../../shared/groups.ts';
import { importChosenFile } from './client/import-file.ts';
import { forgetLocalProfile, openLocally, opensAtOnce } from './library/open-imported.ts';
import type { ImportSave } from './library/ImportSaving.tsx';
import './app-nav.css';

type Screen = 'record' | 'library' | 'result' | 'compare' | 'experiment' | 'sweep';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const MOD = isMac ? '⌘' : 'Ctrl+';

function isTyping(target: EventTarget | null): boolean {
  const t = target as HTMLElement | null;
  return !!t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));
}

function initialScreen(route: Route | null): Screen {
  switch (route?.screen) {
    case 'library': return 'library';
    case 'compare': case 'compare-pick': return 'compare';
    case 'experiment': return 'experiment';
    case 'sweep': return 'sweep';
    // A recording shows once it is read (useScreenAddress opens it).
    default: return 'record';
  }
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function App() {
  const client = useClient();
  const connection = useConnectionStatus();
  // The first screen is the one the address names (a reload, a pasted link); a recording opens once read.
  const [initial] = useState(() => parseRoute(window.location.hash));
  const [screen, setScreen] = useState<Screen>(() => initialScreen(initial));
  // `importing`: a file opened while the library saves it (library/open-imported.ts).
  const [shown, setShown] = useState<{ result: RecordingMeta; saveProblem: string | null; importing?: ImportSave } | null>(null);
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

  useFlambeEvent((event) => {
    if (event.name === 'targetOutput') {
      consoleStore.append(event.payload.targetId, event.payload.stream, event.payload.text);
    } else if (event.name === 'targetExit') {
      const { targetId, code, signal } = event.payload;
      consoleStore.append(targetId, 'system', `\n— The process ${describeExit(code, signal)}.\n`);
      setTarget((t) => (t && t.info.targetId === targetId ? { ...t, info: { ...t.info, running: false }, exit: { code, signal } } : t));
    }
  });

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

  // One profile file chosen or dropped: shown at once, from the page's own read, while the library saves it.
  const openImported = (file: File) => {
    const { rec: result, analysed } = openLocally(file);
    setShown({ result, saveProblem: null, importing: { status: 'saving', fileName: file.name } });
    go('result');
    void analysed.then(() => imports.importFiles([file], result.id)).then(async ([outcome]) => {
      const saved = outcome?.ok && outcome.row ? await client.api.getRecording({ id: outcome.row.id }).catch(() => null) : null;
      if (saved) forgetLocalProfile(result.id);
      setShown((s) => {
        if (!s || s.result.id !== result.id) return s;
        if (saved) return { result: saved, saveProblem: null };
        return { ...s, importing: { status: 'failed', fileName: file.name, message: outcome?.message ?? 'The import stopped before it was saved.' } };
      });
    });
  };

  const importDropped = (files: File[]) => {
    if (screen === 'compare') {
      void compareDropped(files);
      return;
    }
    if (opensAtOnce(files)) {
      openImported(files[0]);
      return;
    }
    go('library');
    void imports.importFiles(files);
  };

  // Two files dropped on Compare: both go into the library (nothing is lost), the first as A.
  const compareDropped = async (files: File[]) => {
    if (files.length !== 2) {
      setNotice(null);
      setDropProblem(`Drop exactly two files to compare them (you dropped ${files.length}).`);
      return;
    }
    try {
      const rows = await Promise.all(files.map((f) => importChosenFile(client, f)));
      setDropProblem(null);
      setCompareIds([rows[0].id, rows[1].id]);
    } catch (e) {
      setDropProblem(e instanceof Error ? e.message : String(e));
    }
  };
  const [dropProblem, setDropProblem] = useState<string | null>(null);

  const openCompare = useCallback((ids: [string, string]) => {
    setCompareIds(ids);
    setCompareWith(null);
    go('compare');
  }, [go]);

  // Every screen has an address (lib/route.ts): reload, back/forward, a pasted link and an edit of the '#' come back to it.
  const current: Route | null = ((): Route | null => {
    switch (screen) {
      case 'result': return shownId ? { screen: 'recording', id: shownId } : null;
      case 'compare': return compareIds ? { screen: 'compare', a: compareIds[0], b: compareIds[1] } : { screen: 'compare-pick' };
      case 'experiment': return experimentId ? { screen: 'experiment', id: experimentId } : null;
      case 'sweep': return sweepId ? { screen: 'sweep', id: sweepId } : null;
      default: return { screen };
    }
  })();
  useScreenAddress({
    current,
    follow: (route, hash) => {
      setNotice(null);
      if (!route) {
        if (hash.replace(/^#\/?/, '')) setAddressProblem(`Flambé has no screen at the address “${decodeURIComponentSafe(hash)}”: it may be cut short.`);
        else setScreen('record');
        return;
      }
      setAddressProblem(null);
      switch (route.screen) {
        case 'recording':
          if (shown?.result.id === route.id) setScreen('result');
          else openRecording(route.id).catch(() => setAddressProblem(`No recording with the id “${route.id}” is in the library: it may have been deleted, or the address is cut short.`));
          return;
        case 'compare': setCompareIds((ids) => (ids && ids[0] === route.a && ids[1] === route.b ? ids : [route.a, route.b])); setScreen('compare'); return;
        case 'compare-pick': setScreen('compare'); return;
        case 'experiment': setExperimentId(route.id); setScreen('experiment'); return;
        case 'sweep': setSweepId(route.id); setScreen('sweep'); return;
        default: setScreen(route.screen);
      }
    },
  });
  const dragging = useFileDrop(importDropped);

  // Ctrl/⌘+1 Record, Ctrl/⌘+2 Library; Ctrl/⌘+Z undoes a delete while its toast shows.
  const onKeyDown = useEffectEvent((e: KeyboardEvent) => {
    const mod = isMac ? e.metaKey : e.ctrlKey;
    if (!mod || e.altKey || e.shiftKey) return;
    if (e.key === '1') go('record');
    else if (e.key === '2') go('library');
    else if (e.key.toLowerCase() === 'z' && deletes.pending && !isTyping(e.target)) deletes.undo();
    else return;
    e.preventDefault();
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKeyDown(e);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  // A new screen: move focus to its heading so keyboard and screen-reader users start there.
  useEffect(() => {
    if (screen === 'library' || screen === 'compare') document.querySelector<HTMLElement>(`.${screen}-screen h1`)?.focus();
  }, [screen]);

  const navButton = (key: Screen, label: string, testId: string, keys?: string, title?: string) => (
    <button
      type="button"
      className="nav-item"
      data-testid={testId}
      aria-current={screen === key ? 'page' : undefined}
      aria-keyshortcuts={keys ? `${isMac ? 'Meta' : 'Control'}+${keys}` : undefined}
      title={title}
      onClick={() => go(key)}
    >
      <span className="nav-label">{label}</span>
      {keys && <kbd>{MOD}{keys}</kbd>}
    </button>
  );

  return (
    <div className="app">
      <ConnectionBanner status={connection} />
      <header className="app-header">
        <svg className="brand" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M12 2c1 3.5-1.5 5.5-3 7.5C7.6 11.4 7 13 7 14.8A5 5 0 0 0 12 20a5 5 0 0 0 5-5.2c0-2.6-1.6-4.4-2.6-5.6.1 1.7-.6 2.9-1.6 3.4.4-3.9-1-7.6-.8-10.6Z" fill="currentColor" />
        </svg>
        <span className="brand-name">Flambé</span>
        <nav className="app-nav" aria-label="Screens">
          {navButton('record', 'Record', 'nav-record', '1')}
          {navButton('library', 'Library', 'nav-library', '2')}
          {shown && navButton('result', 'Result', 'nav-result', undefined, `The recording open last: ${shown.result.name}`)}
          {navButton('compare', 'Compare', 'nav-compare', undefined, 'Compare two recordings: pick them in the Library, or drop two files here')}
          {experimentId && navButton('experiment', 'Experiment', 'nav-experiment')}
          {sweepId && navButton('sweep', 'Sweep', 'nav-sweep')}
        </nav>
        <span className="brand-tagline">record a Node.js server under load, see where its time goes</span>
      </header>
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
      </main>

      <div className="toasts">
        {deletes.pending && <UndoToast key={deletes.pending.key} pending={deletes.pending} onUndo={deletes.undo} onExpire={deletes.expire} />}
        {deletes.error && (
          <NoticeToast onClose={deletes.dismissError} testId="delete-error">
            <span>{deletes.error}</span>
          </NoticeToast>
        )}
        {addressProblem && (
          <NoticeToast onClose={() => setAddressProblem(null)} testId="address-problem">
            <span>{addressProblem}</span>
          </NoticeToast>
        )}
        {notice && (
          <NoticeToast onClose={() => setNotice(null)} testId="recording-ready">
            <span>Recording finished: “{notice}”.</span>
            <button type="button" className="button small" onClick={() => go('result')}>
              Show the result
            </button>
          </NoticeToast>
        )}
      </div>
      {dragging && <DropOverlay compare={screen === 'compare'} />}
    </div>
  );
}
