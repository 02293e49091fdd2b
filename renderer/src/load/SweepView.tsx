// A concurrency sweep's result: the knee in words, a chart of requests/s and
// p95 against connections, and the table per level.
import type { SweepResult } from '../../../shared/api.ts';
import { formatInt, formatMs, formatMsNumber, formatRate } from '../lib/format.ts';
import { axisMs, niceMax } from '../lib/percentile-plot.ts';
import { KNEE_RULE_TEXT } from '../../../shared/sweep/knee.ts';
import { sweepMachine, sweepSentence, sweepWasBusy } from '../../../shared/sweep/sweep-machine.ts';
import { SweepRoutes } from './SweepRoutes.tsx';
import { ExportReport } from '../components/ExportReport.tsx';
import { useClient } from '../client/context.tsx';
import { sweepReport } from '../../../shared/report/build-report.ts';
import { DEFAULT_SLOW_P75_MS } from '../../../shared/load/slow-routes.ts';

const W = 560;
const H = 170;
// Room above the plot for the left axis's unit (the right axis's ticks carry theirs: "50 ms").
const PAD = { left: 52, right: 60, top: 26, bottom: 30 };

function SweepChart({ result }: { result: SweepResult }) {
  const levels = result.levels;
  if (levels.length < 2) return null;
  const w = W - PAD.left - PAD.right;
  const h = H - PAD.top - PAD.bottom;
  const rpsMax = niceMax(Math.max(...levels.map((l) => l.rps)));
  // One format for every tick of the axis: whole numbers once the top is 100 or more ("0", not "0.0", under "20,000").
  const rpsTick = (v: number) => (rpsMax >= 100 ? formatInt(v) : formatRate(v));
  const p95 = levels.map((l) => l.latencyMs.p95 ?? l.latencyMs.p99);
  const msMax = niceMax(Math.max(...p95));
  const step = w / levels.length;
  const x = (i: number) => step * (i + 0.5);
  const line = p95.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${(h - (v / msMax) * h).toFixed(1)}`).join('');
  return (
    <figure className="sweep-chart" data-testid="sweep-chart">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label="Requests per second (bars) and p95 latency (line) at each number of connections">
        <g transform={`translate(${PAD.left},${PAD.top})`}>
          <text x={-6} y={-14} className="axis-unit rps" textAnchor="end" data-testid="sweep-rps-unit">req/s</text>
          {[0, 0.5, 1].map((f) => (
            <g key={f}>
              <line x1={0} x2={w} y1={h - f * h} y2={h - f * h} className="grid" />
              <text x={-6} y={h - f * h} className="axis rps" textAnchor="end" dominantBaseline="middle">{rpsTick(rpsMax * f)}</text>
              <text x={w + 6} y={h - f * h} className="axis p95" dominantBaseline="middle">{axisMs(msMax * f)}</text>
            </g>
          ))}
          {levels.map((l, i) => (
            <g key={l.connections}>
              <rect x={x(i) - step * 0.3} width={step * 0.6} y={h - (l.rps / rpsMax) * h} height={(l.rps / rpsMax) * h}
                className={`sweep-bar ${result.knee?.connections === l.connections ? 'knee' : ''}`}>
                <title>{`${l.connections} connections: ${formatRate(l.rps)} req/s, p95 ${formatMs(p95[i])}`}</title>
              </rect>
              <text x={x(i)} y={h + 18} className="axis" textAnchor="middle">{l.connections}</text>
            </g>
          ))}
          <path d={line} className="p95-line" fill="none" strokeWidth={2} />
          {p95.map((v, i) => <circle key={i} cx={x(i)} cy={h - (v / msMax) * h} r={3} className="p95-dot" />)}
        </g>
      </svg>
      <figcaption className="muted">
        <span className="key rps">Requests/s (bars, left)</span> and <span className="key p95">p95 latency (line, right)</span> against the number of connections (below)
      </figcaption>
    </figure>
  );
}

const LATENCY_COLUMNS = ['min', 'p50', 'p75', 'p90', 'p95', 'p99', 'max'] as const;
/** A latency in the table: milliseconds to the microsecond, the unit in the header. */
const msNumber = (ms: number | undefined) => formatMsNumber(ms);

export function SweepView({ result, onOpen }: { result: SweepResult; onOpen(recordingId: string): void }) {
  const client = useClient();
  // The first level's recording tells the machine and the settings.
  const report = async () => sweepReport(result, {
    slowMs: DEFAULT_SLOW_P75_MS,
    first: result.levels[0] ? await client.api.getRecording({ id: result.levels[0].recordingId }).catch(() => null) : null,
  });
  const busy = sweepWasBusy(sweepMachine(result.levels));
  return (
    <div className="sweep-result" data-testid="sweep-result">
      <h3>Concurrency sweep <ExportReport secretsFrom={() => result} build={report} /></h3>
      <p className={`knee ${result.knee || busy ? 'note' : 'muted'}`} data-testid="sweep-knee">
        {sweepSentence(result)}
      </p>
      <details className="more">
        <summary>How the knee is found</summary>
        <p className="hint">
          By Little's law, connections = throughput × latency. While the server has spare capacity, more connections raise
          throughput and latency stays flat; once it is saturated, throughput stays flat and each extra connection only waits.
          {KNEE_RULE_TEXT}
        </p>
      </details>
      <SweepChart result={result} />
      <div className="table-scroll">
        <table className="data-table compact" data-testid="sweep-table">
          <thead>
            {/* The unit once, over the latency columns: the table fits 1024 px without a scrollbar. */}
            <tr className="group-head">
              <td colSpan={3} /><th scope="colgroup" colSpan={7} className="center">Latency (ms)</th><td colSpan={3} />
            </tr>
            <tr>
              <th scope="col">Connections</th><th scope="col">Requests</th><th scope="col">Req/s</th><th scope="col">min</th><th scope="col">p50</th>
              <th scope="col">p75</th><th scope="col">p90</th><th scope="col">p95</th><th scope="col">p99</th><th scope="col">max</th>
              <th scope="col" title="errors + timeouts">Failed</th><th scope="col">Non-2xx</th><th scope="col" className="text">Recording</th>
            </tr>
          </thead>
          <tbody>
            {result.levels.map((l) => (
              <tr key={l.connections} className={result.knee?.connections === l.connections ? 'knee' : undefined}>
                <th scope="row">{l.connections}</th><td>{formatInt(l.requests)}</td><td>{formatRate(l.rps)}</td>
                {LATENCY_COLUMNS.map((k) => <td key={k}>{msNumber(l.latencyMs[k])}</td>)}
                <td className={l.errors ? 'bad' : undefined}>{formatInt(l.errors)}</td><td className={l.non2xx ? 'bad' : undefined}>{formatInt(l.non2xx)}</td>
                <td className="text"><button type="button" className="button small ghost" onClick={() => onOpen(l.recordingId)}>{l.profiled ? 'Open (profiled)' : 'Open'}</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <SweepRoutes result={result} />
    </div>
  );
}
