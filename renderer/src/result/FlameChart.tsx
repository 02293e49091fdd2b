// The time-ordered flame chart under the timeline's rows, on the same x
// scale (Timeline.tsx passes `x0px` and the viewport): what ran, in the order
// it ran. The worker computes the rectangles of the viewport
// (shared/profile/views/flame-chart.ts, narrow runs merged); this draws on a canvas
// only the rows scrolled into view. Pointer and keys are handled by Timeline,
// which asks `hitTest` what is under the pointer.
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { AnalysisClient } from '../analysis/client.ts';
import type { ChartFrame, FlameChartData } from '../analysis/protocol.ts';
import { frameColor } from '../lib/frame-colors.ts';
import { useView } from './useAnalysis.ts';

export const CHART_ROW = 16;
const MAX_HEIGHT = 320;

export interface ChartHit {
  frame: ChartFrame;
  calls: number;
  ms: number;
  startMs: number;
  depth: number;
  /** Drawn from an overview that read one sample in this many: its calls and ms are not the profile's (null: exact). */
  overviewEvery: number | null;
}

export interface FlameChartHandle {
  /** What is drawn at (px, py) of the chart's box, or null. */
  hitTest(px: number, py: number): ChartHit | null;
}

interface Props {
  client: AnalysisClient;
  fromMs: number;
  toMs: number;
  /** Left edge and width of the plot, px: the same as the rows above. */
  x0px: number;
  plotPx: number;
  width: number;
  /** The selected range and the hover time, drawn across the chart too. */
  range: { fromMs: number; toMs: number } | null;
  cursorMs: number | null;
  /** A function to outline (the verdict's or a clicked frame). */
  highlight: number | null;
  chartRef: Ref<FlameChartHandle>;
}

export function FlameChart({ client, fromMs, toMs, x0px, plotPx, width, range, cursorMs, highlight, chartRef }: Props) {
  // The worker is asked once the viewport settles (a zoom with the wheel is many steps); meanwhile the
  // last rectangles are drawn moved and stretched to the new viewport.
  const [asked, setAsked] = useState({ fromMs, toMs, widthPx: Math.round(plotPx) });
  useEffect(() => {
    const next = { fromMs, toMs, widthPx: Math.round(plotPx) };
    const timer = setTimeout(() => setAsked((a) => (a.fromMs === next.fromMs && a.toMs === next.toMs && a.widthPx === next.widthPx ? a : next)), 120);
    return () => clearTimeout(timer);
  }, [fromMs, toMs, plotPx]);
  // First an overview (a few samples per pixel, answered at once), then the exact chart, asked once the
  // overview is here: on a long profile the exact one walks millions of samples (seconds), and until it
  // arrives the overview is drawn and said to be one. A short profile's overview already is exact.
  const overview = useView(client, { view: 'flame-chart', transforms: [], ...asked, overview: true });
  const overviewHere = sameViewport(overview.data, asked) ? overview.data : null;
  const exact = useView(client, overviewHere && overviewHere.every > 1 ? { view: 'flame-chart', transforms: [], ...asked } : null);
  const exactHere = sameViewport(exact.data, asked) ? exact.data : null;
  const view = { error: exact.error ?? overview.error };
  // The exact chart of the same time range at another width (the layout settled) is drawn stretched rather
  // than going back to an overview; a zoom or a pan draws the new range's overview until its exact chart comes.
  const exactSameRange = exact.data && exact.data.fromMs === asked.fromMs && exact.data.toMs === asked.toMs ? exact.data : null;
  // While a long profile's exact chart is computed, what it has walked so far is drawn, and the overview right of it.
  const partialHere = !exactHere && exact.partial && sameViewport(exact.partial, asked) ? exact.partial : null;
  const data = exactHere ?? exactSameRange ?? partialHere ?? overviewHere ?? exact.data ?? overview.data;
  const beyond = data && data === partialHere && overviewHere ? overviewHere : null;
  const isOverview = !!data && data.every > 1;
  const exactShare = partialHere && data === partialHere && partialHere.exactUntilMs !== undefined
    ? (partialHere.exactUntilMs - partialHere.fromMs) / Math.max(1e-9, partialHere.toMs - partialHere.fromMs) : null;
  const canvas = useRef<HTMLCanvasElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const depthCount = data?.depthCount ?? 0;
  const height = Math.max(CHART_ROW * 2, Math.min(MAX_HEIGHT, depthCount * CHART_ROW));

  useImperativeHandle(chartRef, () => ({
    hitTest(px, py) {
      if (!data) return null;
      const depth = Math.floor((py + scrollTop) / CHART_ROW);
      const layer = beyond && px >= exactEdgePx(data, fromMs, toMs, x0px, plotPx) ? beyond : data;
      return hitIn(layer, placer(layer, fromMs, toMs, x0px, plotPx), px, depth);
    },
  }), [data, beyond, scrollTop, x0px, fromMs, toMs, plotPx]);

  useEffect(() => {
    const c = canvas.current;
    if (!c || !data) return;
    const edge = beyond ? exactEdgePx(data, fromMs, toMs, x0px, plotPx) : null;
    const layers = edge === null ? [{ data }] : [{ data: beyond!, fromPx: edge }, { data, toPx: edge }];
    draw(c, layers, { width, height, scrollTop, x0px, plotPx, fromMs, toMs, range, cursorMs, highlight });
  }, [data, beyond, width, height, scrollTop, x0px, plotPx, fromMs, toMs, range, cursorMs, highlight]);

  if (view.error) return <p className="note note-error">{view.error}</p>;
  return (
    <div
      className="flame-chart" data-testid="flame-chart" data-depths={depthCount} data-rects={data?.rects.count ?? 0}
      data-overview={isOverview ? data.every : undefined} data-exact-share={exactShare === null ? undefined : exactShare.toFixed(3)}
    >
      <span className="flame-chart-label" aria-hidden="true">Flame chart<br /><span className="muted small">{isOverview ? 'overview' : exactShare !== null ? 'computing' : 'in time order'}</span></span>
      <div
        ref={scroller} className="flame-chart-scroll" style={{ height }}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      >
        <div style={{ height: Math.max(height, depthCount * CHART_ROW), position: 'relative' }}>
          {/* The canvas stays at the top of what is scrolled into view: the rows move under it. */}
          <canvas ref={canvas} className="flame-chart-canvas" style={{ width, height, top: scrollTop }} aria-hidden="true" />
        </div>
      </div>
      {!data && <p className="empty-state small" aria-busy="true">Drawing the flame chart…</p>}
      {exactShare !== null && (
        <p className="muted small" aria-busy="true" data-testid="flame-chart-computing">
          The exact chart is drawn up to {Math.floor(exactShare * 100)} % of the time shown{beyond ? `; to its right, an overview from 1 sample in ${beyond.every.toLocaleString('en-US')} (short calls may be missing there)` : ''}. The rest follows as it is computed.
        </p>
      )}
      {isOverview && (
        <p className="muted small" aria-busy="true" data-testid="flame-chart-overview">
          An overview from 1 sample in {data.every.toLocaleString('en-US')}: the exact chart follows in a moment (short calls may be missing until then).
        </p>
      )}
    </div>
  );
}

