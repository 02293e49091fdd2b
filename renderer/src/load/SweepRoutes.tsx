// A sweep over several routes, per route: a chart of each route's p95 against
// connections, the routes slower than X ms at p75 at each level, the table of
// every route at every level, and the process at the profiled levels.
import { useState } from 'react';
import type { SweepResult } from '../../../shared/api.ts';
import { DEFAULT_SLOW_P75_MS } from '../../../shared/load/slow-routes.ts';
import { routeKey, routeP95Series, slowAtLevel, slowRoutesSweepSentences } from '../../../shared/sweep/sweep-routes.ts';
import { formatInt, formatNumber, formatRate } from '../lib/format.ts';
import { LOG_HEAD, levelsHaveOutput, logCells, routesHaveOutput } from '../../../shared/sweep/sweep-output.ts';
import { axisMs, niceMax } from '../lib/percentile-plot.ts';

const W = 560;
const H = 190;
const PAD = { left: 52, right: 16, top: 12, bottom: 30 };
/** Distinct hues for up to 10 routes, then again. */
const hue = (i: number) => `hsl(${(i * 137) % 360} 65% 45%)`;
const ms3 = (ms: number | undefined) => (ms === undefined ? '–' : formatNumber(ms, 3));

function RouteP95Chart({ result }: { result: SweepResult }) {
  const series = routeP95Series(result.levels);
  const conns = [...new Set(result.levels.map((l) => l.connections))].sort((a, b) => a - b);
  if (!series.length || conns.length < 2) return null;
  const w = W - PAD.left - PAD.right;
  const h = H - PAD.top - PAD.bottom;
  const max = niceMax(Math.max(...series.flatMap((s) => s.points.map((p) => p.p95Ms))));
  const step = w / conns.length;
  const x = (c: number) => step * (conns.indexOf(c) + 0.5);
  const y = (v: number) => h - (v / max) * h;
  return (
    <figure className="sweep-chart" data-testid="sweep-route-chart">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label="p95 latency of each route at each number of connections">
        <g transform={`translate(${PAD.left},${PAD.top})`}>
          {[0, 0.5, 1].map((f) => (
            <g key={f}>
              <line x1={0} x2={w} y1={y(max * f)} y2={y(max * f)} className="grid" />
              <text x={-6} y={y(max * f)} className="axis" textAnchor="end" dominantBaseline="middle">{axisMs(max * f)}</text>
            </g>
          ))}
          {conns.map((c) => <text key={c} x={x(c)} y={h + 18} className="axis" textAnchor="middle">{c}</text>)}
          {series.map((s, i) => (
            <g key={s.route} stroke={hue(i)} fill={hue(i)}>
              <path d={s.points.map((p, j) => `${j ? 'L' : 'M'}${x(p.connections).toFixed(1)},${y(p.p95Ms).toFixed(1)}`).join('')} fill="none" strokeWidth={2} />
              {s.points.map((p) => <circle key={p.connections} cx={x(p.connections)} cy={y(p.p95Ms)} r={3}><title>{`${s.route} at ${p.connections} connections: p95 ${p.p95Ms.toFixed(1)} ms`}</title></circle>)}
            </g>
          ))}
        </g>
      </svg>
      <figcaption className="muted">
        p95 latency of each route against connections:{' '}
        {series.map((s, i) => <span key={s.route} className="route-key" style={{ color: hue(i) }}>■ {s.route} </span>)}
      </figcaption>
    </figure>
  );
}

