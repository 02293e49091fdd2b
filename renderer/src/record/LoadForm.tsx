// Step 2: how to load the server while profiling it.
import { useId, type Dispatch, type SetStateAction } from 'react';
import { samplingIntervalsUs, type AddressAnswer, type DemoServerInfo } from '../../../shared/api.ts';
import { LoadExtras } from '../load/LoadExtras.tsx';
import { withPath, type LoadFormState } from '../lib/forms.ts';
import { HTTP_METHODS, METHODS_WITH_BODY, type HttpMethod } from '../../../shared/http.ts';
import { choosePort, portOf } from './port-choice.ts';

interface Props {
  form: LoadFormState;
  setForm: Dispatch<SetStateAction<LoadFormState>>;
  disabled: boolean;
  /** Routes of the demo server when it is the target. */
  demoRoutes: DemoServerInfo['routes'] | null;
  suggestedUrls: string[];
  /** What a GET / answered on each address, when the target listens on several (null while asking). */
  addressAnswers?: AddressAnswer[] | null;
  /** Set when the user must still choose the port: the question, shown above the choices. */
  portQuestion?: string | null;
  hasTarget: boolean;
}

const SAMPLING_LABELS: Record<number, string> = {
  100: '100 µs (finest, more overhead)',
  250: '250 µs',
  500: '500 µs',
  1000: '1 ms (default)',
  5000: '5 ms (lightest)',
};

