// When did it happen: the recording's phases, the load (requests/s, p99 per
// second), the process (event-loop utilisation, loop delay, CPU, heap), the
// CPU profile (how busy, how much of it your code) and the time-ordered flame
// chart (FlameChart.tsx) on ONE time axis — ms from the profile's first
// sample, the same x scale for every row. The load's seconds start where the
// burst really started (shared/load/profile-axis.ts). Hover reads every
// series at that time; a drag (on any row or the chart) selects a range and
// every view (verdict, flamegraph, tables) shows only that range
// (shared/profile time-range); Esc clears it. The wheel (or + / −) zooms the
// axis; a click on a frame of the chart shows that function in Bottom-up.
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { LoadSummary, ProcessSample } from '../../../shared/api.ts';
import { loadOnAxis, loadSecondAt, requestsInRange } from '../../../shared/load/profile-axis.ts';
import type { AnalysisClient } from '../analysis/client.ts';
import { Explain } from '../components/Explain.tsx';
import { FlameChart, type ChartHit, type FlameChartHandle } from './FlameChart.tsx';
import { timelineRows, type Row } from './timeline-rows.ts';
import { TimelineTip, type TimelineHover } from './TimelineTip.tsx';
import { useWheelZoom } from './use-wheel-zoom.ts';
import { useView } from './useAnalysis.ts';
import { dragRange, formatAxisTime, formatSeconds, keyboardRange, sampleAt, ticksBetween, zoomViewport } from './timeline-scale.ts';

export interface TimeSelection {
  fromMs: number;
  toMs: number;
  /** Requests completed in the range (prorated from the load's seconds); null: not known for it. */
  requests: number | null;
}

interface Props {
  client: AnalysisClient;
  load: LoadSummary | null;
  samples: readonly ProcessSample[];
  range: TimeSelection | null;
  onRange(range: TimeSelection | null): void;
  /** Warm-up asked for, s (older recordings have no stored phases: this is all that is known). */
  warmupSec?: number | null;
  /** A function to outline in the chart, and what to do when one is clicked. */
  highlight?: number | null;
  onFrame?(frame: number, name: string): void;
}

const ROW = 28;
const PHASES = 18;
const LABEL = 118;
const BINS = 160;

/**
 * The element's width, followed as it changes; `ready` re-runs it once the
 * element is in the page. Null until measured: the flame chart is asked for
 * once, at the real width (asked at a guessed 800 px, the 78 MB profile's
 * exact chart was started at 674 px and thrown away when the width came).
 */
function useWidth(ref: React.RefObject<HTMLDivElement | null>, ready: boolean): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    setWidth(el.clientWidth);
    return () => ro.disconnect();
  }, [ref, ready]);
  return width;
}

