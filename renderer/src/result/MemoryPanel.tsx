// The Memory card of the result screen: does memory grow (the stated rule of
// shared/memory/growth.ts over the process samples), and which functions
// allocated — the allocation profile drawn by the same flamegraph as the CPU
// (its weights are bytes: shared/memory/heap-profile.ts), and as a table, in
// total and per request. The allocation profile is opened in its own
// analysis worker, only when the recording has one. What grows and what holds
// it, when find what grows was asked for (GrowingCard).
import { requestsHandledCount } from '../../../shared/load/request-counts.ts';
import { useMemo, useState } from 'react';
import type { RecordingMeta } from '../../../shared/api.ts';
import type { Background } from '../../../shared/recording/request-time.ts';
import { allocationPlace } from '../../../shared/memory/allocations.ts';
import { formatBytes } from '../../../shared/number-format.ts';
import { GROWTH_RULE, judgeMemoryGrowth, WORKER_HEAPS_NOT_JUDGED } from '../../../shared/memory/growth.ts';
import { allocationsThread } from '../../../shared/memory/heap-profile.ts';
import { isChildProcessName, memorySentenceWithChildren } from '../../../shared/recording/processes.ts';
import { shortPlace } from '../../../shared/profile/places.ts';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { GrowingCard } from './GrowingCard.tsx';
import { Flamegraph, type FlameModel } from './Flamegraph.tsx';
import { useAnalysisClient, useView } from './useAnalysis.ts';
import type { AnalysisClient } from '../analysis/client.ts';

const TABLE_ROWS = 20;

export function MemoryPanel({ result }: { result: RecordingMeta }) {
  const growth = useMemo(() => judgeMemoryGrowth(result.samples, result.load?.phases?.burst), [result]);
  const sampled = result.hasProfile && result.settings?.allocations !== false;
  // Which thread's allocations: each worker thread has its own heap, sampled with the main thread's.
  const [thread, setThread] = useState(0);
  const loaded = useAnalysisClient(sampled ? result.id : null, allocationsThread(thread));
  const requests = requestsHandledCount(result);
  return (
    <div data-testid="memory-panel">
      {growth
        ? <p className={growth.grows ? 'note note-error' : 'muted'} data-testid="memory-growth">{memorySentenceWithChildren(growth.sentence, growth.grows, loaded.childMemory)}</p>
        : result.samples.length > 0 && <p className="muted" data-testid="memory-growth">The burst was too short to judge whether memory grows: it needs at least 4 seconds of process samples.</p>}
      {result.samples.length > 0 && <p className="muted small">{GROWTH_RULE}{loaded.threads.some((t, i) => i > 0 && !isChildProcessName(t)) ? ` ${WORKER_HEAPS_NOT_JUDGED}` : ''}</p>}
      {result.growing ? <GrowingCard growing={result.growing} />
        : (growth?.grows || growth?.undecided) && result.target && (
          <p className="muted small" data-testid="find-growth-hint">To name what grows and what holds it, record again with “Find what grows” ticked (flambe record --find-growth): two heap snapshots under load after the burst.</p>
        )}
      {loaded.threads.length > 1 && (
        <div className="field thread-picker">
          <label htmlFor={`${result.id}-allocation-thread`}>Thread</label>
          <select id={`${result.id}-allocation-thread`} data-testid="allocation-thread-select" value={thread} onChange={(e) => setThread(Number(e.target.value))}>
            {loaded.threads.map((name, i) => <option key={`${i}-${name}`} value={i}>{name}</option>)}
          </select>
        </div>
      )}
      {!sampled ? null
        : loaded.status === 'loading' ? <p className="empty-state" aria-busy="true">Reading the allocation profile…</p>
        : loaded.status === 'error' ? <p className="muted" data-testid="allocations-empty">{loaded.reason}</p>
        : <ErrorBoundary what="The allocation profile" resetKey={result.id}><Allocations client={loaded.client} requests={requests} recorded={result.settings !== null} background={thread === 0 ? result.requestTime?.background ?? null : null} /></ErrorBoundary>}
    </div>
  );
}

/** `recorded`: Flambé sampled it (its interval and flags are known); else it came from an imported .heapprofile. */
function Allocations({ client, requests, recorded, background }: { client: AnalysisClient; requests: number | null; recorded: boolean; background: Background | null }) {
  // Background work (timers with no request behind them) counts in the bytes, in no per-request figure.
  const table = useView(client, { view: 'allocations', transforms: [], requests, background });
  // The allocation flamegraph is drawn when asked for: one flamegraph on the page at a time is the CPU one.
  const [flameOpen, setFlameOpen] = useState(false);
  const t = table.data;
  return (
    <>
      {t && (
        <>
          <h3>Which functions allocate</h3>
          <p data-testid="allocations-total">
            {formatBytes(t.bytes)} allocated on the JS heap while profiling{t.bytesPerRequest !== null ? `, ${formatBytes(t.bytesPerRequest)} per request` : ''}
            {t.backgroundBytes > 0 ? ` (${formatBytes(t.backgroundBytes)} of it by background work, not per request)` : ''}
            {' '}<span className="muted small">{recorded
              ? "(sampled: about one allocation per 512 KiB, scaled up by V8; objects already collected included; Buffers' contents are external memory, not counted here)"
              : "(from the imported file: V8's sampled estimate; objects already collected are included only if it was taken that way — node --heap-prof keeps what was still alive when it was written; Buffers' contents are external memory, not counted here)"}</span>
          </p>
          <table className="data-table allocations-table" data-testid="allocations-table">
            <thead><tr><th scope="col">Function</th><th scope="col">Where</th><th scope="col">Allocated</th>{requests !== null && <th scope="col">Per request</th>}<th scope="col">Share</th></tr></thead>
            <tbody>
              {t.rows.slice(0, TABLE_ROWS).map((r) => (
                <tr key={`${r.function}\u0000${r.url}\u0000${r.line}`}>
                  <td>{r.function}</td>
                  <td className="muted" title={allocationPlace(r)}>{allocationPlace(r) ? shortPlace(allocationPlace(r)) : 'native'}</td>
                  <td className="num">{formatBytes(r.bytes)}</td>
                  {requests !== null && <td className="num">{r.bytesPerRequest !== null ? formatBytes(r.bytesPerRequest) : r.backgroundBytes > 0 ? <span className="muted">background work</span> : ''}</td>}
                  <td className="num">{r.percent.toFixed(1)}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <details className="more" data-testid="allocation-flame" onToggle={(e) => setFlameOpen(e.currentTarget.open)}>
        <summary>Allocation flamegraph <span className="muted small">— width is bytes allocated, not time</span></summary>
        {flameOpen && <AllocationFlame client={client} />}
      </details>
      {table.error && <p className="note note-error">{table.error}</p>}
    </>
  );
}

function AllocationFlame({ client }: { client: AnalysisClient }) {
  // Pruned for the window's width, as the CPU flamegraph is.
  const [widthPx] = useState(() => Math.max(320, Math.round(window.innerWidth)));
  const flame = useView(client, { view: 'flame', transforms: [], widthPx });
  const model = useMemo<FlameModel>(() => ({
    zoom: (zoom) => client.view({ view: 'flame-zoom', transforms: [], widthPx, zoom }),
  }), [client, widthPx]);
  if (flame.error) return <p className="note note-error">{flame.error}</p>;
  return flame.data ? <Flamegraph data={flame.data} model={flame.stale ? undefined : model} /> : <p className="empty-state" aria-busy="true">Drawing the allocation flamegraph…</p>;
}
