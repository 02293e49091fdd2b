// The number columns both tables share: self and total in ms and %, the
// CPU ms per 1 000 requests when the recording served requests, and where
// the function lives (file:line, 1-based, shortened; the full path on hover).
import { GLOSSARY } from '../../../shared/glossary.ts';
import { cpuWords, type CategoryKind, type PerRequest } from '../../../shared/profile/index.ts';
import { per1kCell } from './per1k-cell.ts';
import { shortLocation } from '../analysis/location.ts';
import { formatPercent, formatTimeMs } from '../lib/format.ts';
import type { Column } from './TreeTable.tsx';

export interface RowNumbers<N> {
  selfMs(n: N): number;
  totalMs(n: N): number;
  location(n: N): string;
  /** The row's category: idle gets no CPU per request (per1k-cell.ts). */
  category(n: N): CategoryKind;
  /** Total without the idle below it, for the CPU per request (the Call tree's root holds the thread's idle); else the total. */
  busyTotalMs?(n: N): number;
}

const pct = (ms: number, durationMs: number) => formatPercent(durationMs > 0 ? ms / durationMs : 0);

export function numberColumns<N>(get: RowNumbers<N>, durationMs: number, perRequest: PerRequest | null): Column<N>[] {
  const cols: Column<N>[] = [
    { id: 'selfMs', label: 'Self', width: '5.2rem', title: `${GLOSSARY.self.text} (ms)`, render: (r) => formatTimeMs(get.selfMs(r.node)) },
    { id: 'selfPercent', label: 'Self %', width: '4.6rem', title: 'Self time, in % of the profile', render: (r) => pct(get.selfMs(r.node), durationMs) },
    { id: 'totalMs', label: 'Total', width: '5.2rem', title: `${GLOSSARY.total.text} (ms)`, render: (r) => formatTimeMs(get.totalMs(r.node)) },
    { id: 'totalPercent', label: 'Total %', width: '4.8rem', title: 'Total time, in % of the profile', render: (r) => <PercentBar percent={durationMs > 0 ? get.totalMs(r.node) / durationMs : 0} /> },
  ];
  if (perRequest) {
    // CPU from the OS clock, or sampled time where none was read (shared/profile/cpu-time.ts): the title says which.
    const unit = `ms ${cpuWords(perRequest)} per 1 000 requests served`;
    cols.push(
      { id: 'selfPer1k', label: 'Self /1k req', width: '6.4rem', title: `Self: ${unit}`, render: (r) => per1kCell(get.selfMs(r.node), get.category(r.node), perRequest) },
      { id: 'totalPer1k', label: 'Total /1k req', width: '6.6rem', title: `Total: ${unit}`, render: (r) => per1kCell((get.busyTotalMs ?? get.totalMs)(r.node), get.category(r.node), perRequest) },
    );
  }
  cols.push({
    id: 'location', label: 'Where', width: 'minmax(8rem, 16rem)', title: 'file:line (lines count from 1)',
    render: (r) => {
      const where = get.location(r.node);
      return <span title={where}>{shortLocation(where)}</span>;
    },
  });
  return cols;
}

function PercentBar({ percent }: { percent: number }) {
  return (
    <span className="pct-bar">
      <span className="pct-fill" style={{ width: `${Math.min(100, Math.max(0, percent * 100)).toFixed(1)}%` }} aria-hidden="true" />
      <span className="pct-text">{formatPercent(percent)}</span>
    </span>
  );
}
