// An experiment's progress as both places show it — the Record screen's card
// while it runs there, and the experiment screen for a run started elsewhere
// (a repeat from Compare): the round, the bar, live numbers, the finished
// rounds, and Stop. What Stop does and the test ids are the caller's.
import type { Ref } from 'react';
import type { ExperimentProgress } from '../../../shared/experiment/types.ts';
import { formatMs, formatRate } from '../lib/format.ts';

interface Props {
  progress: ExperimentProgress | null;
  /** Rounds in all, until the first progress event says. */
  totalRounds: number;
  /** What the round line says before the first progress event. */
  startingText: string;
  stopping: boolean;
  stopDisabled?: boolean;
  onStop: () => void;
  testIds: { panel: string; round: string; liveRps?: string; stop?: string };
  panelRef?: Ref<HTMLDivElement>;
}

export function RoundsProgress({ progress, totalRounds, startingText, stopping, stopDisabled, onStop, testIds, panelRef }: Props) {
  const pct = Math.round((progress?.fraction ?? 0) * 100);
  const total = progress?.totalRounds ?? totalRounds;
  return (
    <div className="progress experiment-progress" data-testid={testIds.panel} ref={panelRef}>
      <div className="progress-head">
        <span className="phase" aria-live="polite" data-testid={testIds.round}>
          {progress ? `Round ${Math.min(progress.roundIndex + 1, total)} of ${total}${progress.variant ? ` — ${progress.variant} (${progress.variantName})` : ''}` : startingText}
        </span>
        <span className="progress-message muted">{progress?.phase ?? ''}</span>
        <span className="progress-pct">{pct}%</span>
      </div>
      <div className="bar" role="progressbar" aria-label="Experiment progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
        <div className="bar-fill phase-recording" style={{ width: `${pct}%` }} />
      </div>
      <dl className="live-numbers">
        <div><dt>Requests/s</dt><dd data-testid={testIds.liveRps}>{formatRate(progress?.rps)}</dd></div>
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
        <button type="button" className="button" data-testid={testIds.stop} disabled={stopping || stopDisabled} onClick={onStop}>
          {stopping ? 'Stopping…' : 'Stop (keeps finished rounds)'}
        </button>
      </div>
    </div>
  );
}