/** Data computed for this viewport (not an earlier one, drawn stretched meanwhile). */
function sameViewport(data: FlameChartData | null, asked: { fromMs: number; toMs: number; widthPx: number }): boolean {
  return !!data && data.fromMs === asked.fromMs && data.toMs === asked.toMs && data.widthPx === asked.widthPx;
}

/** What is drawn at px of depth `depth` in one layer, or null. */
function hitIn(data: FlameChartData, at: (px: number) => number, px: number, depth: number): ChartHit | null {
  const r = data.rects;
  for (let i = 0; i < r.count; i++) {
    const a = at(r.x0[i]);
    if (r.depth[i] === depth && px >= a - 0.5 && px < Math.max(at(r.x1[i]), a + 1) + 0.5) {
      return { frame: data.frames[r.frame[i]], calls: r.calls[i], ms: r.ms[i], startMs: r.startMs[i], depth, overviewEvery: data.every > 1 ? data.every : null };
    }
  }
  return null;
}

/** Where the exact chart so far ends on the canvas, px (its exactUntilMs in the current viewport). */
function exactEdgePx(data: FlameChartData, fromMs: number, toMs: number, x0px: number, plotPx: number): number {
  return x0px + ((data.exactUntilMs ?? data.toMs) - fromMs) * (plotPx / Math.max(1e-9, toMs - fromMs));
}

/** Where a rectangle's px (of the viewport it was computed for) is drawn in the current viewport. */
function placer(data: FlameChartData, fromMs: number, toMs: number, x0px: number, plotPx: number): (px: number) => number {
  const msPerPx = (data.toMs - data.fromMs) / Math.max(1, data.widthPx);
  const scale = plotPx / Math.max(1e-9, toMs - fromMs);
  return (px) => x0px + (data.fromMs + px * msPerPx - fromMs) * scale;
}

interface DrawOptions {
  width: number;
  height: number;
  scrollTop: number;
  x0px: number;
  plotPx: number;
  fromMs: number;
  toMs: number;
  range: { fromMs: number; toMs: number } | null;
  cursorMs: number | null;
  highlight: number | null;
}

/** One set of rectangles drawn between fromPx and toPx of the canvas (the exact chart so far, and the overview right of it). */
interface Layer {
  data: FlameChartData;
  fromPx?: number;
  toPx?: number;
}

