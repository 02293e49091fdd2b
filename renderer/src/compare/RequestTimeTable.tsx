// Where each request's time went, A against B (shared/compare/request-time.ts):
// each part in ms per request, the change and how sure. Less time is better
// for every part.
import type { Metric } from '../../../shared/compare/index.ts';
import { statementChangeLines, type RequestTimeComparison } from '../../../shared/compare/request-time.ts';
import { signed, signedPercent, surenessOf, surenessWords } from './compare-format.ts';
import { groupThousands } from '../../../shared/number-format.ts';

// The one number style (shared/number-format.ts): "1 894.17", never "1,894.17".
const fmt = (x: number) => groupThousands(x, 2);

function Row({ label, m, first }: { label: string; m: Metric; first?: boolean }) {
  const good = m.delta === 0 ? '' : m.delta < 0 ? 'good' : 'bad';
  return (
    <tr data-testid="request-time-row" data-sure={surenessOf(m)} className={first ? 'level-start' : undefined}>
      <th scope="row">{label}</th>
      <td className="num">{fmt(m.a)}</td><td className="num">{fmt(m.b)}</td>
      <td className={`num delta ${good}`}>{signed(m.delta, 2)}</td><td className={`num delta ${good}`}>{signedPercent(m.deltaPercent)}</td>
      <td className={`sure sure-${surenessOf(m)}`}>{surenessWords(m)}</td>
    </tr>
  );
}

export function RequestTimeTable({ c }: { c: RequestTimeComparison }) {
  const statements = statementChangeLines(c);
  return (
    <>
    <table className="compare-table load-table" data-testid="compare-request-time">
      <thead>
        <tr><th scope="col">ms per request</th><th scope="col" className="num">A</th><th scope="col" className="num">B</th><th scope="col" className="num">change</th><th scope="col" className="num">%</th><th scope="col">how sure</th></tr>
      </thead>
      <tbody>
        <Row label="each request (mean)" m={c.perRequestMs} />
        {c.parts.map((p, i) => <Row key={`${p.kind} ${p.target} ${p.statement ?? ''}`} label={p.label} m={p.msPerRequest} first={i === 0} />)}
      </tbody>
    </table>
    {statements.length > 0 && (
      <ul className="compare-statements" data-testid="compare-statements" aria-label="Per statement, ms per call">
        {statements.map((l) => <li key={l}>{l}</li>)}
      </ul>
    )}
    </>
  );
}
