// The experiment answer's own tables: the kinds of work and the functions
// that moved (CPU ms per 1 000 requests, judged "real" or not), and the
// rounds themselves with how quiet the machine was in each.
import type { ChangeRow } from '../../../shared/compare/types.ts';
import { surenessOf, surenessWords } from '../../../shared/compare/words.ts';
import type { ExperimentComparison } from '../../../shared/experiment/comparison.ts';
import type { ExperimentResult } from '../../../shared/experiment/types.ts';
import { formatReadable } from '../../../shared/number-format.ts';
import { formatMs, formatRate } from '../lib/format.ts';

const num = formatReadable;

/**
 * How sure, by the rule of every other table (shared/compare/words.ts): "real (95%: +12% to +30%)",
 * "no clear difference (95%: …)" — never a blank cell beside a change.
 */
function Sure({ row }: { row: Pick<ChangeRow, 'significant' | 'relativeCi95' | 'negligible'> & { a: number; b: number } }) {
  const judged = { a: row.a, b: row.b, significant: row.significant, ci95: row.relativeCi95, negligible: row.negligible };
  return <td className={`sure sure-${surenessOf(judged)}`} data-testid="experiment-sure">{surenessWords(judged)}</td>;
}

/** The kinds of work that moved by 0.05 ms per 1 000 requests or more (none: no table). */
export function KindsOfWorkTable({ c }: { c: ExperimentComparison }) {
  const moved = c.buckets.filter((x) => Math.abs(x.deltaMsPer1k ?? 0) >= 0.05);
  if (!c.perRequest || moved.length === 0) return null;
  return (
    <>
      <h2>Kinds of work <span className="muted">(CPU ms per 1 000 requests)</span></h2>
      <table className="data-table diff-table" data-testid="experiment-bucket-table">
        <thead><tr><th /><th>A</th><th>B</th><th>change</th><th>how sure</th></tr></thead>
        <tbody>
          {moved.map((x) => (
            <tr key={x.id}>
              <th scope="row">{x.name}</th><td>{num(x.aMsPer1k!)}</td><td>{num(x.bMsPer1k!)}</td>
              <td>{x.deltaMsPer1k! > 0 ? '+' : '−'}{num(Math.abs(x.deltaMsPer1k!))}</td>
              {c.oneSided?.name === x.name
                ? <td><span className="judgement sure" title="Done in every round of one side and in none of the other's: the work is there or it is not, however noisy the amounts.">only with {c.oneSided.side === 'a' ? 'A' : 'B'}, every round</span></td>
                : <Sure row={{ ...x, a: x.aMsPer1k ?? 0, b: x.bMsPer1k ?? 0 }} />}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The eight functions whose self time moved most, idle left out. */
export function MovedFunctionsTable({ c }: { c: ExperimentComparison }) {
  if (!c.perRequest || c.functions.length === 0) return null;
  return (
    <>
      <h2>Functions that moved most <span className="muted">(self CPU ms per 1 000 requests)</span></h2>
      <table className="data-table diff-table" data-testid="experiment-function-table">
        <thead><tr><th>function</th><th>A</th><th>B</th><th>change</th><th>how sure</th></tr></thead>
        <tbody>
          {c.functions.filter((f) => f.category !== 'idle' && f.name !== '(idle)' && f.name !== '(program)').slice(0, 8).map((f) => (
            <tr key={f.key}>
              <th scope="row" title={f.location}>{f.name || '(anonymous)'} <span className="muted">{f.location.split(/[\\/]/).pop()}</span>{f.status !== 'changed' && <span className={`tag tag-${f.status}`}>{f.status}</span>}</th>
              <td>{num(f.aMsPer1k ?? 0)}</td>
              <td>{num(f.bMsPer1k ?? 0)}</td>
              <td>{(f.deltaMsPer1k ?? 0) > 0 ? '+' : '−'}{num(Math.abs(f.deltaMsPer1k ?? 0))}</td>
              <Sure row={{ ...f, a: f.aMsPer1k ?? 0, b: f.bMsPer1k ?? 0 }} />
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Every round, in the order run, each with its machine's interference reading; Open shows its recording. */
export function RoundsTable({ exp, onOpenRecording }: { exp: ExperimentResult; onOpenRecording(id: string): void }) {
  return (
    <>
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
    </>
  );
}
