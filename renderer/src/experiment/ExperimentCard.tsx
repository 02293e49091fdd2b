// "Compare two variants" on the Record screen: the trainer's one-click
// questions on the demo server, the setup of any A/B experiment, and its
// progress round by round. The answer opens on the experiment screen. The
// setup of one's own experiment is ExperimentSetup.tsx.
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { ErrorNote } from '../components/Notes.tsx';
import type { LaunchFormState, LoadFormState } from '../lib/forms.ts';
import { buildDemoQuestion, buildExperimentSpec, DEMO_QUESTIONS, roundLengthWords, step1Launch, type ExperimentFormState, type ShownTarget } from './experiment-form.ts';
import { ExperimentSetup } from './ExperimentSetup.tsx';
import { RoundsProgress } from './RoundsProgress.tsx';
import { useExperiment } from './useExperiment.ts';
import './experiment.css';

interface Props {
  form: ExperimentFormState;
  setForm: Dispatch<SetStateAction<ExperimentFormState>>;
  load: LoadFormState;
  launch: LaunchFormState;
  /** The target step 1 shows: a launched one is "the script of step 1" when the launch form is empty (another tab). */
  shown: ShownTarget | null;
  /** Another recording is running: one thing at a time on one machine. */
  recordingBusy: boolean;
  onDone: (experimentId: string) => void;
  /** The experiment started: its progress opens on its own screen. */
  onStarted?: (experimentId: string) => void;
  /** The service's sentence when an experiment would disturb work that runs (shared/work/running-work.ts). */
  refusal?: string | null;
}

/** The script "the script of step 1" names, for the radio's label ('' when none). */
function step1Script(launch: LaunchFormState, shown: ShownTarget | null): string {
  const spec = step1Launch(launch, shown);
  return spec.ok ? spec.value.script : '';
}

export function ExperimentCard({ form, setForm, load, launch, shown, recordingBusy, onDone, onStarted, refusal = null }: Props) {
  const run = useExperiment(onDone, onStarted);
  const [formError, setFormError] = useState<string | null>(null);
  const set = (patch: Partial<ExperimentFormState>) => setForm((f) => ({ ...f, ...patch }));
  // The page's own run shows its progress; work started elsewhere (another tab, the CLI, before a reload) says why.
  const why = run.busy || recordingBusy ? null : refusal;
  const disabled = run.busy || recordingBusy || !!why;

  const startWith = (spec: ReturnType<typeof buildExperimentSpec>) => {
    if (!spec.ok) {
      setFormError(spec.message);
      return;
    }
    setFormError(null);
    void run.start(spec.value);
  };

  const state = run.state;
  // The card sits low on the screen: bring the progress into view when a run starts.
  const progressRef = useRef<HTMLDivElement>(null);
  const running = state.status === 'running';
  useEffect(() => {
    if (running) progressRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [running]);
  const progress = state.status === 'running' ? state.progress : null;

  return (
    <section className="card experiment-card" aria-labelledby="experiment-heading" data-testid="experiment-card">
      <h2 id="experiment-heading">Compare two variants</h2>

      {why && <p className="note" data-testid="experiment-refusal" id="experiment-refusal" role="status">{why}</p>}
      <div className="demo-questions" role="group" aria-label="One-click questions on the demo server" aria-describedby={why ? 'experiment-refusal' : undefined}>
        {DEMO_QUESTIONS.map((q) => (
          <button key={q.id} type="button" className="button" data-testid={`demo-question-${q.id}`} disabled={disabled}
            onClick={() => startWith(buildDemoQuestion(q.id, form, load))}>
            {q.question}
          </button>
        ))}
      </div>

      <p className="hint">Runs A and B in back-to-back pairs, several of each, and tells a real difference from noise with a 95% interval. Uses the load settings of step 2.</p>
      <p className="hint exp-rounds-note">
        {/* One "Rounds each" for the questions above and the experiment set up below. */}
        Rounds each: <input aria-label="Rounds of each variant" className="inline-number" data-testid="exp-rounds-quick" inputMode="numeric" value={form.rounds}
          onChange={(e) => set({ rounds: e.target.value })} /> — 3 or more; {roundLengthWords(load)}.
        {' '}Then until it knows ±<input aria-label="Add pairs until the interval is within ± this many %" className="inline-number" data-testid="exp-until" inputMode="decimal" placeholder="off"
          value={form.untilPercent ?? ''} onChange={(e) => set({ untilPercent: e.target.value })} />%
        {(form.untilPercent ?? '').trim() && <> or <input aria-label="Time budget in minutes" className="inline-number" data-testid="exp-budget" inputMode="decimal"
          value={form.budgetMinutes ?? '10'} onChange={(e) => set({ budgetMinutes: e.target.value })} /> minutes</>}.
      </p>

      <ExperimentSetup form={form} set={set} script={step1Script(launch, shown)} disabled={disabled} onRun={() => startWith(buildExperimentSpec(form, load, launch, shown))} />

      <ErrorNote message={formError ?? (state.status === 'idle' ? state.error : null)} testId="experiment-error" />

      {state.status === 'running' && (
        <RoundsProgress progress={progress} totalRounds={progress?.totalRounds ?? 0} startingText="Starting…" stopping={state.stopRequested}
          stopDisabled={!state.id} onStop={() => void run.stop()} panelRef={progressRef}
          testIds={{ panel: 'experiment-progress', round: 'experiment-round', liveRps: 'experiment-live-rps', stop: 'experiment-stop' }} />
      )}
    </section>
  );
}
