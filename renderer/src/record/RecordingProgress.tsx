// The progress of a running recording: phase, bar, live numbers.
import type { RecordingPhase } from '../../../shared/api.ts';
import { Sparkline } from '../components/Sparkline.tsx';
import { formatMs, formatRate } from '../lib/format.ts';
import { liveP99, PHASE_LABELS, progressView, type RecordingState } from './recording-state.ts';

const STEPS: RecordingPhase[] = ['connecting', 'warmup', 'recording', 'stopping', 'done'];

export function RecordingProgress({ state }: { state: RecordingState }) {
  const view = progressView(state);
  if (!view) return null;
  const pct = Math.round(view.fraction * 100);
  const progress = state.status === 'running' || state.status === 'fetching' ? state.progress : null;
  const live = progress?.rps !== undefined;
  const rps = state.status === 'running' || state.status === 'fetching' ? state.rps : [];
  const current = STEPS.indexOf(view.phase);

  return (
    <div className="progress" data-testid="progress" data-phase={view.phase}>
      <ol className="phases" aria-label="Phases">
        {STEPS.map((step, i) => (
          <li key={step} className={i < current ? 'past' : i === current ? 'current' : ''} aria-current={i === current ? 'step' : undefined}>
            {PHASE_LABELS[step]}
          </li>
        ))}
      </ol>
      <div className="progress-head">
        <span className="phase" data-testid="progress-phase" data-phase={view.phase} aria-live="polite">{view.label}</span>
        {/* During the burst the live numbers below say what the message would. */}
        <span className="progress-message muted">{live && view.phase === 'recording' ? '' : view.message}</span>
        <span className="progress-pct">{pct}%</span>
      </div>
      <div className="bar" role="progressbar" aria-label="Recording progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
        <div className={`bar-fill phase-${view.phase}`} style={{ width: `${pct}%` }} />
      </div>
      {(live || rps.length > 0) && (
        <div className="live">
          <dl className="live-numbers">
            <div><dt>Requests/s</dt><dd data-testid="live-rps">{formatRate(progress?.rps)}</dd></div>
            <div><dt>p99</dt><dd data-testid="live-p99" title={liveP99(progress) === null ? 'No response finished in the last second' : undefined}>{formatMs(liveP99(progress))}</dd></div>
          </dl>
          {rps.length > 1 && <Sparkline values={rps} width={200} height={36} kind="line" className="live-spark" label={`Requests per second, last ${formatRate(rps.at(-1))}`} />}
        </div>
      )}
    </div>
  );
}