export function SweepRoutes({ result }: { result: SweepResult }) {
  const [slowMs, setSlowMs] = useState(DEFAULT_SLOW_P75_MS);
  const withRoutes = result.levels.filter((l) => l.routes?.length);
  const withProcess = result.levels.filter((l) => l.process);
  const cpu = withRoutes.some((l) => l.routes!.some((r) => r.cpuMsPerRequest !== undefined));
  // Log lines and bytes per request (issue 38): counted at the profiled levels, each write given to its route.
  const routeLogs = routesHaveOutput(withRoutes);
  const logs = levelsHaveOutput(withProcess);
  return (
    <>
      {withRoutes.length > 0 && (
        <div className="sweep-routes" data-testid="sweep-routes">
          <h3>Per route</h3>
          <RouteP95Chart result={result} />
          <label className="inline-field">
            Slow above <input type="number" min={1} step={10} value={slowMs} aria-label="Slow above, ms at p75"
              onChange={(e) => { const v = Number(e.target.value); if (v > 0) setSlowMs(v); }} /> ms at p75
          </label>
          <ul className="slow-routes" data-testid="sweep-slow-routes">
            {slowRoutesSweepSentences(withRoutes, slowMs).map((s) => <li key={s}>{s}</li>)}
          </ul>
          <div className="table-scroll">
            <table className="data-table compact" data-testid="sweep-route-table">
              <thead>
                <tr className="group-head"><td colSpan={4} /><th scope="colgroup" colSpan={7} className="center">Latency (ms)</th><td colSpan={cpu ? 3 : 2} />
                  {/* The unit once, over the two log columns: the table fits 1024 px as the latency columns do. */}
                  {routeLogs && <th scope="colgroup" colSpan={2} className="center" title="written to stdout/stderr by this route's requests">Log per request</th>}</tr>
                <tr>
                  <th scope="col">Connections</th><th scope="col" className="text">Route</th><th scope="col">Requests</th><th scope="col">Req/s</th>
                  {['min', 'p50', 'p75', 'p90', 'p95', 'p99', 'max'].map((k) => <th key={k} scope="col">{k}</th>)}
                  <th scope="col" title="errors + timeouts">Failed</th><th scope="col">Non-2xx</th>{cpu && <th scope="col">CPU ms/req</th>}
                  {routeLogs && <><th scope="col" title={LOG_HEAD[0]}>lines</th><th scope="col" title={LOG_HEAD[1]}>bytes</th></>}
                </tr>
              </thead>
              <tbody>
                {withRoutes.flatMap((l) => {
                  const slow = new Set(slowAtLevel(l.routes!, slowMs).map(routeKey));
                  return l.routes!.map((r, i) => (
                    <tr key={`${l.connections} ${routeKey(r)}`} className={i === 0 ? 'level-start' : undefined}>
                      <th scope="row">{i === 0 ? l.connections : ''}</th><td className="text">{routeKey(r)}</td>
                      <td>{formatInt(r.requests)}</td><td>{formatRate(r.rps)}</td>
                      {(['min', 'p50', 'p75', 'p90', 'p95', 'p99', 'max'] as const).map((k) => (
                        <td key={k} className={k === 'p75' && slow.has(routeKey(r)) ? 'bad' : undefined}>{ms3(r.latencyMs[k])}</td>
                      ))}
                      <td className={r.errors ? 'bad' : undefined}>{formatInt(r.errors)}</td><td className={r.non2xx ? 'bad' : undefined}>{formatInt(r.non2xx)}</td>
                      {cpu && <td title={r.topFunction ?? undefined}>{r.cpuMsPerRequest !== undefined ? r.cpuMsPerRequest.toFixed(3) : '–'}</td>}
                      {routeLogs && logCells(r.logLinesPerRequest, r.logBytesPerRequest).map((c, k) => <td key={LOG_HEAD[k]} data-testid="route-log-cell">{c}</td>)}
                    </tr>
                  ));
                })}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {withProcess.length > 0 && (
        <div className="table-scroll">
          <table className="data-table compact" data-testid="sweep-process-table">
            <caption className="muted">The process at the profiled levels: mean CPU, highest heap and RSS, the profile's busy CPU per request{logs ? ', and the log lines and bytes it wrote per request' : ''}</caption>
            <thead><tr><th scope="col">Connections</th><th scope="col">CPU % of a core</th><th scope="col">Heap MiB</th><th scope="col">RSS MiB</th><th scope="col" title="the process's CPU % of a core ÷ requests/s, over the burst">Process CPU ms/req</th>
              {logs && LOG_HEAD.map((h) => <th key={h} scope="col" title="written to stdout/stderr during the burst, per request">{h}</th>)}</tr></thead>
            <tbody>
              {withProcess.map((l) => (
                <tr key={l.connections}>
                  <th scope="row">{l.connections}</th><td>{l.process!.cpuPercent.toFixed(0)}</td><td>{formatNumber(l.process!.heapUsedMb, 1)}</td>
                  <td>{formatNumber(l.process!.rssMb, 1)}</td><td>{l.process!.cpuMsPerRequest !== null ? l.process!.cpuMsPerRequest.toFixed(3) : '–'}</td>
                  {logs && logCells(l.output?.linesPerRequest, l.output?.bytesPerRequest).map((c, k) => <td key={LOG_HEAD[k]} data-testid="level-log-cell">{c}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
