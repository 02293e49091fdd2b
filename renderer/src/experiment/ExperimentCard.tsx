// "Compare two variants" on the Record screen: the trainer's one-click
// questions on the demo server, the setup of any A/B experiment, and its
// progress round by round. The answer opens on the experiment screen.
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { ErrorNote } from '../components/Notes.tsx';
import type { LaunchFormState, LoadFormState } from '../lib/forms.ts';
import {
  buildDemoQuestion, buildExperimentSpec, DEMO_QUESTIONS, DIFFER_LABELS, type DifferKind, type ExperimentFormState,
} from './experiment-form.ts';
import { RoundsProgress } from './RoundsProgress.tsx';
import { useExperiment } from './useExperiment.ts';
import './experiment.css';

interface Props {
  form: ExperimentFormState;
  setForm: Dispatch<SetStateAction<ExperimentFormState>>;
  load: LoadFormState;
  launch: LaunchFormState;
  /** Another recording is running: one thing at a time on one machine. */
  recordingBusy: boolean;
  onDone: (experimentId: string) => void;
  /** The experiment started: its progress opens on its own screen. */
  onStarted?: (experimentId: string) => void;
  /** The service's sentence when an experiment would disturb work that runs (shared/work/running-work.ts). */
  refusal?: string | null;
}

export function ExperimentCard({ form, setForm, load, launch, recordingBusy, onDone, onStarted, refusal = null }: Props) {
  const run = useExperiment(onDone, onStarted);
  const [formError, setFormError] = useState<string | null>(null);
  const set = (patch: Partial<ExperimentFormState>) => setForm((f) => ({ ...f, ...patch }));
  // The page's own run shows its progress; work started elsewhere (another tab, the CLI, before a reload) says why.
  const why = run.busy || recordingBusy ? null : refusal;
  const disabled = run.busy || recordingBusy || !!why;
  const d = DIFFER_LABELS[form.differ];

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
          onChange={(e) => set({ rounds: e.target.value })} /> — 3 or more; each round is {load.durationSec || '?'} s of load after {load.warmupSec || '0'} s of warm-up.
        {' '}Then until it knows ±<input aria-label="Add pairs until the interval is within ± this many %" className="inline-number" data-testid="exp-until" inputMode="decimal" placeholder="off"
          value={form.untilPercent ?? ''} onChange={(e) => set({ untilPercent: e.target.value })} />%
        {(form.untilPercent ?? '').trim() && <> or <input aria-label="Time budget in minutes" className="inline-number" data-testid="exp-budget" inputMode="decimal"
          value={form.budgetMinutes ?? '10'} onChange={(e) => set({ budgetMinutes: e.target.value })} /> minutes</>}.
      </p>

      <details className="more" data-testid="experiment-setup">
        <summary>Set up your own experiment</summary>
        <form className="form" noValidate onSubmit={(e) => { e.preventDefault(); startWith(buildExperimentSpec(form, load, launch)); }}>
          <div className="field">
            <span className="label" id="exp-target-label">Target</span>
            <div className="radio-row" role="radiogroup" aria-labelledby="exp-target-label">
              <label><input type="radio" name="exp-target" checked={form.target === 'demo'} onChange={() => set({ target: 'demo' })} /> the demo server</label>
              <label><input type="radio" name="exp-target" checked={form.target === 'script'} onChange={() => set({ target: 'script' })} /> the script of step 1 (Launch a script){launch.script ? `: ${launch.script}` : ''}</label>
            </div>
            {form.target === 'script' && <p className="hint">Every round starts its own copy; a copy still running from step 1 that holds the script’s port is stopped first.</p>}
          </div>
          <div className="field">
            <label htmlFor="exp-differ">What differs between A and B</label>
            <select id="exp-differ" data-testid="exp-differ" value={form.differ}
              onChange={(e) => {
                const differ = e.target.value as DifferKind;
                set({ differ, a: '', b: '' });
              }}>
              {(Object.keys(DIFFER_LABELS) as DifferKind[]).map((k) => <option key={k} value={k}>{DIFFER_LABELS[k].label}</option>)}
            </select>
            <p className="hint">{d.hint}</p>
          </div>
          <div className="ab-grid">
            {(['a', 'b'] as const).map((side) => (
              <fieldset key={side} className="ab-side">
                <legend>{side.toUpperCase()}</legend>
                <div className="field">
                  <label htmlFor={`exp-${side}`}>{d.label}</label>
                  {form.differ === 'env'
                    ? <textarea id={`exp-${side}`} data-testid={`exp-${side}`} rows={2} value={form[side]} spellCheck={false}
                      placeholder={side === 'a' ? d.placeholderA : d.placeholderB} onChange={(e) => set({ [side]: e.target.value })} />
                    : <input id={`exp-${side}`} data-testid={`exp-${side}`} value={form[side]} spellCheck={false} autoComplete="off"
                      placeholder={side === 'a' ? d.placeholderA : d.placeholderB} onChange={(e) => set({ [side]: e.target.value })} />}
                </div>
                <div className="field">
                  <label htmlFor={`exp-${side}-name`}>Name <span className="optional">(optional)</span></label>
                  <input id={`exp-${side}-name`} value={side === 'a' ? form.aName : form.bName} placeholder="what differs" autoComplete="off"
                    onChange={(e) => set(side === 'a' ? { aName: e.target.value } : { bName: e.target.value })} />
                </div>
              </fieldset>
            ))}
          </div>
          <div className="row-fields">
            <label className="check"><input type="checkbox" checked={form.profile} onChange={(e) => set({ profile: e.target.checked })} /> Profile each round</label>
            <div className="field">
              <label htmlFor="exp-output">The script’s output goes to</label>
              <select id="exp-output" value={form.output} onChange={(e) => set({ output: e.target.value as ExperimentFormState['output'] })}>
                <option value="auto">a file for the demo and logging switches, else a pipe</option>
                <option value="file">a file Flambé tails (synchronous, like a terminal)</option>
                <option value="pipe">a pipe (asynchronous: console.log looks cheaper)</option>
              </select>
            </div>
          </div>
          <div className="actions">
            <button type="submit" className="button primary" data-testid="experiment-run" disabled={disabled}>Run the experiment</button>
          </div>
        </form>
      </details>


      <ErrorNote message={formError ?? (state.status === 'idle' ? state.error : null)} testId="experiment-error" />

      {state.status === 'running' && (
        <RoundsProgress progress={progress} totalRounds={progress?.totalRounds ?? 0} startingText="Starting…" stopping={state.stopRequested}
          stopDisabled={!state.id} onStop={() => void run.stop()} panelRef={progressRef}
          testIds={{ panel: 'experiment-progress', round: 'experiment-round', liveRps: 'experiment-live-rps', stop: 'experiment-stop' }} />
      )}
    </section>
  );
}
