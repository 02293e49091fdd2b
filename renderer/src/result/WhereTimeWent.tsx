// "Where the time went": every ms of the profile in one category (your code,
// each dependency, Node internals, V8 and native, GC, idle, program), the
// cross-cutting buckets (logging, JSON, regex, sync crypto, sync fs,
// compression) with the functions of yours they were called from, and
// findings in plain words. All from shared/profile, through the transforms.
// Its two tables: CategoriesTable and BucketsTable, below.
import { BUCKET_HELP, CATEGORY_HELP, cpuWords, isCpuTime, msPerThousandRequests, SAMPLED_TIME_NOTE, type PerRequest, type Transform } from '../../../shared/profile/index.ts';
import type { CpuAccounting } from '../../../shared/recording/cpu-accounting.ts';
import { findingSentence, spreadSentence } from '../../../shared/verdict/index.ts';
import type { AnalysisClient } from '../analysis/client.ts';
import type { TimeData } from '../analysis/protocol.ts';
import { shortLocation } from '../analysis/location.ts';
import { legendColor } from '../lib/frame-colors.ts';
import { formatInt, formatPercent, formatTimeMs } from '../lib/format.ts';
import { useView } from './useAnalysis.ts';

interface Props {
  client: AnalysisClient;
  transforms: Transform[];
  active: boolean;
  /** Requests and the thread's CPU clock (shared/profile/cpu-time.ts); null: no "per 1 000 requests". */
  perRequest: PerRequest | null;
  /** The recording's CPU accounting, for the findings' own "per 1 000 requests". */
  cpu?: CpuAccounting | null;
  /** A time range is selected: `perRequest` is the range's (prorated from the load's seconds), or null when not known for it. */
  ranged?: boolean;
}

export function WhereTimeWent({ client, transforms, active, perRequest, cpu = null, ranged = false }: Props) {
  const requests = perRequest?.requests ?? null;
  const view = useView(client, active ? { view: 'time', transforms } : null);
  // The same findings as the verdict (shared/verdict/findings.ts), for the profile as transformed here.
  const verdict = useView(client, active ? { view: 'verdict', transforms, context: { requests, cpu } } : null);
  const time = view.data;
  if (view.error) return <p className="note note-error">{view.error}</p>;
  if (!time) return <p className="empty-state" aria-busy="true">Computing where the time went…</p>;
  const list = verdict.data?.findings ?? [];
  const spread = verdict.data?.spread ?? null;

  return (
    <div className={`time-panel${view.stale ? ' stale' : ''}`} data-testid="time-panel">
      <p className="muted small time-total">
        {formatTimeMs(time.durationMs)} profiled{requests ? ` while the server answered ${ranged ? 'about ' : ''}${formatInt(requests)} requests` : ''}; percentages are of that time.
        {ranged && (requests
          ? <span data-testid="range-requests"> In this time range, “per 1 000 requests” divides by the requests completed in it (counted per second by the load, prorated at the edges).</span>
          : <span data-testid="range-requests"> No request of the load completed in this time range, so there is no “per 1 000 requests” for it.</span>)}
        {perRequest && !isCpuTime(perRequest) && <span data-testid="sampled-time"> {SAMPLED_TIME_NOTE}</span>}
        {view.stale && ' Updating…'}
      </p>

      {(list.length > 0 || spread) && (
        <ul className="findings" aria-label="Findings">
          {list.map((f, i) => <li key={`${f.kind}-${f.frame}-${i}`} data-testid="finding" data-id={f.kind}>{findingSentence(f, list)} <span className="muted">{f.advice}</span></li>)}
          {spread && <li data-testid="finding" data-id="spread">{spreadSentence(spread)}</li>}
        </ul>
      )}

      <div className="time-grid">
        <CategoriesTable categories={time.categories} perRequest={perRequest} />
        <BucketsTable buckets={time.buckets} perRequest={perRequest} />
      </div>
    </div>
  );
}

const per1kText = (ms: number, perRequest: PerRequest | null) => formatTimeMs(msPerThousandRequests(ms, perRequest));

