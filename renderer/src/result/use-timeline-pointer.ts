// The timeline's pointer: the hover reads every series at the pointer's time
// (TimelineTip.tsx), a drag across any row or the flame chart selects a
// range, and a click on a frame of the chart shows that function. The hook
// owns the hover and the drag; its handlers are made for the axis of each
// render (`handlers`), since the axis exists only once the profile came.
import { useState, type PointerEvent, type RefObject } from 'react';
import type { ChartHit, FlameChartHandle } from './FlameChart.tsx';
import type { TimelineHover } from './TimelineTip.tsx';
import { dragRange, type TimelineAxis } from './timeline-scale.ts';

interface Refs {
  box: RefObject<HTMLDivElement | null>;
  chart: RefObject<FlameChartHandle | null>;
  /** Holds the flame chart: its scroll box tells whether the pointer is over the chart. */
  chartBox: RefObject<HTMLDivElement | null>;
}

interface Wanted {
  /** A drag ended on a range. */
  onSelect(fromMs: number, toMs: number): void;
  onFrame?(frame: number, name: string): void;
}

export function useTimelinePointer({ box, chart, chartBox }: Refs) {
  const [hover, setHover] = useState<TimelineHover | null>(null);
  const [drag, setDrag] = useState<{ a: number; b: number; moved: boolean } | null>(null);

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

  const handlers = (axis: TimelineAxis, durationMs: number, { onSelect, onFrame }: Wanted) => ({
    onDown(e: PointerEvent<HTMLDivElement>) {
      const { px } = pos(e);
      if (px < axis.labelPx || e.button !== 0) return;
      e.currentTarget.setPointerCapture(e.pointerId);
      setDrag({ a: axis.tOf(px), b: axis.tOf(px), moved: false });
    },
    onMove(e: PointerEvent<HTMLDivElement>) {
      const { px, py } = pos(e);
      const t = axis.tOf(px);
      setHover(px >= axis.labelPx ? { t: Math.max(axis.fromMs, Math.min(axis.toMs, t)), hit: drag ? null : hitAt(e), x: px, y: py, boxHeight: box.current!.clientHeight } : null);
      if (drag) setDrag({ ...drag, b: t, moved: drag.moved || Math.abs(axis.x(t) - axis.x(drag.a)) > 3 });
    },
    onUp(e: PointerEvent<HTMLDivElement>) {
      if (!drag) return;
      const r = drag.moved ? dragRange(drag.a, drag.b, durationMs, Math.max((axis.spanMs / axis.plotPx) * 4, 0.01)) : null;
      setDrag(null);
      if (r) onSelect(r.fromMs, r.toMs);
      else if (!drag.moved) {
        // A click on a frame of the chart: show that function (Bottom-up, flamegraph), like a finding's file:line.
        const hit = hitAt(e);
        if (hit && onFrame) onFrame(hit.frame.index, hit.frame.name);
      }
    },
  });

  return { hover, setHover, drag, handlers };
}
