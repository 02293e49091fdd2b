// How the server served the load: throughput, latency percentiles (three
// decimals: microsecond resolution), failures, and the per-second timeline.
import type { LoadSettingsResolved, LoadSummary as Load } from '../../../shared/api.ts';
import type { Term } from '../../../shared/glossary.ts';
import { Explain } from '../components/Explain.tsx';
import { PercentilePlot } from '../load/PercentilePlot.tsx';
import { RoutesTable } from '../load/RoutesTable.tsx';
import { ExportLoad } from '../load/ExportLoad.tsx';
import { OverheadNote } from '../load/OverheadPanel.tsx';
import { outputSentence, type OutputVolume } from '../../../shared/recording/output.ts';
import { serverClockSentence } from '../../../shared/request-time/server-load.ts';
import '../load/load.css';
import { Sparkline } from '../components/Sparkline.tsx';
import { formatBytes, formatDuration, formatInt, formatMs, formatRate } from '../lib/format.ts';

function Stat({ label, value, raw, testId, tone, term }: { label: string; value: string; raw?: number; testId?: string; tone?: 'bad'; term?: Term }) {
  return (
    <div className={`stat ${tone ?? ''}`}>
      <dt>{label}{term && <> <Explain term={term} /></>}</dt>
      <dd data-testid={testId} data-value={raw}>{value}</dd>
    </div>
  );
}

export function LoadSummary({ load, settings, name, samplingIntervalUs, targetLabel, output, ownLoad = false }: {
  /** The user's own tool sent the load: the bytes on the wire were never seen (not "0 B/s"). */
  ownLoad?: boolean;
  load: Load | null; settings?: LoadSettingsResolved | null; name?: string; samplingIntervalUs?: number | null;
  /** The recorded target's label: the overhead note shows only a measurement of the same target and load. */
  targetLabel?: string | null;
  output?: OutputVolume;
}) {
  if (!load) {
    return (
      <div className="load-summary" data-testid="load-summary">
        <p className="muted">No load was measured.</p>
      </div>
    );
  }
  const failures = load.errors + load.timeouts;
  const codes = Object.entries(load.statusCodes).sort(([a], [b]) => a.localeCompare(b));

  return (
    <div className="load-summary" data-testid="load-summary">
      <dl className="stats">
        <Stat label="Requests" value={formatInt(load.requests)} raw={load.requests} testId="summary-requests" />
        <Stat label="Requests/s" value={formatRate(load.rps)} raw={load.rps} testId="summary-rps" />
        {load.latencyMs.min !== undefined && <Stat label="min" value={formatMs(load.latencyMs.min)} raw={load.latencyMs.min} testId="summary-min" />}
        <Stat label="p50" value={formatMs(load.latencyMs.p50)} raw={load.latencyMs.p50} testId="summary-p50" term="p50" />
        {load.latencyMs.p75 !== undefined && <Stat label="p75" value={formatMs(load.latencyMs.p75)} raw={load.latencyMs.p75} testId="summary-p75" />}
        <Stat label="p90" value={formatMs(load.latencyMs.p90)} raw={load.latencyMs.p90} testId="summary-p90" />
        {load.latencyMs.p95 !== undefined && <Stat label="p95" value={formatMs(load.latencyMs.p95)} raw={load.latencyMs.p95} testId="summary-p95" />}
        <Stat label="p99" value={formatMs(load.latencyMs.p99)} raw={load.latencyMs.p99} testId="summary-p99" term="p99" />
        {load.latencyMs.p999 !== undefined && <Stat label="p99.9" value={formatMs(load.latencyMs.p999)} raw={load.latencyMs.p999} testId="summary-p999" />}
        <Stat label="max" value={formatMs(load.latencyMs.max)} raw={load.latencyMs.max} testId="summary-max" />
      </dl>
      {load.rate && (
        <p className={`note ${load.rate.shortfall ? 'note-error' : ''}`} data-testid="rate-note">
          {load.rate.shortfall ?? `Fixed rate: asked ${formatRate(load.rate.askedRps)} req/s, served ${formatRate(load.rate.servedRps)}.`}{' '}
          Latencies count from when each request was due (corrected for coordinated omission).
        </p>
      )}
      {output && (
        <p className="muted small" data-testid="output-volume">
          {outputSentence(output)}{output.stdio ? ` Its output went to a ${output.stdio === 'file' ? 'file (synchronous writes, as a terminal)' : 'pipe (asynchronous writes)'}.` : ''}
        </p>
      )}
      {load.generatorBusy && <p className="note" data-testid="generator-busy">{load.generatorBusy.sentence}</p>}
      {load.measuredInServer && <p className="muted small" data-testid="server-clock">{serverClockSentence(load)}</p>}
      {samplingIntervalUs && settings && targetLabel ? (
        <OverheadNote samplingIntervalUs={samplingIntervalUs} setting={{ target: targetLabel, url: settings.url, method: settings.method, connections: settings.connections, samplingIntervalUs }} />
      ) : null}
      <dl className="stats secondary">
        <Stat label="Errors" value={formatInt(load.errors)} raw={load.errors} testId="summary-errors" tone={load.errors ? 'bad' : undefined} />
        <Stat label="Timeouts" value={formatInt(load.timeouts)} raw={load.timeouts} testId="summary-timeouts" tone={load.timeouts ? 'bad' : undefined} />
        <Stat label="Non-2xx" value={formatInt(load.non2xx)} raw={load.non2xx} testId="summary-non2xx" tone={load.non2xx ? 'bad' : undefined} />
        <Stat label="Throughput" value={ownLoad ? 'not measured (your own load)' : `${formatBytes(load.bytesPerSec)}/s`} raw={ownLoad ? undefined : load.bytesPerSec} testId="summary-bytes" />
        <Stat label="Duration" value={formatDuration(load.durationSec)} raw={load.durationSec} testId="summary-duration" />
        <Stat label="Mean" value={formatMs(load.latencyMs.mean)} raw={load.latencyMs.mean} testId="summary-mean" />
      </dl>
      {load.loadThreads && load.loadThreads > 1 ? <p className="muted small" data-testid="load-threads">Sent by {load.loadThreads} load threads{load.connections ? `, ${load.connections} connections shared among them` : ''}; a second’s p99 is the highest of theirs.</p> : null}
      {load.stoppedEarly && <p className="note">Stopped early: these numbers cover the part that ran.</p>}
      {failures > 0 && load.requests === 0 && <p className="note note-error">No request succeeded: is the server listening on that URL?</p>}

      {codes.length > 0 && (
        <div className="status-codes" aria-label="Status codes">
          <span className="muted">Status codes</span>
          {codes.map(([code, n]) => (
            <span key={code} className={`code-chip ${code.startsWith('2') ? 'ok' : 'bad'}`}>
              <strong>{code}</strong> × {formatInt(n)}
            </span>
          ))}
        </div>
      )}

      {load.routes && <RoutesTable routes={load.routes} />}
      {load.percentiles && <PercentilePlot curves={[{ label: 'All requests', points: load.percentiles }]} />}

      {load.timeline.length > 1 && <LoadPerSecond timeline={load.timeline} />}
      {settings && <ExportLoad load={settings} name={name ?? 'load'} />}
    </div>
  );
}

