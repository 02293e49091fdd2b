// The Result screen's header: what was recorded (method and URL, when, which
// process, connections, how long, the sampling interval) and what can be done
// with it (a report, Compare with…, a new recording).
import { samplingEvery } from '../../../shared/load/sampling-words.ts';
import type { RefObject } from 'react';
import type { RecordingMeta } from '../../../shared/api.ts';
import { recordingReport } from '../../../shared/report/build-report.ts';
import { DEFAULT_SLOW_P75_MS } from '../../../shared/load/slow-routes.ts';
import { verdictLines } from '../../../shared/verdict/profile-verdict.ts';
import { ExportReport } from '../components/ExportReport.tsx';
import { formatInt } from '../lib/format.ts';
import { loadRouteText } from '../lib/row-format.ts';
import type { RecordingContext } from '../../../shared/verdict/index.ts';
import { resultTitle, runLength } from './result-labels.ts';
import type { useAnalysisClient } from './useAnalysis.ts';

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

interface Props {
  result: RecordingMeta;
  heading: RefObject<HTMLHeadingElement | null>;
  /** The analysis worker holding the profile: the report's verdict, functions and flamegraph come from it. */
  loaded: ReturnType<typeof useAnalysisClient>;
  context: RecordingContext;
  canCompare: boolean;
  onCompareWith?: () => void;
  onNewRecording: () => void;
}

export function ResultHeader({ result, heading, loaded, context, canCompare, onCompareWith, onNewRecording }: Props) {
  const { settings, target } = result;
  const load = settings?.load ?? null;
  return (
  <header className="result-header">
    <div>
      <h1 ref={heading} tabIndex={-1} data-testid="result-title">{resultTitle(result)}</h1>
      {load && (
        <p className="result-meta">
          {/* A burst over several routes names them all (its URL is only the first route's: issue 38). */}
          {(load.routes?.length ?? 0) > 1
            ? <span className="url" data-testid="result-url">{loadRouteText(load)} on {load.url.replace(/^(https?:\/\/[^/]+).*$/, '$1')}</span>
            : <><span className="method">{load.method}</span> <span className="url" data-testid="result-url">{load.url}</span></>}
        </p>
      )}
      <p className="result-meta muted">
        <time dateTime={result.createdAt}>{formatDate(result.createdAt)}</time>
        {target && <> · PID {target.pid} · <span data-testid="result-node" title={target.argv[0] ? `Ran on ${target.argv[0]}` : undefined}>Node {target.nodeVersion}{target.argv[0] && ` (${target.argv[0]})`}</span></>}
        {load && <> · {formatInt(load.connections)} connections</>}
        {load && <> · <span data-testid="result-length">{runLength(result)}</span></>}
        {settings && settings.targetId !== null && <> · sampling {samplingEvery(settings.samplingIntervalUs)}</>}
      </p>
    </div>
    <div className="result-actions">
      <ExportReport secretsFrom={() => result} build={async () => {
        // The verdict, the functions and the flamegraph come from the analysis worker that holds the profile.
        const c = loaded.status === 'ready' ? loaded.client : null;
        const [verdict, bottom, flame] = c
          ? await Promise.all([c.view({ view: 'verdict', transforms: [], context }), c.view({ view: 'bottom-up', transforms: [], by: 'function', path: [] }), c.view({ view: 'flame', transforms: [], widthPx: 1000 })])
          : [null, null, null];
        return recordingReport(result, bottom && flame ? { functions: bottom.rows, flame: flame.tree } : null, verdict ? verdictLines(verdict) : [], DEFAULT_SLOW_P75_MS);
      }} />
      {canCompare && (
        <button type="button" className="button" data-testid="compare-with-button" onClick={onCompareWith}>
          Compare with…
        </button>
      )}
      <button type="button" className="button primary" data-testid="new-recording-button" onClick={onNewRecording}>
        New recording
      </button>
    </div>
  </header>
  );
}
