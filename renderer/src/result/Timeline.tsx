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
import { shortLocation } from '../analysis/location.ts';
import { Explain } from '../components/Explain.tsx';
import { formatInt, formatMs, formatRate, formatTimeMs } from '../lib/format.ts';
import { FlameChart, type ChartHit, type FlameChartHandle } from './FlameChart.tsx';
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

interface Row {
  key: string;
  label: string;
  /** Points (t ms, 0..1) drawn as a line, or bars [t0, t1, 0..1]. */
  line?: [number, number][];
  bars?: [number, number, number][];
  color: string;
  max: string;
}

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
  const [hover, setHover] = useState<{ t: number; hit: ChartHit | null; x: number; y: number; boxHeight: number } | null>(null);
  const [drag, setDrag] = useState<{ a: number; b: number; moved: boolean } | null>(null);
  const [zoom, setZoom] = useState<{ fromMs: number; toMs: number } | null>(null);
  const data = view.data;
  // Ctrl + wheel zooms around the pointer: a native listener, since React's is passive and cannot keep the page from zooming.
  useEffect(() => {
    const el = box.current;
    const D = data?.durationMs ?? 0;
    if (!el || D <= 0) return;
    const listener = (e: WheelEvent) => {
      const px = e.clientX - el.getBoundingClientRect().left;
      if ((!e.ctrlKey && !e.metaKey && !e.altKey) || px < LABEL) return;
      e.preventDefault();
      const plot = Math.max(100, el.clientWidth - LABEL - 8);
      setHover(null);
      setZoom((z) => {
        const vp = z ?? { fromMs: 0, toMs: D };
        return zoomViewport(vp, vp.fromMs + ((px - LABEL) / plot) * (vp.toMs - vp.fromMs), e.deltaY > 0 ? 1.25 : 0.8, D, 1);
      });
    };
    el.addEventListener('wheel', listener, { passive: false });
    return () => el.removeEventListener('wheel', listener);
  }, [data]);
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

  const rows: Row[] = [];
  if (onAxis && onAxis.seconds.length > 0) {
    const maxRps = Math.max(1, ...onAxis.seconds.map((s) => s.rps));
    const maxP99 = Math.max(0.001, ...onAxis.seconds.map((s) => s.p99Ms));
    rows.push({ key: 'rps', label: 'Requests/s', bars: onAxis.seconds.map((s) => [s.fromMs, s.toMs, s.rps / maxRps]), color: 'var(--chart-2)', max: formatRate(maxRps) });
    rows.push({ key: 'p99', label: 'p99 latency', line: onAxis.seconds.map((s) => [(s.fromMs + s.toMs) / 2, s.p99Ms / maxP99]), color: 'var(--danger)', max: formatTimeMs(maxP99) });
  }
  if (samples.length > 1) {
    rows.push({ key: 'elu', label: 'Event loop', line: samples.map((s) => [s.tMs - off, s.elu]), color: 'var(--chart)', max: '100%' });
    const delays = samples.filter((s) => s.loopDelayP99Ms !== null);
    if (delays.length > 1) {
      const maxDelay = Math.max(1, ...delays.map((s) => s.loopDelayP99Ms!));
      rows.push({ key: 'delay', label: 'Loop delay', line: delays.map((s) => [s.tMs - off, s.loopDelayP99Ms! / maxDelay]), color: 'var(--warn-border)', max: formatTimeMs(maxDelay) });
    }
    const maxCpu = Math.max(100, ...samples.map((s) => s.cpuPercent));
    rows.push({ key: 'cpu', label: 'CPU', line: samples.map((s) => [s.tMs - off, s.cpuPercent / maxCpu]), color: 'var(--ok)', max: `${formatInt(maxCpu)}%` });
    const maxHeap = Math.max(1, ...samples.map((s) => s.heapUsedMb));
    rows.push({ key: 'heap', label: 'Heap used', line: samples.map((s) => [s.tMs - off, s.heapUsedMb / maxHeap]), color: 'var(--muted)', max: `${formatInt(maxHeap)} MB` });
    // External memory (Buffers) and the full GCs of each sample's interval: absent in recordings from before Flambé sampled them.
    if (samples.every((s) => typeof s.externalMb === 'number')) {
      const maxExternal = Math.max(1, ...samples.map((s) => s.externalMb!));
      rows.push({ key: 'external', label: 'External (Buffers)', line: samples.map((s) => [s.tMs - off, s.externalMb! / maxExternal]), color: 'var(--chart-2)', max: `${formatInt(maxExternal)} MB` });
    }
    if (samples.every((s) => typeof s.majorGcCount === 'number')) {
      const maxGcs = Math.max(1, ...samples.map((s) => s.majorGcCount!));
      rows.push({
        key: 'gc', label: 'Full GCs', color: 'var(--warn-border)', max: String(maxGcs),
        bars: samples.flatMap((s, i): [number, number, number][] => (s.majorGcCount! > 0 ? [[(i > 0 ? samples[i - 1].tMs : s.tMs - 250) - off, s.tMs - off, s.majorGcCount! / maxGcs]] : [])),
      });
    }
  }
  rows.push({ key: 'busy', label: 'Profile: busy', bars: data.bins.map((b) => [b.fromMs, b.fromMs + binMs, b.busyMs / binMs]), color: 'var(--muted)', max: '100%' });
  rows.push({ key: 'user', label: 'Profile: your code', bars: data.bins.map((b) => [b.fromMs, b.fromMs + binMs, b.userMs / binMs]), color: 'var(--accent)', max: '100%' });

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
  const hit = hover?.hit ?? null;
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
          {rows.map((r, i) => {
            const y0 = top + i * ROW + 3;
            const h = ROW - 6;
            return (
              <g key={r.key} data-row={r.key}>
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
          })}
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
        {hover && (
          <div className="timeline-tip" style={{ left: Math.min(hover.x + 12, width - 260), top: Math.max(0, Math.min(hover.y + 14, hover.boxHeight - 140)) }} data-testid="timeline-tip">
            <strong>{formatAxisTime(hover.t, span)}</strong>
            {hit && (
              <span data-testid="chart-tip">
                <strong>{hit.frame.name}</strong>{hit.frame.location && <span className="muted"> {shortLocation(hit.frame.location)}</span>}
                <br />
                {hit.overviewEvery !== null
                  ? `from about ${formatAxisTime(hit.startMs, span)} (an overview from 1 sample in ${formatInt(hit.overviewEvery)}: the exact chart is being drawn)`
                  : hit.calls > 1
                  ? `${formatInt(hit.calls)} short calls merged (too narrow to draw apart), ${formatTimeMs(hit.ms)} in all, from ${formatAxisTime(hit.startMs, span)}`
                  : `from ${formatAxisTime(hit.startMs, span)} for ${formatTimeMs(hit.ms)}`}
              </span>
            )}
            {l && <span>{formatRate(l.rps)} req/s · p99 {formatMs(l.p99Ms)}</span>}
            {s && <span>event loop {Math.round(s.elu * 100)}% · CPU {Math.round(s.cpuPercent)}%{s.loopDelayP99Ms !== null ? ` · delay ${formatMs(s.loopDelayP99Ms)}` : ''} · heap {Math.round(s.heapUsedMb)} MB{typeof s.externalMb === 'number' ? ` · external ${Math.round(s.externalMb)} MB` : ''}{s.majorGcCount ? ` · ${s.majorGcCount} full GC${s.majorGcCount > 1 ? 's' : ''}` : ''}</span>}
            {/* A bin holds the samples that start in it: the last one can run past its end, hence the cap. */}
            {bin && <span>profile: busy {Math.min(100, Math.round((bin.busyMs / binMs) * 100))}%, your code {Math.min(100, Math.round((bin.userMs / binMs) * 100))}%</span>}
          </div>
        )}
      </div>
      <p className="muted small timeline-note">
        0 s is the profile's first sample. {onAxis && !onAxis.aligned ? 'This recording did not store when its burst started: the load is drawn from the profile\'s start. ' : ''}
        Event loop <Explain term="elu" /> and CPU <Explain term="cpu" /> come from the process; busy, your code and the flame chart from the CPU profile.
        The flame chart shows what ran in the order it ran (one row per call depth); click a function to see it in Bottom-up.
      </p>
    </section>
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
