// The Record screen: target (step 1), load settings (step 2), Record.
// Ctrl/Cmd+Enter records, Escape stops (use-record-keys.ts).
import { useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { targetKeyOf, workRefusal } from '../../../shared/work/running-work.ts';
import type { RunningWorkState } from './useRunningWork.ts';
import type { DemoServerInfo, RecordingMeta, TargetInfo } from '../../../shared/api.ts';
import type { TargetState } from './target-state.ts';
import { ErrorNote } from '../components/Notes.tsx';
import type { ConsoleStore } from '../lib/console-store.ts';
import type { LoadFormState } from '../lib/forms.ts';
import { recordAction, recordButtonLabel, recordWorkKind } from './record-action.ts';
import { RecordActions } from './RecordActions.tsx';
import { useAdoptedWork, useSweepOnItsScreen } from './use-followed-work.ts';
import { useRecordKeys } from './use-record-keys.ts';
import { useSweep } from '../load/useSweep.ts';
import { SweepPanel, SweepResultCard } from '../load/SweepPanel.tsx';
import { OverheadPanel } from '../load/OverheadPanel.tsx';
import { RouteCpuCard, useRouteCpu } from '../load/RouteCpu.tsx';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { LoadForm } from './LoadForm.tsx';
import { useSnapshotEstimate } from './useSnapshotEstimate.ts';
import { portQuestion } from './port-choice.ts';
import { useAddressAnswers } from './useAddressAnswers.ts';
import { RecordingProgress } from './RecordingProgress.tsx';
import { TargetPanel } from './TargetPanel.tsx';
import { TargetPicker, type PickerState } from './TargetPicker.tsx';
import { useRecording } from './useRecording.ts';
import { ExperimentCard } from '../experiment/ExperimentCard.tsx';
import { defaultExperimentForm } from '../experiment/experiment-form.ts';
import { useSessionState } from '../lib/session-state.ts';

interface Props {
  /** False while another screen shows (this one stays mounted so a recording goes on): no shortcuts then. */
  active?: boolean;
  target: TargetState | null;
  onTargetChosen: (info: TargetInfo, isDemo: boolean) => void;
  onTargetCleared: () => void;
  picker: PickerState;
  setPicker: Dispatch<SetStateAction<PickerState>>;
  demo: DemoServerInfo | null;
  onDemo: (demo: DemoServerInfo) => void;
  loadForm: LoadFormState;
  setLoadForm: Dispatch<SetStateAction<LoadFormState>>;
  consoleStore: ConsoleStore;
  onResult: (result: RecordingMeta, saveProblem: string | null) => void;
  /** An A/B experiment ended: show its answer. */
  onExperimentDone?: (experimentId: string) => void;
  /** An A/B experiment started: its progress shows on its own screen. */
  onExperimentStarted?: (experimentId: string) => void;
  /** A sweep this page followed ended, kept as a group: its table and knee show on their own screen. */
  onSweepDone?: (sweepId: string) => void;
  /** What the service runs now (useRunningWork). */
  work?: RunningWorkState;
}

export function RecordScreen(props: Props) {
  const { target, loadForm, demo } = props;
  const recording = useRecording(props.onResult);
  const sweep = useSweep();
  const routeCpu = useRouteCpu();
  const client = useClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [experimentForm, setExperimentForm] = useSessionState('flambe.experimentForm', defaultExperimentForm);
  const state = recording.state;
  const running = state.status === 'running' || sweep.busy;
  const busy = recording.busy || sweep.busy || routeCpu.busy;
  const work = props.work ?? { running: [], atLoad: null, ended: null };

  // After a reload mid-way: follow the recording or sweep the service runs to its result.
  useAdoptedWork(work.atLoad, recording.adopt, sweep.adopt);
  // A sweep this page followed ended: its answer opens on its own screen (the sweep's group in the library).
  const sweepOnItsScreen = useSweepOnItsScreen(sweep.busy, props.onSweepDone);

  // What Record would start, and the service's sentence when it would disturb work that runs (shared/work/running-work.ts).
  const profiledTarget = target && !loadForm.loadOnly ? target.info.targetId : null;
  const profiledKey = profiledTarget && target ? targetKeyOf(target.info.pid) : null;
  const refusal = busy ? null : workRefusal({ kind: recordWorkKind(loadForm, profiledTarget), targetId: profiledTarget, targetKey: profiledKey }, work.running);
  const runningExperiment = work.running.find((w) => w.kind === 'experiment') ?? null;
  // Several ports (a stub beside the server): the user says which, Flambé never guesses (port-choice.ts).
  const addresses = useMemo(() => target?.info.suggestedUrls ?? [], [target?.info.suggestedUrls]);
  const portAsk = target && !loadForm.loadOnly ? portQuestion(loadForm, addresses) : null;
  const addressAnswers = useAddressAnswers(client, target?.info.targetId ?? null, addresses, busy || work.running.length > 0);
  const snapshotEstimate = useSnapshotEstimate(client, target?.info.targetId ?? null, !!loadForm.findGrowth && !loadForm.loadOnly && !loadForm.ownLoad);

  const record = () => {
    if (busy || refusal) return;
    const action = recordAction(loadForm, target ? { targetId: target.info.targetId, running: target.info.running } : null, portAsk);
    setFormError(action.kind === 'refused' ? action.message : null);
    if (action.kind === 'sweep') void sweep.start(action.request);
    else if (action.kind === 'routes') void routeCpu.start(action.request);
    else if (action.kind === 'recording') void recording.start(action.request);
  };
  const stop = () => void (sweep.busy ? sweep.stop() : recording.stop());
  useRecordKeys(props.active !== false, record, running ? stop : null);

  // A target was just chosen (the demo launched, a script attached): the button that chose it is gone, so
  // focus moves to the next step's button instead of dropping to the page.
  const targetId = target?.info.targetId ?? null;
  const recordButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (targetId && props.active !== false && (document.activeElement === document.body || document.activeElement === null)) recordButton.current?.focus();
  }, [targetId, props.active]);

  const openLevel = (id: string) => {
    client.api.getRecording({ id }).then((r) => props.onResult(r, null), (e: unknown) => setFormError(errorMessage(e)));
  };

  // The demo routes belong to the demo server only.
  const demoRoutes = demo && target?.isDemo ? demo.routes : null;
  const onExperimentStarted = props.onExperimentStarted;

  return (
    <div className="record-screen">
      {/* The one-click questions sit under the target, beside the load form: in view at 1024×700 too. */}
      <div className="column">
      <section className="card" aria-labelledby="target-heading">
        <h2 id="target-heading"><span className="step">1</span> Target</h2>
        {target ? (
          <TargetPanel target={target} consoleStore={props.consoleStore} onCleared={props.onTargetCleared} />
        ) : (
          <TargetPicker picker={props.picker} setPicker={props.setPicker} onChosen={props.onTargetChosen} onDemo={props.onDemo} />
        )}
      </section>

        <ExperimentCard form={experimentForm} setForm={setExperimentForm} load={loadForm} launch={props.picker.launch} shown={target?.info ?? null}
          recordingBusy={recording.busy || sweep.busy || routeCpu.busy} onDone={(id) => props.onExperimentDone?.(id)} onStarted={props.onExperimentStarted}
          refusal={workRefusal({ kind: 'experiment', targetId: null }, work.running)} />
      </div>

      <div className="column">
        <section className="card" aria-labelledby="load-heading">
          <h2 id="load-heading"><span className="step">2</span> Load</h2>
          <LoadForm form={loadForm} setForm={props.setLoadForm} disabled={busy} demoRoutes={demoRoutes} suggestedUrls={addresses}
            addressAnswers={addressAnswers} portQuestion={portAsk} hasTarget={!!target} snapshotEstimate={snapshotEstimate} />
        </section>

        {/* Only the Record button stays in view at the window's bottom (the sticky bar): the whole card did, and once
            it held a progress or an overhead result it covered "Stop after" at 1280×800 and the sampling interval at
            1024×700 (issue 38). The rest follows the form. */}
        <section className="card record-bar" aria-label="Record">
          <RecordActions
            buttonRef={recordButton} label={recordButtonLabel(loadForm, !!target)} disabled={busy || !!refusal} refusal={refusal} onRecord={record}
            running={running} onStop={stop}
            stopping={sweep.state.status === 'running' ? sweep.state.stopRequested : state.status === 'running' && state.stopRequested}
            onShowExperiment={runningExperiment && onExperimentStarted ? () => onExperimentStarted(runningExperiment.id) : null}
          />
          <ErrorNote message={formError ?? (state.status === 'idle' ? state.error : null)} testId="record-error" />
        </section>
        <section className="card record-card" aria-label="Recording progress and profiling overhead">
          <RecordingProgress state={state} />
          <SweepPanel state={sweep.state} />
          <OverheadPanel form={loadForm} targetId={profiledTarget} disabled={busy}
            refusal={busy ? null : workRefusal({ kind: 'overhead', targetId: profiledTarget, targetKey: profiledKey }, work.running)}
            elsewhere={work.atLoad?.some((w) => w.kind === 'overhead') ?? false} />
        </section>
      </div>
      {/* A sweep kept in the library shows on its own screen; one that could not be kept shows here. */}
      {!(sweep.state.status === 'idle' && sweep.state.result && sweep.state.result.id === sweepOnItsScreen) && <SweepResultCard state={sweep.state} onOpen={openLevel} />}
      <RouteCpuCard state={routeCpu.state} onOpen={openLevel} />
    </div>
  );
}
