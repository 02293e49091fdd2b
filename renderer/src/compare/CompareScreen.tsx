// Compare: did B get faster than A, and why. The verdict first, then the
// load side by side with how sure Flambé is of each change, the bytes each
// allocated per request, the differential flamegraph (CPU or allocations),
// and what changed (functions, kinds of work, files, packages,
// categories). Everything is computed by shared/compare in a worker.
import { useEffect, useMemo, useState } from 'react';
import type { RecordingMeta } from '../../../shared/api.ts';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { ErrorNote } from '../components/Notes.tsx';
import { formatRowDate, loadRouteText } from '../lib/row-format.ts';
import { ChangeTables } from './ChangeTables.tsx';
import { createCompareClient, type CompareClient } from './compare-client.ts';
import type { CompareOutput } from './compute.ts';
import { DiffFlamegraph } from './DiffFlamegraph.tsx';
import { CompareHowSure } from './CompareHowSure.tsx';
import { LoadTable } from './LoadTable.tsx';
import { AllocationTable } from './AllocationTable.tsx';
import { RouteTable } from './RouteTable.tsx';
import { RepeatExperiment } from './RepeatExperiment.tsx';
import './compare.css';
import { ExportReport } from '../components/ExportReport.tsx';
import { compareReport } from '../../../shared/report/build-report.ts';
import { compareRoutes } from '../../../shared/compare/routes.ts';
import { formatInt } from '../lib/format.ts';
import { compareRequestTime } from '../../../shared/compare/request-time.ts';
import { RequestTimeTable } from './RequestTimeTable.tsx';

type State =
  | { ids: readonly string[]; phase: 'comparing'; recs: [RecordingMeta, RecordingMeta] }
  | { ids: readonly string[]; phase: 'done'; recs: [RecordingMeta, RecordingMeta]; output: CompareOutput; client: CompareClient }
  | { ids: readonly string[]; phase: 'failed'; message: string };

interface Props {
  /** A then B, in the order the user picked them; null before any pick. */
  ids: readonly [string, string] | null;
  onSwap(): void;
  onOpen(id: string): void;
  onBack(): void;
  /** "Repeat as an experiment" started one: show its run, then its answer. */
  onRepeatStarted?(experimentId: string): void;
}

export function CompareScreen({ ids, onSwap, onOpen, onBack, onRepeatStarted }: Props) {
  const api = useClient().api;
  const [state, setState] = useState<State | null>(null);

  useEffect(() => {
    if (!ids) return;
    let live = true;
    const client = createCompareClient();
    void (async () => {
      try {
        // The metadata first (the side names show at once), then each profile as its stored bytes.
        const recs: [RecordingMeta, RecordingMeta] = await Promise.all([api.getRecording({ id: ids[0] }), api.getRecording({ id: ids[1] })]);
        if (!live) return;
        setState({ ids, phase: 'comparing', recs });
        const bytesOf = (rec: RecordingMeta) => (rec.hasProfile ? api.getProfile({ id: rec.id }) : Promise.resolve(null));
        const [profileA, profileB, noise] = await Promise.all([
          bytesOf(recs[0]),
          bytesOf(recs[1]),
          // The library's repeats of these settings; without them the comparison says it cannot tell.
          api.compareNoise({ a: ids[0], b: ids[1] }).catch(() => null),
        ]);
        if (!live) return;
        const output = await client.compare({ rec: recs[0], profile: profileA }, { rec: recs[1], profile: profileB }, noise);
        if (live) setState({ ids, phase: 'done', recs, output, client });
      } catch (e) {
        if (live) setState({ ids, phase: 'failed', message: errorMessage(e) });
      }
    })();
    return () => {
      live = false;
      client.close();
    };
  }, [api, ids]);

  const current = state && ids && state.ids === ids ? state : null;
  const recs = current && 'recs' in current ? current.recs : undefined;

  return (
    <div className="compare-screen" data-testid="compare-screen">
      <header className="library-head compare-top">
        <h1 tabIndex={-1}>Compare</h1>
        {ids && (
          <button type="button" className="button small" data-testid="compare-swap" onClick={onSwap} title="Make B the baseline (A) and A the change (B)">
            ⇄ Swap A and B
          </button>
        )}
        <span className="grow" />
        {current?.phase === 'done' && (
          <ExportReport testId="compare-report" secretsFrom={() => current.recs} build={() => {
            const [a, b] = current.recs;
            // Per route, matched by method and path; the flamegraphs are in the CLI's report (flambe report A B), which reads the profiles.
            const routes = a.load?.routes || b.load?.routes ? compareRoutes([a.load?.routes ?? []], [b.load?.routes ?? []]) : null;
            return compareReport(current.output.comparison, routes, a, b, { a: null, b: null });
          }} />
        )}
        <button type="button" className="button small" onClick={onBack}>Back to the library</button>
      </header>
      {!ids ? (
        <div className="empty-state" data-testid="compare-empty">
          <p>Pick two recordings in the Library — first A (before), then B (after) — and press <strong>Compare</strong>.</p>
          <p>Or drop two files here (<code>.cpuprofile</code> or <code>.flambe</code>): they are added to your library and compared, the first as A.</p>
        </div>
      ) : (
        <>
          <div className="compare-sides">
            {(['A', 'B'] as const).map((letter, i) => (
              <SideLabel key={letter} letter={letter} rec={recs?.[i]} onOpen={() => onOpen(ids[i])} />
            ))}
          </div>
          {onRepeatStarted && <RepeatExperiment ids={ids} onStarted={onRepeatStarted} />}
          {!current ? (
            <p className="empty-state" aria-busy="true">Opening both recordings…</p>
          ) : current.phase === 'comparing' ? (
            <p className="empty-state" aria-busy="true">Comparing: reading both profiles and matching their functions…</p>
          ) : current.phase === 'failed' ? (
            <ErrorNote message={current.message} testId="compare-error" />
          ) : (
            <Result output={current.output} client={current.client} recs={current.recs} />
          )}
        </>
      )}
    </div>
  );
}