function draw(c: HTMLCanvasElement, layers: Layer[], o: DrawOptions): void {
  const dpr = window.devicePixelRatio || 1;
  if (c.width !== Math.round(o.width * dpr) || c.height !== Math.round(o.height * dpr)) {
    c.width = Math.round(o.width * dpr);
    c.height = Math.round(o.height * dpr);
  }
  const ctx = c.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, o.width, o.height);
  const style = getComputedStyle(c);
  const text = style.getPropertyValue('--text').trim() || '#222';
  const accent = style.getPropertyValue('--accent').trim() || '#c60';
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  for (const layer of layers) {
    drawRects(ctx, layer.data, o, Math.max(o.x0px, layer.fromPx ?? -Infinity), Math.min(o.x0px + o.plotPx, layer.toPx ?? Infinity), accent);
  }
  drawOverlays(ctx, o, text, accent);
}

/** A layer's rectangles, clipped to [left, right) px, and the highlighted function's outline. */
function drawRects(ctx: CanvasRenderingContext2D, data: FlameChartData, o: DrawOptions, left: number, right: number, accent: string): void {
  const firstDepth = Math.floor(o.scrollTop / CHART_ROW);
  const lastDepth = Math.ceil((o.scrollTop + o.height) / CHART_ROW);
  const r = data.rects;
  const outlined: number[] = [];
  const at = placer(data, o.fromMs, o.toMs, o.x0px, o.plotPx);
  for (let i = 0; i < r.count; i++) {
    const d = r.depth[i];
    if (d < firstDepth || d > lastDepth) continue;
    const f = data.frames[r.frame[i]];
    // Wholly left of this layer (the overview's part the exact chart already covers): not drawn.
    if (at(r.x1[i]) < left) continue;
    const x = Math.max(left, at(r.x0[i]));
    const w = Math.max(1, Math.min(right, at(r.x1[i])) - x);
    if (x >= right || w <= 0) continue;
    const y = d * CHART_ROW - o.scrollTop;
    // Merged runs, and everything in an overview (it cannot tell one long call from many short ones), look merged.
    const merged = r.calls[i] > 1 || data.every > 1;
    ctx.fillStyle = merged ? frameColor('folded', f.name) : frameColor(f.cls, f.name);
    if (merged) ctx.globalAlpha = 0.9;
    ctx.fillRect(x, y, w - (w > 3 ? 0.5 : 0), CHART_ROW - 1);
    ctx.globalAlpha = 1;
    if (merged) {
      // A merged run keeps a stripe of its heaviest function's colour.
      ctx.fillStyle = frameColor(f.cls, f.name);
      ctx.fillRect(x, y + CHART_ROW - 5, w, 4);
    }
    if (w > 28) {
      ctx.fillStyle = '#1a1a1a';
      ctx.save();
      ctx.beginPath();
      ctx.rect(x + 2, y, w - 4, CHART_ROW);
      ctx.clip();
      // An overview's counts are of the samples it read, not of the calls: the name alone.
      ctx.fillText(r.calls[i] > 1 && data.every === 1 ? `${f.name} ×${r.calls[i]}` : f.name, x + 3, y + CHART_ROW / 2);
      ctx.restore();
    }
    if (o.highlight !== null && f.index === o.highlight) outlined.push(i);
  }
  // The highlighted function: an outline where it is wide enough, a mark above it where it is not.
  ctx.strokeStyle = accent;
  ctx.fillStyle = accent;
  ctx.lineWidth = 2;
  for (const i of outlined) {
    const x = Math.max(left, at(r.x0[i]));
    const w = Math.min(right, at(r.x1[i])) - x;
    const y = r.depth[i] * CHART_ROW - o.scrollTop;
    if (w >= 6) ctx.strokeRect(x + 1, y + 1, w - 2, CHART_ROW - 3);
    else ctx.fillRect(x, y, Math.max(1, w), 3);
  }
}

/** The selected range and the hover time, across the chart. */
function drawOverlays(ctx: CanvasRenderingContext2D, o: DrawOptions, text: string, accent: string): void {
  const x = (t: number) => o.x0px + ((Math.max(o.fromMs, Math.min(o.toMs, t)) - o.fromMs) / Math.max(1e-9, o.toMs - o.fromMs)) * o.plotPx;
  if (o.range) {
    ctx.fillStyle = accent;
    ctx.globalAlpha = 0.15;
    ctx.fillRect(x(o.range.fromMs), 0, Math.max(1, x(o.range.toMs) - x(o.range.fromMs)), o.height);
    ctx.globalAlpha = 1;
  }
  if (o.cursorMs !== null && o.cursorMs >= o.fromMs && o.cursorMs <= o.toMs) {
    ctx.strokeStyle = text;
    ctx.globalAlpha = 0.6;
    ctx.beginPath();
    ctx.moveTo(Math.round(x(o.cursorMs)) + 0.5, 0);
    ctx.lineTo(Math.round(x(o.cursorMs)) + 0.5, o.height);
    ctx.stroke();
    ctx.globalAlpha = 1;
  }
}
