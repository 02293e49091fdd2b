// "Did my change allocate less?": bytes allocated per request, A against B,
// with the change and how sure (shared/compare/allocations.ts: the interval
// of CPU per request's method), then the functions whose bytes per request
// changed most, each with its own. The Compare screen and an experiment's
// answer show the same table.
import type { AllocationsComparison } from '../../../shared/compare/index.ts';
import { formatBytes } from '../../../shared/number-format.ts';
import { shortPlace } from '../../../shared/profile/places.ts';
import { signedBytes, signedPercent, surenessOf, surenessWords } from './compare-format.ts';
import { CompareTableHead } from './CompareTableHead.tsx';

/** Functions listed under the total. */
const TOP = 8;

export function AllocationTable({ a }: { a: AllocationsComparison }) {
  const m = a.bytesPerRequest;
  const sure = surenessOf(m);
  const good = (delta: number) => (delta === 0 ? '' : delta < 0 ? 'good' : 'bad');
  const fns = a.functions.filter((f) => f.deltaBytesPerRequest !== 0).slice(0, TOP);
  return (
    <table className="compare-table load-table" data-testid="compare-allocations">
      <CompareTableHead />
      <tbody>
        <tr data-testid="allocation-total" data-sure={sure}>
          <th scope="row">Allocated per request (every thread)</th>
          <td className="num">{formatBytes(m.a)}</td>
          <td className="num">{formatBytes(m.b)}</td>
          <td className={`num delta ${good(m.delta)}`}>{signedBytes(m.delta)}</td>
          <td className={`num delta ${good(m.delta)}`}>{signedPercent(m.deltaPercent)}</td>
          <td className={`sure sure-${sure}`}>{surenessWords(m)}</td>
        </tr>
        {fns.map((f) => {
          const judged = { a: f.aBytesPerRequest, b: f.bBytesPerRequest, significant: f.significant, ci95: f.relativeCi95, negligible: f.negligible };
          const place = f.url ? shortPlace(f.location) : '';
          return (
            <tr key={f.key} data-testid="allocation-row" data-sure={surenessOf(judged)}>
              <th scope="row" className="fn-cell" title={f.location}>
                <span className="fn-name">{f.function}</span>{place && <span className="muted"> {place}</span>}
                {f.status !== 'changed' && <span className="muted"> [{f.status}]</span>}
              </th>
              <td className="num">{formatBytes(f.aBytesPerRequest)}</td>
              <td className="num">{formatBytes(f.bBytesPerRequest)}</td>
              <td className={`num delta ${good(f.deltaBytesPerRequest)}`}>{signedBytes(f.deltaBytesPerRequest)}</td>
              <td className={`num delta ${good(f.deltaBytesPerRequest)}`}>{f.aBytesPerRequest > 0 ? signedPercent((f.bBytesPerRequest / f.aBytesPerRequest - 1) * 100) : '—'}</td>
              <td className={`sure sure-${surenessOf(judged)}`}>{surenessWords(judged)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
