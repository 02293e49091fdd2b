// "Set up your own experiment" (folded under the one-click questions): the
// target (the demo or the script of step 1), what differs between A and B
// (DIFFER_LABELS: a script, arguments, environment…), each side's value and
// name, whether each round is profiled, where the script's output goes.
import { DIFFER_LABELS, type DifferKind, type ExperimentFormState } from './experiment-form.ts';

interface Props {
  form: ExperimentFormState;
  set(patch: Partial<ExperimentFormState>): void;
  /** "The script of step 1": the launch form's, or the launched target's step 1 shows ('' when none). */
  script: string;
  disabled: boolean;
  onRun(): void;
}

export function ExperimentSetup({ form, set, script, disabled, onRun }: Props) {
  const d = DIFFER_LABELS[form.differ];
  return (
    <details className="more" data-testid="experiment-setup">
      <summary>Set up your own experiment</summary>
      <form className="form" noValidate onSubmit={(e) => { e.preventDefault(); onRun(); }}>
        <div className="field">
          <span className="label" id="exp-target-label">Target</span>
          <div className="radio-row" role="radiogroup" aria-labelledby="exp-target-label">
            <label><input type="radio" name="exp-target" checked={form.target === 'demo'} onChange={() => set({ target: 'demo' })} /> the demo server</label>
            <label><input type="radio" name="exp-target" checked={form.target === 'script'} onChange={() => set({ target: 'script' })} /> the script of step 1 (Launch a script){script ? `: ${script}` : ''}</label>
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
  );
}
