// The timeline's drawing: the recording's phases over the top, one row per
// series (load, process, profile; timeline-rows.ts), the ticks, the selected
// range and the hover's cursor, all on one x axis (timeline-scale.ts). The
// flame chart under it is drawn by FlameChart.tsx on the same axis.
import type { loadOnAxis } from '../../../shared/load/profile-axis.ts';
import type { Row } from './timeline-rows.ts';
import { formatAxisTime, formatSeconds, ticksBetween, type TimelineAxis } from './timeline-scale.ts';

/** A row's height, the phases band's, and the labels' column left of the plot, px. */
export const ROW = 28;
export const PHASES = 18;
export const LABEL = 118;

type Phases = ReturnType<typeof loadOnAxis>['phases'];

interface Props {
  axis: TimelineAxis;
  width: number;
  rows: Row[];
  phases: Phases;
  durationMs: number;
  /** The profile's first sample, ms from the profiler's start (the axis' 0). */
  firstSampleMs: number;
  warmupSec: number | null;
  /** The range shown selected (a drag under way, else the chosen range). */
  shown: { fromMs: number; toMs: number } | null;
  /** The hover's time. */
  at: number | null;
}

export function TimelineSvg({ axis, width, rows, phases, durationMs, firstSampleMs, warmupSec, shown, at }: Props) {
  const { x, plotPx: plot, spanMs: span } = axis;
  const top = PHASES;
  const rowsBottom = top + rows.length * ROW;
  const height = rowsBottom + 22;
  const marks = phaseMarks(phases, durationMs);
  return (
    <svg
      width={width} height={height} role="img" data-testid="timeline-chart"
      data-burst-ms={phases ? phases.burst.fromMs.toFixed(1) : undefined} data-first-sample-ms={firstSampleMs.toFixed(1)} aria-label="Load, process and profile over time">
      {marks.map((m) => (
        <g key={m.key} data-phase={m.key}>
          {m.toMs !== undefined
            ? <rect x={x(m.fromMs)} width={Math.max(0, x(m.toMs) - x(m.fromMs))} y={2} height={PHASES - 5} className={`timeline-phase timeline-phase-${m.key}`} />
            : <line x1={x(m.fromMs)} x2={x(m.fromMs)} y1={2} y2={rowsBottom} className="timeline-mark" />}
          {m.label && <text x={Math.min(x(m.fromMs) + 3, LABEL + plot - 110)} y={PHASES - 6} className="timeline-phase-label">{m.label}</text>}
        </g>
      ))}
      <text x={0} y={PHASES - 6} className="timeline-label" data-testid="timeline-warmup">{warmupText(phases, warmupSec)}</text>
      {rows.map((r, i) => <TimelineRow key={r.key} row={r} y0={top + i * ROW + 3} h={ROW - 6} x={x} vp={axis} plot={plot} />)}
      <defs><clipPath id="timeline-clip"><rect x={LABEL} y={0} width={plot} height={height} /></clipPath></defs>
      {ticksBetween(axis.fromMs, axis.toMs, Math.max(2, Math.floor(plot / 90))).map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={top} y2={rowsBottom} className="timeline-grid" />
          <text x={x(t)} y={rowsBottom + 16} textAnchor="middle" className="timeline-tick">{formatAxisTime(t, span)}</text>
        </g>
      ))}
      {shown && <rect x={x(shown.fromMs)} width={Math.max(1, x(shown.toMs) - x(shown.fromMs))} y={top} height={rows.length * ROW} className="timeline-selection" data-testid="timeline-selection" />}
      {at !== null && <line x1={x(at)} x2={x(at)} y1={top} y2={rowsBottom} className="timeline-cursor" />}
    </svg>
  );
}

/** One row: its label and scale, its baseline, and its bars or line clipped to the plot. */
function TimelineRow({ row: r, y0, h, x, vp, plot }: { row: Row; y0: number; h: number; x(t: number): number; vp: { fromMs: number; toMs: number }; plot: number }) {
  const span = vp.toMs - vp.fromMs;
  return (
    <g data-row={r.key}>
      <text x={0} y={y0 + 9} className="timeline-label">{r.label}</text>
      {/* The row's scale: from its baseline (0) to its top. */}
      <text x={0} y={y0 + h} className="timeline-max">0 – {r.max}</text>
      <line x1={LABEL} x2={LABEL + plot} y1={y0 + h} y2={y0 + h} className="timeline-base" />
      <g clipPath="url(#timeline-clip)">
        {r.bars?.filter(([a, b]) => b > vp.fromMs && a < vp.toMs).map(([a, b, v], k) => <rect key={k} x={x(a)} width={Math.max(0.5, x(b) - x(a) - 0.5)} y={y0 + h - v * h} height={v * h} fill={r.color} opacity={0.75} />)}
        {r.line && <polyline fill="none" stroke={r.color} strokeWidth={1.5} points={r.line.map(([t, v]) => `${LABEL + ((t - vp.fromMs) / span) * plot},${y0 + h - Math.min(1, v) * h}`).join(' ')} />}
      </g>
    </g>
  );
}

interface Mark {
  key: string;
  fromMs: number;
  toMs?: number;
  label: string;
}

/** The recording's phases as bands and lines on the axis (older recordings: none stored). */
function phaseMarks(phases: Phases, durationMs: number): Mark[] {
  if (!phases) return [];
  const { burst } = phases;
  const marks: Mark[] = [];
  if (burst.fromMs > 0) marks.push({ key: 'before', fromMs: 0, toMs: burst.fromMs, label: '' });
  marks.push({ key: 'burst', fromMs: burst.fromMs, toMs: Math.min(durationMs, burst.toMs), label: 'measured burst' });
  marks.push({ key: 'burst-start', fromMs: burst.fromMs, label: '' });
  if (burst.toMs < durationMs) marks.push({ key: 'burst-end', fromMs: burst.toMs, label: '' });
  return marks;
}

function warmupText(phases: Phases, warmupSec: number | null): string {
  if (phases?.warmup) return `← warm-up ${formatSeconds(phases.warmup.toMs - phases.warmup.fromMs)}`;
  if (phases) return 'no warm-up';
  return warmupSec ? `← warm-up ${warmupSec} s` : '';
}
