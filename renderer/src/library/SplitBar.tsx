// Where a recording's CPU time went: a small stacked bar, its legend, and
// the same in words for the tooltip and screen readers.
import type { CpuSplit } from '../../../shared/api.ts';
import { SPLIT_PARTS, splitSegments, splitSummary } from './split-bar.ts';
import { splitColor } from '../lib/frame-colors.ts';

export function SplitBar({ split, width = 96, height = 10 }: { split: CpuSplit | null; width?: number; height?: number }) {
  const segments = splitSegments(split, width);
  const summary = splitSummary(split);
  if (segments.length === 0) return <span className="muted split-none" title={summary}>–</span>;
  return (
    <svg className="split-bar" width={width} height={height} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" role="img" aria-label={`CPU: ${summary}`}>
      <title>{summary}</title>
      {segments.map((s) => (
        <rect key={s.key} className={`split-${s.key}`} style={{ fill: splitColor(s.key) }} x={s.x} y={0} width={s.width} height={height} />
      ))}
    </svg>
  );
}

/** The colours of the bar; with a split, each part's share too. */
export function SplitLegend({ split }: { split?: CpuSplit | null }) {
  return (
    <ul className="split-legend" aria-label="CPU split colours">
      {SPLIT_PARTS.map((p) => (
        <li key={p.key}>
          <svg width="10" height="10" aria-hidden="true"><rect className={`split-${p.key}`} style={{ fill: splitColor(p.key) }} width="10" height="10" rx="2" /></svg>
          {p.label}
          {split && <span className="muted"> {Number.isFinite(split[p.key]) ? split[p.key].toFixed(1) : '–'}%</span>}
        </li>
      ))}
    </ul>
  );
}
