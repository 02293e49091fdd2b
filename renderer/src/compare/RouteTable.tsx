// Per route, A against B: the routes of both bursts matched by method and
// path (shared/compare/routes.ts), each with requests/s and p50/p75/p95/p99,
// the change and how sure.
import type { Metric } from '../../../shared/compare/index.ts';
import type { RouteChange } from '../../../shared/compare/routes.ts';
import { signed, signedPercent, surenessOf, surenessWords } from './compare-format.ts';
import { formatNumber } from '../lib/format.ts';

const ROWS = [['requests/s', 'rps', 0, 'up'], ['p50 ms', 'p50Ms', 3, 'down'], ['p75 ms', 'p75Ms', 3, 'down'], ['p95 ms', 'p95Ms', 3, 'down'], ['p99 ms', 'p99Ms', 3, 'down']] as const;
const fmt = (x: number, d: number) => formatNumber(x, d);

export function RouteTable({ routes }: { routes: readonly RouteChange[] }) {
  return (
    <table className="compare-table load-table" data-testid="compare-routes">
      <thead>
        <tr><th scope="col">Route</th><th scope="col" /><th scope="col" className="num">A</th><th scope="col" className="num">B</th><th scope="col" className="num">change</th><th scope="col" className="num">%</th><th scope="col">how sure</th></tr>
      </thead>
      <tbody>
        {routes.flatMap((r) => {
          const name = `${r.method} ${r.path}`;
          if (r.only) return [<tr key={name} data-testid="route-row"><th scope="row">{name}</th><td colSpan={6} className="muted">only in {r.only === 'a' ? 'A' : 'B'}</td></tr>];
          const present = ROWS.filter(([, k]) => r[k] !== null);
          return present.map(([label, k, digits, better], i) => {
            const m = r[k] as Metric;
            const good = m.delta === 0 ? '' : (m.delta > 0) === (better === 'up') ? 'good' : 'bad';
            return (
              <tr key={`${name} ${label}`} data-testid="route-row" data-sure={surenessOf(m)} className={i === 0 ? 'level-start' : undefined}>
                {i === 0 && <th scope="rowgroup" rowSpan={present.length}>{name}</th>}
                <th scope="row">{label}</th>
                <td className="num">{fmt(m.a, digits)}</td><td className="num">{fmt(m.b, digits)}</td>
                <td className={`num delta ${good}`}>{signed(m.delta, digits)}</td><td className={`num delta ${good}`}>{signedPercent(m.deltaPercent)}</td>
                <td className={`sure sure-${surenessOf(m)}`}>{surenessWords(m)}</td>
              </tr>
            );
          });
        })}
      </tbody>
    </table>
  );
}