/** Each second of the burst: requests/s as bars, p99 as a line, and the same as a table. */
function LoadPerSecond({ timeline }: { timeline: Load['timeline'] }) {
  const rps = timeline.map((s) => s.rps);
  const p99 = timeline.map((s) => s.p99Ms);
  return (
    <div className="timeline">
      <div className="timeline-row">
        <span className="timeline-label">Requests/s <span className="muted">max {formatRate(Math.max(...rps))}</span></span>
        <TimelineChart values={rps} kind="bars" label="Requests per second, each second of the burst" className="chart-rps" />
      </div>
      <div className="timeline-row">
        <span className="timeline-label">p99 <span className="muted">max {formatMs(Math.max(...p99))}</span></span>
        <TimelineChart values={p99} kind="line" label="p99 latency, each second of the burst" className="chart-p99" />
      </div>
      <details className="more">
        <summary>Per second, as a table</summary>
        <table className="data-table">
          <thead><tr><th scope="col">Second</th><th scope="col">Requests/s</th><th scope="col">p99</th></tr></thead>
          <tbody>
            {timeline.map((s) => (
              <tr key={s.second}>
                <td>{s.lengthSec !== undefined && s.lengthSec < 1 ? `${s.second} (${s.lengthSec.toFixed(2)} s)` : s.second}</td>
                <td>{formatRate(s.rps)}</td><td>{formatMs(s.p99Ms)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

function TimelineChart(props: { values: number[]; kind: 'bars' | 'line'; label: string; className: string }) {
  return <Sparkline {...props} width={600} height={56} />;
}
