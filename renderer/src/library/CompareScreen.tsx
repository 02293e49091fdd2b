// Two recordings side by side — until a real diff view exists: each with its
// load summary and flamegraph, read-only, built from the Result screen's parts.
import { useEffect, useState } from 'react';
import type { RecordingMeta } from '../../../shared/api.ts';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { ErrorNote } from '../components/Notes.tsx';
import { formatRate } from '../lib/format.ts';
import { Flamegraph } from '../result/Flamegraph.tsx';
import { LoadSummary } from '../result/LoadSummary.tsx';
import { useFlameData } from '../result/useFlameData.ts';
import { formatRowDate, routeOf } from './row-format.ts';
import './library.css';

type Loaded = { ok: true; result: RecordingMeta } | { ok: false; message: string };

export function CompareScreen({ ids, onOpen, onBack }: { ids: readonly [string, string]; onOpen(id: string): void; onBack(): void }) {
  const client = useClient();
  const [loaded, setLoaded] = useState<{ ids: readonly string[]; sides: Loaded[] } | null>(null);

  useEffect(() => {
    let cancelled = false;
    void Promise.all(
      ids.map((id) =>
        client.api.getRecording({ id }).then(
          (result): Loaded => ({ ok: true, result }),
          (e: unknown): Loaded => ({ ok: false, message: errorMessage(e) }),
        ),
      ),
    ).then((sides) => !cancelled && setLoaded({ ids, sides }));
    return () => {
      cancelled = true;
    };
  }, [client, ids]);

  const sides = loaded && loaded.ids === ids ? loaded.sides : null;
  const [a, b] = sides ?? [];
  const rpsChange = a?.ok && b?.ok && a.result.load && b.result.load && a.result.load.rps > 0 ? b.result.load.rps / a.result.load.rps - 1 : null;

  return (
    <div className="compare-screen" data-testid="compare-screen">
      <header className="library-head">
        <h1 tabIndex={-1}>Compare</h1>
        {rpsChange !== null && (
          <span className="muted" data-testid="compare-rps-change">
            Requests/s: B is {rpsChange >= 0 ? '+' : ''}{(rpsChange * 100).toFixed(1)}% against A
          </span>
        )}
        <span className="grow" />
        <button type="button" className="button" onClick={onBack}>
          Back to the library
        </button>
      </header>
      {!sides ? (
        <p className="empty-state" aria-busy="true">Opening both recordings…</p>
      ) : (
        <div className="compare-columns">
          {sides.map((side, i) => (
            <CompareSide key={ids[i]} letter={i === 0 ? 'A' : 'B'} side={side} onOpen={() => onOpen(ids[i])} />
          ))}
        </div>
      )}
    </div>
  );
}

function CompareSide({ letter, side, onOpen }: { letter: string; side: Loaded; onOpen(): void }) {
  const flame = useFlameData(side.ok && side.result.hasProfile ? side.result.id : null);
  if (!side.ok) {
    return (
      <section className="compare-side card">
        <h2><span className="step">{letter}</span></h2>
        <ErrorNote message={side.message} />
      </section>
    );
  }
  const r = side.result;
  const route = routeOf(r.settings?.load.method ?? null, r.settings?.load.url ?? null);
  return (
    <section className="compare-side" aria-label={`${letter}: ${r.name}`} data-testid="compare-side">
      <div className="card compare-head">
        <h2><span className="step">{letter}</span> <span className="compare-name">{r.name}</span></h2>
        <p className="result-meta muted">
          {formatRowDate(r.createdAt)}
          {route && <> · <span className="url">{route}</span></>}
          {r.load && <> · {formatRate(r.load.rps)} requests/s</>}
        </p>
        <button type="button" className="button small" onClick={onOpen}>Open</button>
      </div>
      {r.error && <p className="note note-error">{r.error}</p>}
      <div className="card">
        <h3>Load</h3>
        <LoadSummary load={r.load} />
      </div>
      <div className="card">
        <h3>Where the time went</h3>
        {!r.hasProfile ? (
          <p className="empty-state">No profile: this was a load-only run.</p>
        ) : flame === null ? (
          <p className="empty-state" aria-busy="true">Building the flamegraph…</p>
        ) : flame.ok ? (
          <Flamegraph data={flame.data} />
        ) : (
          <p className="note note-error">{flame.message}</p>
        )}
      </div>
    </section>
  );
}
