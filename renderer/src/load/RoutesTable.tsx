// Per-route numbers of a multi-route burst, and the routes slower than X ms
// at p75 (X editable): the list a performance team reports.
import { useId, useState } from 'react';
import type { RouteLoad } from '../../../shared/api.ts';
import { DEFAULT_SLOW_P75_MS, slowRoutes, slowRoutesSentence } from '../../../shared/load/slow-routes.ts';
import { formatInt, formatMs, formatRate } from '../lib/format.ts';

export function RoutesTable({ routes }: { routes: RouteLoad[] }) {
  const id = useId();
  const [threshold, setThreshold] = useState(String(DEFAULT_SLOW_P75_MS));
  const x = Number(threshold) > 0 ? Number(threshold) : DEFAULT_SLOW_P75_MS;
  const slow = new Set(slowRoutes(routes, x));
  return (
    <div className="routes-result" data-testid="routes-table">
      <h3>Routes</h3>
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col" className="text">Route</th><th scope="col">Requests</th><th scope="col">Req/s</th><th scope="col">p50</th>
              <th scope="col">p75</th><th scope="col">p95</th><th scope="col">p99</th><th scope="col">max</th><th scope="col" title="errors + timeouts">Failed</th><th scope="col">Non-2xx</th>
            </tr>
          </thead>
          <tbody>
            {routes.map((r) => (
              <tr key={`${r.method} ${r.path}`} className={slow.has(r) ? 'slow' : undefined} data-route={`${r.method} ${r.path}`}>
                <th scope="row" className="text"><code>{r.method} {r.path}</code></th>
                <td>{formatInt(r.requests)}</td><td>{formatRate(r.rps)}</td><td>{formatMs(r.latencyMs.p50)}</td>
                <td>{formatMs(r.latencyMs.p75)}</td><td>{formatMs(r.latencyMs.p95)}</td><td>{formatMs(r.latencyMs.p99)}</td><td>{formatMs(r.latencyMs.max)}</td>
                <td className={r.errors ? 'bad' : undefined}>{formatInt(r.errors)}</td><td className={r.non2xx ? 'bad' : undefined}>{formatInt(r.non2xx)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="slow-routes" data-testid="slow-routes">
        <label htmlFor={`${id}-slow`}>Slower than</label>{' '}
        <input id={`${id}-slow`} type="number" min={1} className="inline-number" value={threshold} onChange={(e) => setThreshold(e.target.value)} /> ms at p75:{' '}
        <span>{slowRoutesSentence(routes, x)}</span>
      </p>
    </div>
  );
}