export function Timeline({ client, load, samples, range, onRange, warmupSec = null, highlight = null, onFrame }: Props) {
  const view = useView(client, { view: 'timeline', transforms: [], bins: BINS });
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<FlameChartHandle>(null);
  const chartBox = useRef<HTMLDivElement>(null);
  const measured = useWidth(box, view.data !== null);
  const width = measured ?? 800;
  const [hover, setHover] = useState<TimelineHover | null>(null);
  const [drag, setDrag] = useState<{ a: number; b: number; moved: boolean } | null>(null);
  const [zoom, setZoom] = useState<{ fromMs: number; toMs: number } | null>(null);
  const data = view.data;
  useWheelZoom(box, data?.durationMs ?? 0, LABEL, setZoom, () => setHover(null));
  // A range from the address (a reload, a link) comes without its requests: count them once the axis is known.
  useEffect(() => {
    if (!data || !load || !range || range.requests !== null) return;
    const requests = requestsInRange(loadOnAxis(load, data.firstSampleMs), range.fromMs, range.toMs);
    if (requests !== null) onRange({ ...range, requests });
  }, [data, load, range, onRange]);
  if (!data || data.durationMs <= 0) return null;

  const D = data.durationMs;
  const vp = zoom ?? { fromMs: 0, toMs: D };
  const span = vp.toMs - vp.fromMs;
  const plot = Math.max(100, width - LABEL - 8);
  const x = (t: number) => LABEL + ((Math.max(vp.fromMs, Math.min(vp.toMs, t)) - vp.fromMs) / span) * plot;
  const tOf = (px: number) => vp.fromMs + ((px - LABEL) / plot) * span;
  const binMs = D / data.bins.length;
  // Process samples are timed from the profiler's start; the axis from the first sample.
  const off = data.firstSampleMs;
  const onAxis = load ? loadOnAxis(load, off) : null;
  const phases = onAxis?.phases ?? null;

  const rows = timelineRows(onAxis, samples, off, data.bins, binMs);

  const top = PHASES;
  const rowsBottom = top + rows.length * ROW;
  const height = rowsBottom + 22;

  const selection = (fromMs: number, toMs: number): TimeSelection => ({ fromMs, toMs, requests: onAxis ? requestsInRange(onAxis, fromMs, toMs) : null });
  const pos = (e: { clientX: number; clientY: number }) => {
    const r = box.current!.getBoundingClientRect();
    return { px: e.clientX - r.left, py: e.clientY - r.top };
  };
  /** The chart's frame under the pointer, if the pointer is over the chart. */
  const hitAt = (e: PointerEvent<HTMLDivElement>): ChartHit | null => {
    const cb = chartBox.current?.querySelector('.flame-chart-scroll')?.getBoundingClientRect();
    if (!cb || e.clientY < cb.top || e.clientY >= cb.bottom) return null;
    return chart.current?.hitTest(e.clientX - box.current!.getBoundingClientRect().left, e.clientY - cb.top) ?? null;
  };
  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    const { px } = pos(e);
    if (px < LABEL || e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({ a: tOf(px), b: tOf(px), moved: false });
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const { px, py } = pos(e);
    const t = tOf(px);
    setHover(px >= LABEL ? { t: Math.max(vp.fromMs, Math.min(vp.toMs, t)), hit: drag ? null : hitAt(e), x: px, y: py, boxHeight: box.current!.clientHeight } : null);
    if (drag) setDrag({ ...drag, b: t, moved: drag.moved || Math.abs(x(t) - x(drag.a)) > 3 });
  };
  const onUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    const r = drag.moved ? dragRange(drag.a, drag.b, D, Math.max((span / plot) * 4, 0.01)) : null;
    setDrag(null);
    if (r) onRange(selection(r.fromMs, r.toMs));
    else if (!drag.moved) {
      // A click on a frame of the chart: show that function (Bottom-up, flamegraph), like a finding's file:line.
      const hit = hitAt(e);
      if (hit && onFrame) onFrame(hit.frame.index, hit.frame.name);
    }
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    // A range without a mouse: Shift+→ starts one (a tenth of the view) and widens it, Shift+← narrows it, ← → move it.
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      const r = keyboardRange(range, vp, e.key === 'ArrowRight' ? 1 : -1, e.shiftKey, D);
      if (r) {
        e.preventDefault();
        onRange(selection(r.fromMs, r.toMs));
      }
      return;
    }
    if (e.key === 'Escape' && (range || zoom)) {
      e.preventDefault();
      if (range) onRange(null);
      else setZoom(null);
    } else if (e.key === '+' || e.key === '=') {
      // The hover's time was read on the old axis: it goes until the pointer moves again.
      setHover(null);
      setZoom(zoomViewport(vp, range ? (range.fromMs + range.toMs) / 2 : (vp.fromMs + vp.toMs) / 2, 0.5, D, 1));
    } else if (e.key === '-' || e.key === '_') {
      setHover(null);
      setZoom(zoomViewport(vp, (vp.fromMs + vp.toMs) / 2, 2, D, 1));
    }
  };

  const shown = drag?.moved ? dragRange(drag.a, drag.b, D, 0) : range;
  const at = hover?.t ?? null;
  const l = at !== null && onAxis ? loadSecondAt(onAxis, at) : null;
  const s = at !== null ? sampleAt(samples, at, off) : null;
  const bin = at !== null ? data.bins[Math.max(0, Math.min(data.bins.length - 1, Math.floor(at / binMs)))] : null;
  const marks = phaseMarks(phases, D);

  return (
    <section className="timeline" aria-label="When it happened: load, process and profile on one time axis" data-testid="timeline">
      <div className="timeline-head">
        <strong>When it happened</strong>
        <span className="muted small">Drag across any row or the flame chart to see only that time in every view; Ctrl + wheel zooms.</span>
        {range && (
          <span className="timeline-range" data-testid="timeline-range">
            Showing {formatAxisTime(range.fromMs, span)} – {formatAxisTime(range.toMs, span)}
            <button type="button" className="button small" data-testid="timeline-zoom" onClick={() => setZoom({ fromMs: range.fromMs, toMs: range.toMs })}>Zoom in</button>
            <button type="button" className="button small" data-testid="timeline-clear" onClick={() => onRange(null)}>Whole profile</button>
          </span>
        )}
        {zoom && <button type="button" className="button small" data-testid="timeline-zoom-out" onClick={() => setZoom(null)}>Zoom out</button>}
      </div>
      <div
        ref={box} className="timeline-box" tabIndex={0} data-testid="timeline-box"
        aria-label={`Timeline and flame chart over ${formatSeconds(D)}${range ? `, showing ${formatSeconds(range.fromMs)} to ${formatSeconds(range.toMs)}: Escape shows the whole profile` : ''}. Shift and the arrow keys select a range, the arrows move it; plus and minus zoom.`}
        onPointerDown={onDown} onPointerMove={onMove} onPointerUp={onUp} onPointerLeave={() => setHover(null)} onKeyDown={onKey}
      >
        <svg
          width={width} height={height} role="img" data-testid="timeline-chart"
          data-burst-ms={phases ? phases.burst.fromMs.toFixed(1) : undefined} data-first-sample-ms={off.toFixed(1)} aria-label="Load, process and profile over time">
          {marks.map((m) => (
            <g key={m.key} data-phase={m.key}>
              {m.toMs !== undefined
                ? <rect x={x(m.fromMs)} width={Math.max(0, x(m.toMs) - x(m.fromMs))} y={2} height={PHASES - 5} className={`timeline-phase timeline-phase-${m.key}`} />
                : <line x1={x(m.fromMs)} x2={x(m.fromMs)} y1={2} y2={rowsBottom} className="timeline-mark" />}
              {m.label && <text x={Math.min(x(m.fromMs) + 3, LABEL + plot - 110)} y={PHASES - 6} className="timeline-phase-label">{m.label}</text>}
            </g>
          ))}
          <text x={0} y={PHASES - 6} className="timeline-label" data-testid="timeline-warmup">{warmupText(phases, warmupSec)}</text>
          {rows.map((r, i) => <TimelineRow key={r.key} row={r} y0={top + i * ROW + 3} h={ROW - 6} x={x} vp={vp} plot={plot} />)}
          <defs><clipPath id="timeline-clip"><rect x={LABEL} y={0} width={plot} height={height} /></clipPath></defs>
          {ticksBetween(vp.fromMs, vp.toMs, Math.max(2, Math.floor(plot / 90))).map((t) => (
            <g key={t}>
              <line x1={x(t)} x2={x(t)} y1={top} y2={rowsBottom} className="timeline-grid" />
              <text x={x(t)} y={rowsBottom + 16} textAnchor="middle" className="timeline-tick">{formatAxisTime(t, span)}</text>
            </g>
          ))}
          {shown && <rect x={x(shown.fromMs)} width={Math.max(1, x(shown.toMs) - x(shown.fromMs))} y={top} height={rows.length * ROW} className="timeline-selection" data-testid="timeline-selection" />}
          {at !== null && <line x1={x(at)} x2={x(at)} y1={top} y2={rowsBottom} className="timeline-cursor" />}
        </svg>
        <div ref={chartBox}>
          {measured !== null && (
            <FlameChart
              client={client} fromMs={vp.fromMs} toMs={vp.toMs} x0px={LABEL} plotPx={plot} width={width}
              range={shown} cursorMs={at} highlight={highlight} chartRef={chart}
            />
          )}
        </div>
        {hover && <TimelineTip hover={hover} span={span} width={width} load={l} sample={s} bin={bin} binMs={binMs} />}
      </div>
      <p className="muted small timeline-note">
        0 s is the profile's first sample. {onAxis && !onAxis.aligned ? 'This recording did not store when its burst started: the load is drawn from the profile\'s start. ' : ''}
        Event loop <Explain term="elu" /> and CPU <Explain term="cpu" /> come from the process; busy, your code and the flame chart from the CPU profile.
        The flame chart shows what ran in the order it ran (one row per call depth); click a function to see it in Bottom-up.
      </p>
    </section>
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
function phaseMarks(phases: ReturnType<typeof loadOnAxis>['phases'], durationMs: number): Mark[] {
  if (!phases) return [];
  const { burst } = phases;
  const marks: Mark[] = [];
  if (burst.fromMs > 0) marks.push({ key: 'before', fromMs: 0, toMs: burst.fromMs, label: '' });
  marks.push({ key: 'burst', fromMs: burst.fromMs, toMs: Math.min(durationMs, burst.toMs), label: 'measured burst' });
  marks.push({ key: 'burst-start', fromMs: burst.fromMs, label: '' });
  if (burst.toMs < durationMs) marks.push({ key: 'burst-end', fromMs: burst.toMs, label: '' });
  return marks;
}

function warmupText(phases: ReturnType<typeof loadOnAxis>['phases'], warmupSec: number | null): string {
  if (phases?.warmup) return `← warm-up ${formatSeconds(phases.warmup.toMs - phases.warmup.fromMs)}`;
  if (phases) return 'no warm-up';
  return warmupSec ? `← warm-up ${warmupSec} s` : '';
}
