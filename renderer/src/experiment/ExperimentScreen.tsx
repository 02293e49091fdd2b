// The answer of an experiment: the verdict first, then every load number
// with its 95% interval ("no clear difference" when the rounds do not support
// one), the kinds of work and functions that moved, and the rounds themselves.
import { useEffect, useState } from 'react';
import type { ExperimentResult } from '../../../shared/experiment/types.ts';
import type { Metric } from '../../../shared/compare/types.ts';
import { LoadTable } from '../compare/LoadTable.tsx';
import { RequestTimeTable } from '../compare/RequestTimeTable.tsx';
import { AllocationTable } from '../compare/AllocationTable.tsx';
import '../compare/compare.css';
import { useClient, useFlambeEvent } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { ErrorNote } from '../components/Notes.tsx';
import { formatMs, formatRate } from '../lib/format.ts';
import { ExperimentHowSure } from './ExperimentHowSure.tsx';
import { RunProgress } from './RunProgress.tsx';
import { downloadExported } from '../lib/download.ts';
import './experiment.css';
import { ExportReport } from '../components/ExportReport.tsx';
import { experimentReport } from '../../../shared/report/build-report.ts';
import { compareRoutes } from '../../../shared/compare/routes.ts';
import { DEMO_QUESTIONS } from './experiment-form.ts';
import { ExperimentFlame } from './ExperimentFlame.tsx';
import { costSentence } from '../../../shared/experiment/cost-sentence.ts';
import { formatReadable } from '../../../shared/number-format.ts';

const num = formatReadable;

function Sure({ significant, negligible, withheld }: { significant: boolean | null; negligible?: boolean; withheld?: Metric['withheld'] }) {
  if (withheld === 'one-request') return <span className="judgement same" title="The maximum is one request's latency: a side that served more requests shows a higher maximum by that alone">not judged: one request</span>;
  if (withheld === 'busy') return <span className="judgement same" title="Too few pairs the machine left alone: wall-clock numbers are not judged">not judged: busy machine</span>;
  if (significant === null) return null;
  if (significant) return <span className="judgement sure">real</span>;
  return <span className="judgement same">{negligible ? 'no meaningful difference' : 'no clear difference'}</span>;
}

