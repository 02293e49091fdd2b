// The load form's checkboxes, each saying what it costs: load only (no
// profile), the user's own load, Find what grows (heap snapshots), Time each
// request. Without a target only the load runs; with the user's own load
// there is no burst of Flambé's to find growth under, and every request is
// timed (that is how such a load is counted).
import type { LoadFormState } from '../lib/forms.ts';
import type { SnapshotEstimateAnswer } from './useSnapshotEstimate.ts';

interface Props {
  /** The form's id prefix (useId). */
  id: string;
  form: LoadFormState;
  set(patch: Partial<LoadFormState>): void;
  disabled: boolean;
  hasTarget: boolean;
  /** What each snapshot would cost this target (asked when Find what grows is ticked). */
  snapshotEstimate?: SnapshotEstimateAnswer | null;
}

export function LoadChecks({ id, form, set, disabled, hasTarget, snapshotEstimate = null }: Props) {
  const growth = !!form.findGrowth && hasTarget && !form.loadOnly && !form.ownLoad;
  return (
    <>
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
      {growth && <SnapshotCost id={id} estimate={snapshotEstimate} longPauseOk={!!form.longPauseOk} set={set} disabled={disabled} />}
      <div className="check-row">
        <input type="checkbox" id={`${id}-request-time`} data-testid="request-time-input" checked={!form.noRequestTime || (form.ownLoad && hasTarget && !form.loadOnly)}
          disabled={disabled || !hasTarget || form.loadOnly || form.ownLoad} onChange={(e) => set({ noRequestTime: !e.target.checked })} />
        <label htmlFor={`${id}-request-time`}>Time each request</label>
        <span className="hint inline">— where each request's time went (its CPU, what it waited on, background work). It costs the server about 0.03 ms of CPU per request, more with much async work; your own load needs it.</span>
      </div>
    </>
  );
}

/** The estimate beside Find what grows, before the user starts it; over a minute, a second box to take the snapshots anyway. */
function SnapshotCost({ id, estimate, longPauseOk, set, disabled }: { id: string; estimate: SnapshotEstimateAnswer | null; longPauseOk: boolean; set: Props['set']; disabled: boolean }) {
  if (!estimate) return <p className="hint" data-testid="snapshot-estimate">Reading how big this server's heap is, to say how long each snapshot will pause it…</p>;
  if ('failed' in estimate) return <p className="hint" data-testid="snapshot-estimate">How long each snapshot will pause the server cannot be told: {estimate.failed}</p>;
  return (
    <>
      <p className="hint" data-testid="snapshot-estimate">{estimate.sentence}</p>
      {estimate.tooLong && (
        <div className="check-row">
          <input type="checkbox" id={`${id}-long-pause`} data-testid="long-pause-input" checked={longPauseOk} disabled={disabled} onChange={(e) => set({ longPauseOk: e.target.checked })} />
          <label htmlFor={`${id}-long-pause`}>Even if it pauses the server that long</label>
          <span className="hint inline">— without it, Find what grows is not started: each pause would be over a minute.</span>
        </div>
      )}
    </>
  );
}
