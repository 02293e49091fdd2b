// Per-route CPU on the Record screen: each route profiled in its own burst,
// then route → requests/s, p75, p99, CPU ms per request and top function.
import { useCallback, useState } from 'react';
import type { RecordRequest, RouteCpuRow } from '../../../shared/api.ts';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { ErrorNote } from '../components/Notes.tsx';
import { formatMs, formatRate } from '../lib/format.ts';

export function useRouteCpu() {
  const client = useClient();
  const [state, setState] = useState<{ running: boolean; rows: RouteCpuRow[] | null; error: string | null }>({ running: false, rows: null, error: null });
  const start = useCallback(async (req: RecordRequest) => {
    setState({ running: true, rows: null, error: null });
    try {
      const rows = await client.api.profileRoutes(req);
      setState({ running: false, rows, error: rows.find((r) => r.error)?.error ?? null });
    } catch (e) {
      setState({ running: false, rows: null, error: errorMessage(e) });
    }
  }, [client]);
  return { state, start, busy: state.running };
}

export function RouteCpuCard({ state, onOpen }: { state: ReturnType<typeof useRouteCpu>['state']; onOpen(id: string): void }) {
  if (state.running) return <section className="card sweep-card" aria-live="polite"><p data-testid="route-cpu-progress">Profiling each route in its own burst…</p></section>;
  if (!state.rows && !state.error) return null;
  const rows = [...(state.rows ?? [])].sort((a, b) => b.cpuMsPerRequest - a.cpuMsPerRequest);
  return (
    <section className="card sweep-card" aria-label="CPU per route">
      <h3>CPU per route</h3>
      <ErrorNote message={state.error} testId="route-cpu-error" />
      {rows.length > 0 && (
        <div className="table-scroll">
          <table className="data-table" data-testid="route-cpu-table">
            <thead>
              <tr>
                <th scope="col" className="text">Route</th><th scope="col">Req/s</th><th scope="col">p75</th><th scope="col">p99</th>
                <th scope="col">CPU ms / request</th><th scope="col" className="text">Top function</th><th scope="col" className="text">Recording</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.method} ${r.path}`}>
                  <th scope="row" className="text"><code>{r.method} {r.path}</code></th>
                  <td>{formatRate(r.rps)}</td><td>{formatMs(r.p75Ms)}</td><td>{formatMs(r.p99Ms)}</td><td>{formatMs(r.cpuMsPerRequest)}</td>
                  <td className="text">{r.topFunction ? <><code>{r.topFunction.name}</code> <span className="muted">{r.topFunction.location}</span></> : '—'}</td>
                  <td className="text"><button type="button" className="button small ghost" onClick={() => onOpen(r.recordingId)}>Open</button></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="hint">Busy CPU time of each route's profile divided by the requests it served: what one request of that route costs the server.</p>
    </section>
  );
}
