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
// The drawing is TimelineSvg.tsx, the pointer use-timeline-pointer.ts, the
// axis and the keys timeline-scale.ts.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { LoadSummary, ProcessSample } from '../../../shared/api.ts';
import { loadOnAxis, loadSecondAt, requestsInRange } from '../../../shared/load/profile-axis.ts';
import type { AnalysisClient } from '../analysis/client.ts';
import { Explain } from '../components/Explain.tsx';
import { FlameChart, type FlameChartHandle } from './FlameChart.tsx';
import { timelineRows } from './timeline-rows.ts';
import { LABEL, TimelineSvg } from './TimelineSvg.tsx';
import { TimelineTip } from './TimelineTip.tsx';
import { useTimelinePointer } from './use-timeline-pointer.ts';
import { useWheelZoom } from './use-wheel-zoom.ts';
import { useView } from './useAnalysis.ts';
import { dragRange, formatAxisTime, formatSeconds, sampleAt, timelineAxis, timelineKey } from './timeline-scale.ts';

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
  const pointer = useTimelinePointer({ box, chart, chartBox });
  const [zoom, setZoom] = useState<{ fromMs: number; toMs: number } | null>(null);
  const data = view.data;
  useWheelZoom(box, data?.durationMs ?? 0, LABEL, setZoom, () => pointer.setHover(null));
  // A range from the address (a reload, a link) comes without its requests: count them once the axis is known.
  useEffect(() => {
    if (!data || !load || !range || range.requests !== null) return;
    const requests = requestsInRange(loadOnAxis(load, data.firstSampleMs), range.fromMs, range.toMs);
    if (requests !== null) onRange({ ...range, requests });
  }, [data, load, range, onRange]);
  if (!data || data.durationMs <= 0) return null;

  const D = data.durationMs;
  const axis = timelineAxis(zoom ?? { fromMs: 0, toMs: D }, width, LABEL);
  const binMs = D / data.bins.length;
  // Process samples are timed from the profiler's start; the axis from the first sample.
  const off = data.firstSampleMs;
  const onAxis = load ? loadOnAxis(load, off) : null;
  const rows = timelineRows(onAxis, samples, off, data.bins, binMs);

  const selection = (fromMs: number, toMs: number): TimeSelection => ({ fromMs, toMs, requests: onAxis ? requestsInRange(onAxis, fromMs, toMs) : null });
  const { onDown, onMove, onUp } = pointer.handlers(axis, D, { onSelect: (fromMs, toMs) => onRange(selection(fromMs, toMs)), onFrame });
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    // A range without a mouse: Shift+→ starts one (a tenth of the view) and widens it, Shift+← narrows it, ← → move it.
    const action = timelineKey(e.key, e.shiftKey, range, zoom, D);
    if (!action) return;
    if (action.kind === 'zoom') {
      // The hover's time was read on the old axis: it goes until the pointer moves again.
      pointer.setHover(null);
      setZoom(action.zoom);
      return;
    }
    e.preventDefault();
    if (action.kind === 'range') onRange(selection(action.range.fromMs, action.range.toMs));
    else if (action.kind === 'clear-range') onRange(null);
    else setZoom(null);
  };

  const { hover, drag } = pointer;
  const shown = drag?.moved ? dragRange(drag.a, drag.b, D, 0) : range;
  const at = hover?.t ?? null;
  const bin = at !== null ? data.bins[Math.max(0, Math.min(data.bins.length - 1, Math.floor(at / binMs)))] : null;

  return (
    <section className="timeline" aria-label="When it happened: load, process and profile on one time axis" data-testid="timeline">
      <TimelineHead range={range} spanMs={axis.spanMs} zoomed={zoom !== null} setZoom={setZoom} onRange={onRange} />
      <div
        ref={box} className="timeline-box" tabIndex={0} data-testid="timeline-box"
        aria-label={`Timeline and flame chart over ${formatSeconds(D)}${range ? `, showing ${formatSeconds(range.fromMs)} to ${formatSeconds(range.toMs)}: Escape shows the whole profile` : ''}. Shift and the arrow keys select a range, the arrows move it; plus and minus zoom.`}
        onPointerDown={onDown} onPointerMove={onMove} onPointerUp={onUp} onPointerLeave={() => pointer.setHover(null)} onKeyDown={onKey}
      >
        <TimelineSvg axis={axis} width={width} rows={rows} phases={onAxis?.phases ?? null} durationMs={D} firstSampleMs={off} warmupSec={warmupSec} shown={shown} at={at} />
        <div ref={chartBox}>
          {measured !== null && (
            <FlameChart
              client={client} fromMs={axis.fromMs} toMs={axis.toMs} x0px={LABEL} plotPx={axis.plotPx} width={width}
              range={shown} cursorMs={at} highlight={highlight} chartRef={chart}
            />
          )}
        </div>
        {hover && (
          <TimelineTip hover={hover} span={axis.spanMs} width={width} bin={bin} binMs={binMs}
            load={at !== null && onAxis ? loadSecondAt(onAxis, at) : null} sample={at !== null ? sampleAt(samples, at, off) : null} />
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

/** The timeline's title, and the range shown with its Zoom in and Whole profile buttons. */
function TimelineHead({ range, spanMs, zoomed, setZoom, onRange }: {
  range: TimeSelection | null; spanMs: number; zoomed: boolean; setZoom(zoom: { fromMs: number; toMs: number } | null): void; onRange(range: null): void;
}) {
  return (
    <div className="timeline-head">
      <strong>When it happened</strong>
      <span className="muted small">Drag across any row or the flame chart to see only that time in every view; Ctrl + wheel zooms.</span>
      {range && (
        <span className="timeline-range" data-testid="timeline-range">
          Showing {formatAxisTime(range.fromMs, spanMs)} – {formatAxisTime(range.toMs, spanMs)}
          <button type="button" className="button small" data-testid="timeline-zoom" onClick={() => setZoom({ fromMs: range.fromMs, toMs: range.toMs })}>Zoom in</button>
          <button type="button" className="button small" data-testid="timeline-clear" onClick={() => onRange(null)}>Whole profile</button>
        </span>
      )}
      {zoomed && <button type="button" className="button small" data-testid="timeline-zoom-out" onClick={() => setZoom(null)}>Zoom out</button>}
    </div>
  );
}
