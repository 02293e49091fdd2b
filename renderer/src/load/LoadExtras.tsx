// The Record screen's load options beyond one URL: several routes in one
// burst, a fixed rate, and a concurrency sweep.
import { useId } from 'react';
import type { LoadFormState } from '../lib/forms.ts';

interface Props {
  form: LoadFormState;
  set(patch: Partial<LoadFormState>): void;
  disabled: boolean;
  hasTarget: boolean;
}

export function LoadExtras({ form, set, disabled, hasTarget }: Props) {
  const id = useId();
  return (
    <>
      <details className="more" open={form.routes.trim() !== '' || undefined}>
        <summary>Several routes in one burst</summary>
        <div className="field">
          <label htmlFor={`${id}-routes`}>Routes, on the URL's server</label>
          <textarea id={`${id}-routes`} data-testid="routes-input" rows={4} value={form.routes} spellCheck={false} disabled={disabled}
            placeholder={'GET /users\nGET /users/42 3\nPOST /orders'} aria-describedby={`${id}-routes-hint`} onChange={(e) => set({ routes: e.target.value })} />
          <p className="hint" id={`${id}-routes-hint`}>
            One “METHOD /path” per line, with an optional weight (3 = three times as often). Each route gets its own numbers; the URL gives the server, its headers and body go with every route.
          </p>
        </div>
        <div className="check-row">
          <input type="checkbox" id={`${id}-route-cpu`} data-testid="route-cpu-input" checked={form.perRouteCpu} disabled={disabled || !hasTarget}
            onChange={(e) => set({ perRouteCpu: e.target.checked })} />
          <label htmlFor={`${id}-route-cpu`}>Profile each route in its own burst</label>
          <span className="hint inline">— CPU ms per request and top function, route by route</span>
        </div>
      </details>

      <div className="row wrap">
        <div className="field small-field">
          <label htmlFor={`${id}-rate`}>Fixed rate (req/s)</label>
          <input id={`${id}-rate`} data-testid="rate-input" type="number" min={1} step="any" value={form.rate} placeholder="no limit"
            disabled={disabled || form.sweep} aria-describedby={`${id}-rate-hint`} onChange={(e) => set({ rate: e.target.value })} />
        </div>
        <p className="hint grow" id={`${id}-rate-hint`}>
          Empty: each connection sends its next request when the last is answered. A rate sends requests on a schedule, whatever the server does, and counts latency from when each was due.
        </p>
      </div>

      <fieldset className="sweep-options">
        <legend className="visually-hidden">Concurrency sweep</legend>
        <div className="check-row">
          <input type="checkbox" id={`${id}-sweep`} data-testid="sweep-input" checked={form.sweep} disabled={disabled}
            onChange={(e) => set({ sweep: e.target.checked, ...(e.target.checked ? { mode: 'duration', rate: '' } : {}) })} />
          <label htmlFor={`${id}-sweep`}>Concurrency sweep</label>
          <span className="hint inline">— the same load at several numbers of connections</span>
        </div>
        {form.sweep && (
          <div className="row wrap">
            <div className="field">
              <label htmlFor={`${id}-levels`}>Levels (connections)</label>
              <input id={`${id}-levels`} data-testid="sweep-levels-input" value={form.sweepLevels} disabled={disabled} onChange={(e) => set({ sweepLevels: e.target.value })} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-profile`}>Profile</label>
              <select id={`${id}-profile`} value={form.sweepProfile} disabled={disabled || !hasTarget || form.loadOnly}
                onChange={(e) => set({ sweepProfile: e.target.value as LoadFormState['sweepProfile'] })}>
                <option value="none">no level</option>
                <option value="every">every level</option>
                <option value="one">one level:</option>
              </select>
            </div>
            {form.sweepProfile === 'one' && hasTarget && !form.loadOnly && (
              <div className="field small-field">
                <label htmlFor={`${id}-profile-at`}>Level to profile</label>
                <input id={`${id}-profile-at`} type="number" min={1} value={form.sweepProfileAt} disabled={disabled} onChange={(e) => set({ sweepProfileAt: e.target.value })} />
              </div>
            )}
            {form.sweepProfile !== 'none' && hasTarget && !form.loadOnly && form.routes.trim() !== '' && (
              <label className="field">
                <span><input type="checkbox" data-testid="sweep-per-route-cpu" checked={!!form.sweepPerRouteCpu} disabled={disabled} onChange={(e) => set({ sweepPerRouteCpu: e.target.checked })} />
                  {' '}CPU per route: at each profiled level, also profile each route alone (one more burst per route)</span>
              </label>
            )}
            <p className="hint">Each level lasts the duration below; the warm-up runs once, before the first.</p>
          </div>
        )}
      </fieldset>
    </>
  );
}
