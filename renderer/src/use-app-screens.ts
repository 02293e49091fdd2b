// Which screen shows and what each one shows — the recording, the pair
// compared, the experiment, the sweep — and the moves between them. The App
// keeps this state, not the screens, because the moves start on one screen
// (a recording ends on Record, a group is opened in the Library) and end on
// another.
import { useCallback, useEffect, useState } from 'react';
import type { RecordingMeta } from '../../shared/api.ts';
import type { GroupRow } from '../../shared/library/groups.ts';
import type { RendererClient } from './client/types.ts';
import { parseRoute } from './lib/route.ts';
import { useSessionState } from './lib/session-state.ts';
import { prefetchProfile } from './result/useAnalysis.ts';
import type { RunningWorkState } from './record/useRunningWork.ts';
import { initialScreen, type Screen } from './screens.ts';
import type { Shown } from './useDroppedFiles.ts';

export type AppScreens = ReturnType<typeof useAppScreens>;

export function useAppScreens(client: RendererClient, workAtLoad: RunningWorkState['atLoad']) {
  // The first screen is the one the address names (a reload, a pasted link); a recording opens once read.
  const [initial] = useState(() => parseRoute(window.location.hash));
  const [screen, setScreen] = useState<Screen>(() => initialScreen(initial));
  // `importing`: a file opened while the library saves it (library/open-imported.ts).
  const [shown, setShown] = useState<Shown | null>(null);
  // The pair compared and the experiment shown survive a reload on any screen (this tab's sessionStorage):
  // the top bar's Compare and Experiment open them again, as before the reload.
  const [kept, setKept] = useSessionState('flambe.shownPair', { a: '', b: '', experimentId: '' });
  const [compareIds, setCompareIds] = useState<[string, string] | null>(() =>
    initial?.screen === 'compare' ? [initial.a, initial.b] : kept.a && kept.b ? [kept.a, kept.b] : null);
  const [experimentId, setExperimentId] = useState<string | null>(() => (initial?.screen === 'experiment' ? initial.id : kept.experimentId || null));
  useEffect(() => {
    setKept({ a: compareIds?.[0] ?? '', b: compareIds?.[1] ?? '', experimentId: experimentId ?? '' });
  }, [compareIds, experimentId, setKept]);
  const [sweepId, setSweepId] = useState<string | null>(initial?.screen === 'sweep' ? initial.id : null);
  const [compareWith, setCompareWith] = useState<{ id: string; name: string } | null>(null);
  // The name of a recording that finished while another screen showed.
  const [notice, setNotice] = useState<string | null>(null);

  // A reload during an experiment, on no screen's address or Record's: its progress, then its answer.
  const [followedAtLoad, setFollowedAtLoad] = useState(false);
  if (workAtLoad && !followedAtLoad) {
    setFollowedAtLoad(true);
    const exp = workAtLoad.find((w) => w.kind === 'experiment');
    if (exp && (initial === null || initial.screen === 'record')) {
      setExperimentId(exp.id);
      setScreen('experiment');
    }
  }

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
    // Its profile's bytes are asked for now, not after the Result screen's first render (result/useAnalysis.ts).
    if (screen === 'record' && result.hasProfile && !saveProblem) prefetchProfile(client.api, result.id);
    setShown({ result, saveProblem });
    if (screen === 'record') setScreen('result');
    else setNotice(result.name);
  };

  const openRecording = useCallback(
    async (id: string) => {
      // Its profile's bytes are asked for at once, beside its metadata (result/useAnalysis.ts).
      prefetchProfile(client.api, id);
      const result = await client.api.getRecording({ id });
      setShown({ result, saveProblem: null });
      go('result');
    },
    [client, go],
  );

  const openCompare = useCallback((ids: [string, string]) => {
    setCompareIds(ids);
    setCompareWith(null);
    go('compare');
  }, [go]);

  const openExperiment = (id: string) => {
    setExperimentId(id);
    go('experiment');
  };
  // An experiment or a sweep the Record screen ran ended: its answer shows if Record still does;
  // elsewhere meanwhile, the Experiment (Sweep) button in the top bar now opens it.
  const onExperimentDone = (id: string) => {
    setExperimentId(id);
    if (screen === 'record') setScreen('experiment');
  };
  const onSweepDone = (id: string) => {
    setSweepId(id);
    if (screen === 'record') setScreen('sweep');
  };

  return {
    screen, setScreen, go, shown, setShown, compareIds, setCompareIds, experimentId, setExperimentId, sweepId, setSweepId,
    compareWith, setCompareWith, notice, clearNotice: () => setNotice(null),
    openGroup, openRecording, openCompare, openExperiment, onRecordingResult, onExperimentDone, onSweepDone,
  };
}