function SideLabel({ letter, rec, onOpen }: { letter: string; rec: RecordingMeta | undefined; onOpen(): void }) {
  const route = loadRouteText(rec?.settings?.load);
  return (
    <div className="compare-side-label" data-testid={`compare-side-${letter.toLowerCase()}`}>
      <span className="step">{letter}</span>
      <div className="side-text">
        <button type="button" className="link-button side-name" onClick={onOpen} disabled={!rec} title="Open this recording">{rec?.name ?? '…'}</button>
        {rec && (
          <span className="muted small">
            {formatRowDate(rec.createdAt)}
            {route && <> · {route}</>}
            {rec.load && <> · {formatInt(rec.load.rps)} req/s</>}
          </span>
        )}
      </div>
    </div>
  );
}

function Result({ output, client, recs }: { output: CompareOutput; client: CompareClient; recs: [RecordingMeta, RecordingMeta] }) {
  const c = output.comparison;
  const [ra, rb] = [recs[0].load?.routes, recs[1].load?.routes];
  const routes = useMemo(() => (ra || rb ? compareRoutes([ra ?? []], [rb ?? []]) : null), [ra, rb]);
  const requestTime = useMemo(() => compareRequestTime([recs[0].requestTime], [recs[1].requestTime]), [recs]);
  // The row picked in the tables, highlighted in the flamegraph.
  const [highlight, onSelect] = useState<string | null>(null);
  return (
    <div className="compare-result">
      <section className="card verdict-card" aria-label="Verdict">
        <p className="verdict" data-testid="compare-verdict">{c.verdict}</p>
        <p className="muted small how-sure-line">
          {c.howSure.basis === 'single' ? 'One run of each and no repeats of these settings in the library: only a change far beyond what runs of the same code differ by here is called real.' : c.howSure.summary}{' '}
          <a href="#how-sure" onClick={(e) => { e.preventDefault(); const d = document.querySelector<HTMLDetailsElement>('[data-testid="how-sure"]'); if (d) { d.open = true; d.scrollIntoView({ block: 'start' }); } }}>How sure?</a>
        </p>
      </section>
      {(c.warnings.length > 0 || c.unavailable.length > 0) && (
        <ul className="compare-warnings" data-testid="compare-warnings">
          {c.warnings.map((w) => <li key={w.kind + w.message} className="note note-warn" data-kind={w.kind}>{w.message}</li>)}
          {c.unavailable.map((u) => <li key={u} className="note">{u}</li>)}
        </ul>
      )}
      <section className="card" aria-label="Load">
        <h2>Load, A against B</h2>
        <LoadTable c={c} />
      </section>
      {requestTime && (
        <section className="card" aria-label="Where each request's time went">
          <h2>Where each request’s time went, A against B</h2>
          <RequestTimeTable c={requestTime} />
        </section>
      )}
      {routes && routes.length > 0 && (
        <section className="card" aria-label="Per route">
          <h2>Per route, A against B</h2>
          <RouteTable routes={routes} />
        </section>
      )}
      {c.allocations && (
        <section className="card" aria-label="Allocations">
          <h2>Allocated per request, A against B</h2>
          <AllocationTable a={c.allocations} />
        </section>
      )}
      {output.flameA && output.flameB && (
        <section className="card" aria-label="Differential flamegraph">
          <h2>Where the time moved</h2>
          <DiffFlamegraph flameA={output.flameA} flameB={output.flameB} allocA={output.allocFlameA} allocB={output.allocFlameB} highlight={highlight} />
        </section>
      )}
      {c.functions.length > 0 && (
        <section className="card" aria-label="What changed">
          <h2>What changed</h2>
          <ChangeTables comparison={c} client={client} onSelect={onSelect} />
        </section>
      )}
      <CompareHowSure c={c} />
    </div>
  );
}
