// The latency distribution as a percentile plot (log scale of nines), from
// the curve each recording keeps since its full histogram is kept.
import type { LoadSummary } from '../../../shared/api.ts';
import { formatMs } from '../lib/format.ts';
import { axisMs, curvePath, niceMax, nineX, PLOT_TICKS, tickLabel } from '../lib/percentile-plot.ts';

const W = 560;
const H = 160;
const PAD = { left: 56, right: 12, top: 10, bottom: 26 };

export function PercentilePlot({ curves }: { curves: { label: string; points: NonNullable<LoadSummary['percentiles']> }[] }) {
  const shown = curves.filter((c) => c.points.length > 1);
  if (!shown.length) return null;
  const yMax = niceMax(Math.max(...shown.flatMap((c) => c.points.map((p) => p.ms))));
  const w = W - PAD.left - PAD.right;
  const h = H - PAD.top - PAD.bottom;
  return (
    <figure className="percentile-plot" data-testid="percentile-plot">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={`Latency by percentile, up to ${formatMs(yMax)}`}>
        <g transform={`translate(${PAD.left},${PAD.top})`}>
          {[0, 0.5, 1].map((f) => (
            <g key={f}>
              <line x1={0} x2={w} y1={h - f * h} y2={h - f * h} className="grid" />
              <text x={-6} y={h - f * h} className="axis" textAnchor="end" dominantBaseline="middle">{axisMs(yMax * f)}</text>
            </g>
          ))}
          {PLOT_TICKS.map((p, j) => (
            <g key={p}>
              <line x1={nineX(p) * w} x2={nineX(p) * w} y1={0} y2={h} className="grid" />
              {/* The last label ends at the right edge: centred, "99.999 %" lost its "%" past the plot. */}
              <text x={nineX(p) * w} y={h + 16} className="axis" textAnchor={j === PLOT_TICKS.length - 1 ? 'end' : 'middle'}>{tickLabel(p)}</text>
            </g>
          ))}
          {shown.map((c, i) => (
            <path key={c.label} d={curvePath(c.points, w, h, yMax)} className={`curve curve-${i % 6}`} fill="none" strokeWidth={1.8}>
              <title>{c.label}</title>
            </path>
          ))}
        </g>
      </svg>
      <figcaption className="muted">
        Latency at each percentile (log scale: 90 %, 99 %, 99.9 % … equally apart).
        {shown.length > 1 && <span className="legend">{shown.map((c, i) => <span key={c.label} className={`key curve-${i % 6}`}>{c.label}</span>)}</span>}
      </figcaption>
    </figure>
  );
}
