// The Result screen: what the server did (the CPU profile: flamegraph,
// bottom-up, call tree, where the time went), how it served the load
// (summary) and how the process held up (samples).
import { useEffect, useRef } from 'react';
import type { RecordingMeta } from '../../../shared/api.ts';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { SaveError } from '../library/SaveError.tsx';
import { formatInt } from '../lib/format.ts';
import { AnalysisPanel } from './AnalysisPanel.tsx';
import { LoadSummary } from './LoadSummary.tsx';
import { ProcessSamples } from './ProcessSamples.tsx';
import { noProfileSentence, resultTitle, runLength } from './result-labels.ts';

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

interface Props {
  result: RecordingMeta;
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
          <h1 ref={heading} tabIndex={-1} data-testid="result-title">{resultTitle(result)}</h1>
          {load && (
            <p className="result-meta">
              <span className="method">{load.method}</span> <span className="url" data-testid="result-url">{load.url}</span>
            </p>
          )}
          <p className="result-meta muted">
            <time dateTime={result.createdAt}>{formatDate(result.createdAt)}</time>
            {target && <> · PID {target.pid} · Node {target.nodeVersion}</>}
            {load && <> · {formatInt(load.connections)} connections</>}
            {load && <> · <span data-testid="result-length">{runLength(result)}</span></>}
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
        <ErrorBoundary what="The load summary" resetKey={result.id}>
          <LoadSummary load={result.load} settings={result.settings?.load} name={result.name} samplingIntervalUs={result.hasProfile ? result.settings?.samplingIntervalUs : null} />
        </ErrorBoundary>
      </section>

      <section className="card" aria-labelledby="profile-heading">
        <h2 id="profile-heading">CPU profile</h2>
        {!result.hasProfile ? (
          <p className="empty-state" data-testid="flamegraph-empty">{noProfileSentence(result)}</p>
        ) : (
          // A new recording is a new analysis: transforms, tabs and tables start over.
          <ErrorBoundary what="The CPU profile" resetKey={result.id}>
            <AnalysisPanel key={result.id} recordingId={result.id} requests={result.load && result.load.requests > 0 ? result.load.requests : null} />
          </ErrorBoundary>
        )}
      </section>

      {result.samples.length > 0 && (
        <section className="card" aria-labelledby="samples-heading">
          <h2 id="samples-heading">The process</h2>
          <ErrorBoundary what="The process samples" resetKey={result.id}>
            <ProcessSamples samples={result.samples} />
          </ErrorBoundary>
        </section>
      )}
    </div>
  );
}
