// Step 2: how to load the server while profiling it. Its sections: the port
// to load (PortChoice.tsx), the demo's routes, headers and body, the extras
// (load/LoadExtras.tsx), when to stop, and the checkboxes (LoadChecks.tsx).
import { useId, type Dispatch, type SetStateAction } from 'react';
import { samplingIntervalsUs, type AddressAnswer, type DemoServerInfo } from '../../../shared/api.ts';
import { LoadExtras } from '../load/LoadExtras.tsx';
import { withPath, type LoadFormState } from '../lib/forms.ts';
import { HTTP_METHODS, METHODS_WITH_BODY, type HttpMethod } from '../../../shared/http.ts';
import { LoadChecks } from './LoadChecks.tsx';
import { PortChoice } from './PortChoice.tsx';
import type { SnapshotEstimateAnswer } from './useSnapshotEstimate.ts';

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
  /** What Find what grows' snapshots would cost the target (LoadChecks.tsx shows it). */
  snapshotEstimate?: SnapshotEstimateAnswer | null;
}

const SAMPLING_LABELS: Record<number, string> = {
  100: '100 µs (finest, more overhead)',
  250: '250 µs',
  500: '500 µs',
  1000: '1 ms (default)',
  5000: '5 ms (lightest)',
};

export function LoadForm({ form, setForm, disabled, demoRoutes, suggestedUrls, addressAnswers = null, portQuestion = null, hasTarget, snapshotEstimate = null }: Props) {
  const id = useId();
  const set = (patch: Partial<LoadFormState>) => setForm((f) => ({ ...f, ...patch }));
  const hasBody = METHODS_WITH_BODY.includes(form.method);

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

      {suggestedUrls.length > 1 && <PortChoice id={id} urls={suggestedUrls} answers={addressAnswers} question={portQuestion} form={form} setForm={setForm} />}
      {demoRoutes && <DemoRouteChips routes={demoRoutes} form={form} set={set} disabled={disabled} demoUrl={suggestedUrls[0]} />}

      <HeadersAndBody id={id} form={form} set={set} hasBody={hasBody} />

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

      <StopAfter id={id} form={form} set={set} disabled={disabled} />

      <LoadChecks id={id} form={form} set={set} disabled={disabled} hasTarget={hasTarget} snapshotEstimate={snapshotEstimate} />
    </fieldset>
  );
}

type SetPatch = (patch: Partial<LoadFormState>) => void;

/** The demo server's routes, one click each: its own address comes first. */
function DemoRouteChips({ routes, form, set, disabled, demoUrl }: { routes: DemoServerInfo['routes']; form: LoadFormState; set: SetPatch; disabled: boolean; demoUrl: string | undefined }) {
  let currentPath = '';
  try {
    currentPath = new URL(form.url).pathname;
  } catch {
    // not a URL yet
  }
  return (
    <div className="routes" role="group" aria-label="Demo routes">
      {routes.map((r) => (
        <button key={r.path} type="button" className="route-chip" aria-pressed={currentPath === r.path} data-testid={`route-chip-${r.path.replace(/^\//, '')}`}
          disabled={disabled || !(form.url || demoUrl)}
          // The routes are the demo server's: its own address comes first.
          onClick={() => set({ url: withPath(demoUrl ?? '', form.url, r.path), urlFromSuggestion: false })}>
          <code>{r.path}</code>
          <span>{r.what}</span>
        </button>
      ))}
    </div>
  );
}

/** Headers, and a body for the methods that send one (folded away: most loads need neither). */
function HeadersAndBody({ id, form, set, hasBody }: { id: string; form: LoadFormState; set: SetPatch; hasBody: boolean }) {
  return (
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
  );
}

/** When the burst ends: after a duration, or after a number of requests. */
function StopAfter({ id, form, set, disabled }: { id: string; form: LoadFormState; set: SetPatch; disabled: boolean }) {
  return (
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
  );
}
