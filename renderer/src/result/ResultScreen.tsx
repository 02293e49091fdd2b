// The Result screen: what the server did (the CPU profile: flamegraph,
// bottom-up, call tree, where the time went), how it served the load
// (summary) and how the process held up (samples).
import { useEffect, useRef } from 'react';
import type { RecordingResult } from '../../../shared/api.ts';
import { SaveError } from '../library/SaveError.tsx';
import { formatDuration, formatInt } from '../lib/format.ts';
import { AnalysisPanel } from './AnalysisPanel.tsx';
import { LoadSummary } from './LoadSummary.tsx';
import { ProcessSamples } from './ProcessSamples.tsx';

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

interface Props {
  result: RecordingResult;
  /** Set when the library could not store the recording. */
  saveProblem?: string | null;
  onNewRecording: () => void;
  /** "Compare with…": this recording becomes A; the Library picks B. */
  onCompareWith?: () => void;
}

export function ResultScreen({ result, saveProblem, onNewRecording, onCompareWith }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { settings, target } = result;
  // Null for a profile imported from a file: no load was run by Flambé.
  const load = settings?.load ?? null;

  // A new screen: move focus to its heading so keyboard and screen-reader users start here.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="result-screen" data-testid="result-screen">
      <header className="result-header">
        <div>
          <h1 ref={heading} tabIndex={-1}>{target ? target.label : 'Load only'}</h1>
          {load && (
            <p className="result-meta">
              <span className="method">{load.method}</span> <span className="url" data-testid="result-url">{load.url}</span>
            </p>
          )}
          <p className="result-meta muted">
            <time dateTime={result.createdAt}>{formatDate(result.createdAt)}</time>
            {target && <> · PID {target.pid} · Node {target.nodeVersion}</>}
            {load && <> · {formatInt(load.connections)} connections</>}
            {load && <> · {load.requests ? `${formatInt(load.requests)} requests` : formatDuration(load.durationSec)}</>}
            {settings && settings.targetId !== null && <> · sampling every {settings.samplingIntervalUs} µs</>}
          </p>
        </div>
        <div className="result-actions">
          {onCompareWith && !saveProblem && (
            <button type="button" className="button" data-testid="compare-with-button" onClick={onCompareWith}>
              Compare with…
            </button>
          )}
          <button type="button" className="button primary" data-testid="new-recording-button" onClick={onNewRecording}>
            New recording
          </button>
        </div>
      </header>

      {result.error && (
        <div className="error-banner" role="alert" data-testid="recording-error">
          <strong>{result.error}</strong>
          <span> What was measured is shown below.</span>
        </div>
      )}

      {saveProblem && <SaveError id={result.id} problem={saveProblem} />}

      <section className="card" aria-labelledby="load-result-heading">
        <h2 id="load-result-heading">Load</h2>
        <LoadSummary load={result.load} />
      </section>

      <section className="card" aria-labelledby="profile-heading">
        <h2 id="profile-heading">CPU profile</h2>
        {result.profile == null ? (
          <p className="empty-state" data-testid="flamegraph-empty">No profile: this was a load-only run.</p>
        ) : (
          // A new recording is a new analysis: transforms, tabs and tables start over.
          <AnalysisPanel key={result.id} profile={result.profile} requests={result.load && result.load.requests > 0 ? result.load.requests : null} />
        )}
      </section>

      {result.samples.length > 0 && (
        <section className="card" aria-labelledby="samples-heading">
          <h2 id="samples-heading">The process</h2>
          <ProcessSamples samples={result.samples} />
        </section>
      )}
    </div>
  );
}