export function LoadForm({ form, setForm, disabled, demoRoutes, suggestedUrls, addressAnswers = null, portQuestion = null, hasTarget }: Props) {
  const id = useId();
  const set = (patch: Partial<LoadFormState>) => setForm((f) => ({ ...f, ...patch }));
  const hasBody = METHODS_WITH_BODY.includes(form.method);
  let currentPath = '';
  try {
    currentPath = new URL(form.url).pathname;
  } catch {
    // not a URL yet
  }

  return (
    <fieldset className="form load-form" disabled={disabled}>
      <legend className="visually-hidden">Load settings</legend>
      <div className="row">
        <div className="field method-field">
          <label htmlFor={`${id}-method`}>Method</label>
          <select id={`${id}-method`} value={form.method} onChange={(e) => set({ method: e.target.value as HttpMethod })}>
            {HTTP_METHODS.map((m) => <option key={m}>{m}</option>)}
          </select>
        </div>
        <div className="field grow">
          <label htmlFor={`${id}-url`}>URL</label>
          <input id={`${id}-url`} data-testid="url-input" type="url" value={form.url} placeholder="http://127.0.0.1:3000/hello"
            autoComplete="off" spellCheck={false} onChange={(e) => set({ url: e.target.value, urlFromSuggestion: false })} />
        </div>
      </div>

      {suggestedUrls.length > 1 && (
        <div className={`port-choice${portQuestion ? ' asking' : ''}`} role="group" aria-labelledby={`${id}-ports`} data-testid="port-choice">
          <p id={`${id}-ports`} className="port-question">
            <strong>Which server?</strong> The script listens on {suggestedUrls.length} ports. Choose the one to load{portQuestion ? '' : ' (chosen)'}:
          </p>
          {suggestedUrls.map((u) => {
            const answer = addressAnswers?.find((a) => a.url === u)?.answer;
            const chosen = !form.urlFromSuggestion && form.url !== '' && sameOrigin(form.url, u);
            return (
              <button key={u} type="button" className="port-option" aria-pressed={chosen} data-testid={`port-${portOf(u)}`}
                onClick={() => setForm((f) => choosePort(f, u))}>
                <span className="port-number">Port {portOf(u)}</span>
                <code>{u}</code>
                <span className="port-answer">{answer ? `GET / answered ${answer}` : addressAnswers ? 'not asked' : 'asking what answers there…'}</span>
              </button>
            );
          })}
        </div>
      )}
      {demoRoutes && (
        <div className="routes" role="group" aria-label="Demo routes">
          {demoRoutes.map((r) => (
            <button key={r.path} type="button" className="route-chip" aria-pressed={currentPath === r.path} data-testid={`route-chip-${r.path.replace(/^\//, '')}`}
              disabled={disabled || !(form.url || suggestedUrls[0])}
              // The routes are the demo server's: its own address comes first.
              onClick={() => set({ url: withPath(suggestedUrls[0] ?? '', form.url, r.path), urlFromSuggestion: false })}>
              <code>{r.path}</code>
              <span>{r.what}</span>
            </button>
          ))}
        </div>
      )}

      <details className="more">
        <summary>Headers{hasBody ? ' and body' : ''}</summary>
        <div className="field">
          <label htmlFor={`${id}-headers`}>Headers</label>
          <textarea id={`${id}-headers`} rows={3} value={form.headers} spellCheck={false} placeholder={'Accept: application/json\nAuthorization: Bearer …'}
            aria-describedby={`${id}-headers-hint`} onChange={(e) => set({ headers: e.target.value })} />
          <p className="hint" id={`${id}-headers-hint`}>One “Name: value” per line.</p>
        </div>
        {hasBody && (
          <div className="field">
            <label htmlFor={`${id}-body`}>Body</label>
            <textarea id={`${id}-body`} rows={4} value={form.body} spellCheck={false} placeholder='{"name": "test"}' onChange={(e) => set({ body: e.target.value })} />
          </div>
        )}
      </details>

      <LoadExtras form={form} set={set} disabled={disabled} hasTarget={hasTarget} />

      <div className="row wrap">
        <div className="field small-field">
          <label htmlFor={`${id}-connections`}>Connections</label>
          <input id={`${id}-connections`} data-testid="connections-input" type="number" min={1} max={1000} value={form.connections} disabled={disabled || form.sweep}
            onChange={(e) => set({ connections: e.target.value })} />
        </div>
        <div className="field small-field">
          <label htmlFor={`${id}-warmup`}>Warm-up (s)</label>
          <input id={`${id}-warmup`} data-testid="warmup-input" type="number" min={0} max={600} step="any" value={form.warmupSec}
            aria-describedby={`${id}-warmup-hint`} onChange={(e) => set({ warmupSec: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-sampling`}>Sampling interval</label>
          <select id={`${id}-sampling`} value={form.samplingIntervalUs}
            onChange={(e) => set({ samplingIntervalUs: Number(e.target.value) as LoadFormState['samplingIntervalUs'] })}>
            {samplingIntervalsUs.map((us) => <option key={us} value={us}>{SAMPLING_LABELS[us] ?? `${us} µs`}</option>)}
          </select>
        </div>
      </div>
      <p className="hint" id={`${id}-warmup-hint`}>Warm-up loads the server without profiling, so start-up work is not mistaken for a hotspot.</p>

      <fieldset className="stop-after">
        <legend>Stop after</legend>
        <div className="radio-row">
          <input type="radio" id={`${id}-mode-duration`} name={`${id}-mode`} checked={form.mode === 'duration'} onChange={() => set({ mode: 'duration' })} />
          <label htmlFor={`${id}-mode-duration`}>a duration of</label>
          <input aria-label="Duration in seconds" data-testid="duration-input" type="number" min={1} step="any" className="inline-number"
            value={form.durationSec} disabled={disabled || form.mode !== 'duration'} onChange={(e) => set({ durationSec: e.target.value })} />
          <span>seconds</span>
        </div>
        <div className="radio-row">
          <input type="radio" id={`${id}-mode-requests`} name={`${id}-mode`} checked={form.mode === 'requests'} disabled={disabled || form.sweep} onChange={() => set({ mode: 'requests' })} />
          <label htmlFor={`${id}-mode-requests`}>a number of requests:</label>
          <input aria-label="Number of requests" data-testid="requests-input" type="number" min={1} className="inline-number wide"
            value={form.requests} disabled={disabled || form.mode !== 'requests'} onChange={(e) => set({ requests: e.target.value })} />
        </div>
      </fieldset>

      <div className="check-row">
        <input type="checkbox" id={`${id}-load-only`} data-testid="load-only-input" checked={form.loadOnly || !hasTarget} disabled={disabled || !hasTarget}
          onChange={(e) => set({ loadOnly: e.target.checked })} />
        <label htmlFor={`${id}-load-only`}>Load only (no profile)</label>
        {!hasTarget && <span className="hint inline">— no target chosen, so only the load is measured.</span>}
      </div>
      <div className="check-row">
        <input type="checkbox" id={`${id}-own-load`} data-testid="own-load-input" checked={form.ownLoad && hasTarget && !form.loadOnly}
          disabled={disabled || !hasTarget || form.loadOnly} onChange={(e) => set({ ownLoad: e.target.checked })} />
        <label htmlFor={`${id}-own-load`}>I will send the load myself</label>
        <span className="hint inline">— with ab, k6 or a browser: Flambé records for the duration above (or until Stop) and counts and times every request in the server.</span>
      </div>
      <div className="check-row">
        <input type="checkbox" id={`${id}-find-growth`} data-testid="find-growth-input" checked={!!form.findGrowth && hasTarget && !form.loadOnly && !form.ownLoad}
          disabled={disabled || !hasTarget || form.loadOnly || form.ownLoad} onChange={(e) => set({ findGrowth: e.target.checked })} />
        <label htmlFor={`${id}-find-growth`}>Find what grows</label>
        <span className="hint inline">— after the burst, under the same load, two heap snapshots 3 s apart name what grows and what holds it. Each snapshot pauses the process (for seconds on a big heap); the burst's own figures are not touched.</span>
      </div>
      <div className="check-row">
        <input type="checkbox" id={`${id}-request-time`} data-testid="request-time-input" checked={!form.noRequestTime || (form.ownLoad && hasTarget && !form.loadOnly)}
          disabled={disabled || !hasTarget || form.loadOnly || form.ownLoad} onChange={(e) => set({ noRequestTime: !e.target.checked })} />
        <label htmlFor={`${id}-request-time`}>Time each request</label>
        <span className="hint inline">— where each request's time went (its CPU, what it waited on, background work). It costs the server about 0.03 ms of CPU per request, more with much async work; your own load needs it.</span>
      </div>
    </fieldset>
  );
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