/** Every ms of the profile in one kind of code (your code, each dependency, Node, V8, GC, idle…), with a bar of its share. */
function CategoriesTable({ categories, perRequest }: { categories: TimeData['categories']; perRequest: PerRequest | null }) {
  const requests = perRequest?.requests ?? null;
  const maxCategory = Math.max(...categories.map((c) => c.percent), 1);
  const per1k = (ms: number) => per1kText(ms, perRequest);
  return (
    <section aria-labelledby="categories-heading">
      <h3 id="categories-heading">By kind of code <span className="muted small">(self time)</span></h3>
      <table className="time-table">
        <thead>
          <tr>
            <th scope="col" className="left">Category</th>
            <th scope="col">ms</th>
            <th scope="col">%</th>
            {requests ? <th scope="col" title={`ms ${cpuWords(perRequest)} per 1 000 requests served`}>ms /1k req</th> : null}
          </tr>
        </thead>
        <tbody>
          {categories.map((c) => (
            <tr key={c.id} data-testid="category-row" data-id={c.id} data-percent={c.percent.toFixed(3)}>
              <th scope="row" className="left" title={CATEGORY_HELP[c.kind]}>
                <span className="dot" style={{ background: legendColor(c.kind) }} aria-hidden="true" />
                {c.name}
                {c.kind === 'dependency' && <span className="muted small"> dependency</span>}
                <span className="share-bar" aria-hidden="true"><span style={{ width: `${(c.percent / maxCategory) * 100}%` }} /></span>
              </th>
              <td>{formatTimeMs(c.ms)}</td>
              <td>{formatPercent(c.percent / 100)}</td>
              {requests ? <td>{c.kind === 'idle' ? '—' : per1k(c.ms)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The cross-cutting kinds of work (logging, JSON, regex, sync crypto…), each with the functions of yours it was called from. */
function BucketsTable({ buckets, perRequest }: { buckets: TimeData['buckets']; perRequest: PerRequest | null }) {
  const per1k = (ms: number) => per1kText(ms, perRequest);
  const requests = perRequest?.requests ?? null;
  return (
    <section aria-labelledby="buckets-heading">
      <h3 id="buckets-heading">By kind of work</h3>
      <table className="time-table">
        <thead>
          <tr>
            <th scope="col" className="left">Work</th>
            <th scope="col">ms</th>
            <th scope="col">%</th>
            {requests ? <th scope="col" title={`ms ${cpuWords(perRequest)} per 1 000 requests served`}>ms /1k req</th> : null}
            <th scope="col" className="left">Called from</th>
          </tr>
        </thead>
        <tbody>
          {buckets.map((b) => (
            <tr key={b.id} data-testid="bucket-row" data-id={b.id} data-percent={b.percent.toFixed(3)} className={b.ms === 0 ? 'zero' : undefined}>
              <th scope="row" className="left" title={BUCKET_HELP[b.id]}>{b.name}</th>
              <td>{formatTimeMs(b.ms)}</td>
              <td>{formatPercent(b.percent / 100)}</td>
              {requests ? <td>{per1k(b.ms)}</td> : null}
              <td className="left callers">
                {b.callers.length === 0 ? <span className="muted">—</span> : b.callers.slice(0, 3).map((c) => (
                  <span key={c.frame} className="caller" title={c.line ? `${c.line.location}: ${c.line.text}` : c.location || undefined}>
                    {c.name}
                    {c.line ? <span className="muted"> {shortLocation(c.line.location)}</span> : c.location && <span className="muted"> {shortLocation(c.location)}</span>}
                    <span className="muted"> {formatPercent(c.percent / 100)}</span>
                    {c.line && <code className="caller-line" data-testid="caller-line">{c.line.text}</code>}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">
        V8 does not show built-ins such as <code>JSON.stringify</code>, <code>JSON.parse</code> or <code>regex.test</code> as
        frames of their own: their time is the self time of the function that called them. A Flambé recording reads the text of
        the lines that time was spent on, so those calls still count as JSON or regular expressions (select a function in
        Bottom-up to see its lines). Profiles recorded by other tools have no line text: there, only libraries count.
      </p>
    </section>
  );
}
