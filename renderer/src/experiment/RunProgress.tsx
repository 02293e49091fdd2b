// An experiment under way, on its own screen (a repeat started from Compare
// opens here): round by round, the live numbers, and Stop. The screen turns
// into the answer when experimentDone arrives.
import { useState } from 'react';
import type { ExperimentProgress } from '../../../shared/experiment/types.ts';
import { useClient, useFlambeEvent } from '../client/context.tsx';
import { formatMs, formatRate } from '../lib/format.ts';

export function RunProgress({ id, totalRounds }: { id: string; totalRounds: number }) {
  const client = useClient();
  const [progress, setProgress] = useState<ExperimentProgress | null>(null);
  const [stopping, setStopping] = useState(false);
  useFlambeEvent((e) => {
    if (e.name === 'experimentProgress' && e.payload.experimentId === id) setProgress(e.payload);
  });
  const pct = Math.round((progress?.fraction ?? 0) * 100);
  const total = progress?.totalRounds ?? totalRounds;
  return (
    <div className="progress experiment-progress" data-testid="experiment-run-progress">
      <div className="progress-head">
        <span className="phase" aria-live="polite" data-testid="experiment-run-round">
          {progress ? `Round ${Math.min(progress.roundIndex + 1, total)} of ${total}${progress.variant ? ` — ${progress.variant} (${progress.variantName})` : ''}` : 'Starting the target…'}
        </span>
        <span className="progress-message muted">{progress?.phase ?? ''}</span>
        <span className="progress-pct">{pct}%</span>
      </div>
      <div className="bar" role="progressbar" aria-label="Experiment progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
        <div className="bar-fill phase-recording" style={{ width: `${pct}%` }} />
      </div>
      <dl className="live-numbers">
        <div><dt>Requests/s</dt><dd>{formatRate(progress?.rps)}</dd></div>
        <div><dt>p99</dt><dd>{formatMs(progress?.p99Ms)}</dd></div>
      </dl>
      {progress && progress.finished.length > 0 && (
        <ol className="finished-rounds" aria-label="Finished rounds">
          {progress.finished.map((r) => (
            <li key={r.recordingId} className={`variant-${r.variant}`}>
              <strong>{r.variant}</strong> {formatRate(r.rps)} req/s · p99 {formatMs(r.p99Ms)}{r.complete ? '' : ' (cut short)'}
            </li>
          ))}
        </ol>
      )}
      <div className="actions">
        <button type="button" className="button" disabled={stopping} onClick={() => { setStopping(true); void client.api.stopExperiment({ id }); }}>
          {stopping ? 'Stopping…' : 'Stop (keeps finished rounds)'}
        </button>
      </div>
    </div>
  );
}