export function ExperimentScreen({ id, onOpenRecording, onBack, onLibrary }: { id: string; onOpenRecording: (id: string) => void; onBack: () => void; onLibrary?: () => void }) {
  const client = useClient();
  const [exp, setExp] = useState<ExperimentResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [exported, setExported] = useState<string | null>(null);
  const exportIt = () => client.api.exportGroup({ id }).then(
    (file) => { downloadExported(file); setExported(`Saved ${file.fileName}: the experiment and its rounds in one file.`); },
    (e: unknown) => setExported(errorMessage(e)),
  );

  useEffect(() => {
    let live = true;
    client.api.getExperiment({ id }).then((e) => live && setExp(e), (e) => live && setError(errorMessage(e)));
    return () => { live = false; };
  }, [client, id]);
  useFlambeEvent((e) => {
    if (e.name === 'experimentDone' && e.payload.experimentId === id) void client.api.getExperiment({ id }).then(setExp);
    // A round finished: its row joins the table while the others run.
    else if (e.name === 'experimentProgress' && e.payload.experimentId === id && exp && e.payload.finished.length !== exp.rounds.length) {
      void client.api.getExperiment({ id }).then(setExp);
    }
  });
  useEffect(() => { document.querySelector<HTMLElement>('.experiment-screen h1')?.focus(); }, [exp?.id]);

  if (error) return <div className="experiment-screen"><ErrorNote message={error} testId="experiment-screen-error" /></div>;
  if (!exp) return <div className="experiment-screen"><p className="muted">Loading the experiment…</p></div>;
  const c = exp.comparison;
  const { a, b } = exp.variants;
  // The report's per-route table and its settings come from the rounds' recordings.
  const experimentReportOf = async (e: ExperimentResult) => {
    const complete = e.rounds.filter((r) => r.complete && !r.notSaved);
    const metas = await Promise.all(complete.map((r) => client.api.getRecording({ id: r.recordingId }).catch(() => null)));
    const routesOf = (v: 'A' | 'B') => complete.flatMap((r, i) => (r.variant === v && metas[i] ? [metas[i].load?.routes ?? []] : []));
    const [ra, rb] = [routesOf('A'), routesOf('B')];
    return experimentReport(e, [...ra, ...rb].some((x) => x.length) ? compareRoutes(ra, rb, true) : null, metas[0] ?? null);
  };
  // A one-click question of the demo: the answer leads with the cost of the thing it shows.
  const question = DEMO_QUESTIONS.find((q) => q.question === exp.name) ?? null;
  const cost = question && c ? costSentence(question.thing, c) : null;

  return (
    <div className="experiment-screen" data-testid="experiment-screen">
      <header className="experiment-head">
        <h1 tabIndex={-1}>{exp.name}</h1>
        {exp.status !== 'running' && (
          <button type="button" className="button small" data-testid="experiment-export" onClick={() => void exportIt()} title="The experiment, its verdict and all its rounds' recordings as one .flambe file">
            Export .flambe
          </button>
        )}
        {exp.status !== 'running' && <ExportReport build={() => experimentReportOf(exp)} />}
        {onLibrary && <button type="button" className="button small" onClick={onLibrary}>Library</button>}
        <button type="button" className="button" onClick={onBack}>New experiment</button>
      </header>
      {exported && <p className="hint" role="status">{exported}</p>}
      {exp.status === 'running' && <RunProgress id={exp.id} totalRounds={Math.max(exp.spec.rounds * 2, exp.rounds.length)} />}
      <p className="ab-legend">
        <span className="tag-a">A</span> {a.name}{a.name !== a.what && <span className="muted"> ({a.what})</span>}
        {'  '}<span className="tag-b">B</span> {b.name}{b.name !== b.what && <span className="muted"> ({b.what})</span>}
      </p>
      {exp.error && <ErrorNote message={exp.error} testId="experiment-problem" />}
      {c ? (
        <>
          {cost && <p className="verdict experiment-cost" data-testid="experiment-cost">{cost}</p>}
          <p className={cost ? 'verdict-detail' : 'verdict'} data-testid="experiment-verdict">{c.verdict}</p>
          {/* A one-click question compares two routes on purpose: its own warning about that would only confuse. */}
          {c.warnings.filter((w) => !(question && w.kind === 'url')).map((w) => <p key={w.message} className="warning">{w.message}</p>)}
          <ExperimentHowSure rounds={c.rounds} />
          <ExperimentFlame exp={exp} />
          <h2>Load</h2>
          <LoadTable c={c} />
          {c.allocations && (
            <>
              <h2>Allocated per request</h2>
              <AllocationTable a={c.allocations} />
            </>
          )}
          <p className="hint">A and B are the geometric means of their rounds; each interval is widened so that all shown hold together at 95%; “no clear difference”: it holds 0; “no meaningful difference”: the change is under 3%.</p>
          {c.requestTime && (
            <>
              <h2>Where each request’s time went</h2>
              <RequestTimeTable c={c.requestTime} />
            </>
          )}
          {c.perRequest && c.buckets.some((x) => Math.abs(x.deltaMsPer1k ?? 0) >= 0.05) && (
            <>
              <h2>Kinds of work <span className="muted">(CPU ms per 1 000 requests)</span></h2>
              <table className="data-table diff-table" data-testid="experiment-bucket-table">
                <thead><tr><th /><th>A</th><th>B</th><th>change</th><th /></tr></thead>
                <tbody>
                  {c.buckets.filter((x) => Math.abs(x.deltaMsPer1k ?? 0) >= 0.05).map((x) => (
                    <tr key={x.id}>
                      <th scope="row">{x.name}</th><td>{num(x.aMsPer1k!)}</td><td>{num(x.bMsPer1k!)}</td>
                      <td>{x.deltaMsPer1k! > 0 ? '+' : '−'}{num(Math.abs(x.deltaMsPer1k!))}</td>
                      <td>{c.oneSided?.name === x.name
                        ? <span className="judgement sure" title="Done in every round of one side and in none of the other's: the work is there or it is not, however noisy the amounts.">only with {c.oneSided.side === 'a' ? 'A' : 'B'}, every round</span>
                        : <Sure significant={x.significant} negligible={x.negligible} />}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          {c.perRequest && c.functions.length > 0 && (
            <>
              <h2>Functions that moved most <span className="muted">(self CPU ms per 1 000 requests)</span></h2>
              <table className="data-table diff-table">
                <thead><tr><th>function</th><th>A</th><th>B</th><th>change</th><th /></tr></thead>
                <tbody>
                  {c.functions.filter((f) => f.category !== 'idle' && f.name !== '(idle)' && f.name !== '(program)').slice(0, 8).map((f) => (
                    <tr key={f.key}>
                      <th scope="row" title={f.location}>{f.name || '(anonymous)'} <span className="muted">{f.location.split(/[\\/]/).pop()}</span></th>
                      <td>{num(f.aMsPer1k ?? 0)}</td>
                      <td>{num(f.bMsPer1k ?? 0)}</td>
                      <td>{(f.deltaMsPer1k ?? 0) > 0 ? '+' : '−'}{num(Math.abs(f.deltaMsPer1k ?? 0))}</td>
                      <td>{f.status !== 'changed' ? f.status : <Sure significant={f.significant} negligible={f.negligible} />}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </>
      ) : exp.status === 'running' ? null : (
        <p className="verdict">Not enough complete rounds to compare: each variant needs at least one.</p>
      )}
      <h2>Rounds <span className="muted">(in pairs, back to back: {exp.order === 'AB' ? 'A' : 'B'} first in the first pair by a coin, then alternating)</span></h2>
      <table className="data-table" data-testid="experiment-rounds">
        <thead><tr><th>#</th><th>variant</th><th>requests/s</th><th>p99</th><th>CPU / 1k req</th><th>process CPU / 1k req</th><th>output</th><th>machine</th><th /></tr></thead>
        <tbody>
          {exp.rounds.map((r) => (
            <tr key={r.recordingId} className={r.complete ? '' : 'muted'}>
              <td>{r.index + 1}</td>
              <td><span className={r.variant === 'A' ? 'tag-a' : 'tag-b'}>{r.variant}</span> round {r.round}{r.complete ? '' : ' (left out: cut short or failed)'}{r.notSaved ? ' — not in the library: it could not be saved' : ''}</td>
              <td>{formatRate(r.rps)}</td><td>{formatMs(r.p99Ms)}</td><td>{r.cpuMsPer1k === null ? '—' : `${num(r.cpuMsPer1k)} ms`}</td>
              <td>{r.processCpuMsPer1k == null ? '—' : `${num(r.processCpuMsPer1k)} ms`}</td>
              <td>{r.stdout ?? '—'}</td>
              <td className={r.interference?.disturbed ? 'warning' : 'muted'} title={r.interference ? `load ${r.interference.load1.toFixed(1)} on ${r.interference.cores} cores; ${r.interference.runnable.toFixed(1)} runnable tasks; steal ${r.interference.stealPercent.toFixed(1)}%; Flambé (load generator) ${r.interference.flambeCores.toFixed(2)} cores${r.interference.loadGeneratorLimited ? ' — the load generator was the limit' : ''}` : 'not measured'}>
                {r.interference ? (r.interference.disturbed ? `disturbed: ${r.interference.reasons.join('; ')}` : 'quiet') : '—'}
              </td>
              <td><button type="button" className="link-button" onClick={() => onOpenRecording(r.recordingId)}>Open</button></td>
            </tr>
          ))}
        </tbody>
      </table>
      {exp.output && (
        <p className="hint">
          The script wrote its output to {exp.output === 'file' ? 'a file Flambé tailed: synchronous, like a terminal, so console.log costs what it costs at home.' : 'a pipe: Node writes pipes asynchronously, so console.log costs less here than in a terminal.'}
        </p>
      )}
    </div>
  );
}
