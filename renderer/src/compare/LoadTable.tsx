// Load, side by side with the difference: requests/s, latency percentiles,
// errors and non-2xx, CPU per 1 000 requests and event-loop utilisation —
// each with its absolute and relative change and how sure Flambé is of it.
import type { Comparison, Metric } from '../../../shared/compare/index.ts';
import { signed, signedPercent, surenessOf, surenessWords } from './compare-format.ts';
import { formatNumber } from '../lib/format.ts';
import { CompareTableHead } from './CompareTableHead.tsx';

interface Line {
  label: string;
  m: Metric;
  digits: number;
  /** Higher is better (requests/s) or worse (latency): colours the change. */
  better: 'up' | 'down';
  scale?: number;
}

export function LoadTable({ c }: { c: Comparison }) {
  const lines: Line[] = [];
  if (c.load) {
    const l = c.load;
    lines.push(
      { label: 'Requests/s', m: l.rps, digits: 0, better: 'up' },
      { label: 'Latency p50 (ms)', m: l.p50Ms, digits: 3, better: 'down' },
      { label: 'Latency p90 (ms)', m: l.p90Ms, digits: 3, better: 'down' },
      { label: 'Latency p99 (ms)', m: l.p99Ms, digits: 3, better: 'down' },
      { label: 'Latency max (ms)', m: l.maxMs, digits: 3, better: 'down' },
      { label: 'Failed per 1 000 requests sent (errors + timeouts)', m: l.errorsPer1k, digits: 1, better: 'down' },
      { label: 'Non-2xx per 1 000 requests', m: l.non2xxPer1k, digits: 1, better: 'down' },
    );
  }
  // Two CPU measures that differ on purpose: say which is which, so they never look like one number twice.
  if (c.cpuMsPer1kRequests) lines.push({ label: 'CPU per 1 000 requests, in the profile (ms, JavaScript thread)', m: c.cpuMsPer1kRequests, digits: 1, better: 'down' });
  // Older saved comparisons lack it (undefined).
  if (c.processCpuMsPer1k) lines.push({ label: 'CPU per 1 000 requests, whole process (ms, all threads, from the OS)', m: c.processCpuMsPer1k, digits: 1, better: 'down' });
  if (c.elu) lines.push({ label: 'Event loop busy (%)', m: c.elu, digits: 0, better: 'down', scale: 100 });
  if (!lines.length) return <p className="empty-state">No load numbers on both sides: nothing to put side by side.</p>;
  return (
    <table className="compare-table load-table" data-testid="compare-load">
      <CompareTableHead />
      <tbody>
        {lines.map(({ label, m, digits, better, scale = 1 }) => {
          const sure = surenessOf(m);
          const good = m.delta === 0 ? '' : (m.delta > 0) === (better === 'up') ? 'good' : 'bad';
          return (
            <tr key={label} data-testid="load-row" data-sure={sure}>
              <th scope="row">{label}</th>
              <td className="num">{formatNumber(m.a * scale, digits)}</td>
              <td className="num">{formatNumber(m.b * scale, digits)}</td>
              <td className={`num delta ${good}`}>{signed(m.delta * scale, digits)}</td>
              <td className={`num delta ${good}`}>{signedPercent(m.deltaPercent)}</td>
              <td className={`sure sure-${sure}`}>{surenessWords(m)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
