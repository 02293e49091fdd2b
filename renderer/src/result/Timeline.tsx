// When did it happen: the load (requests/s, p99 per second), the process
// (event-loop utilisation, CPU) and the CPU profile (how busy, how much of it
// your code) on ONE time axis — ms from the profile's first sample. Hover
// reads every series at that time; a drag selects a range, and every view
// (verdict, flamegraph, tables) shows only that range (shared/profile
// time-range). The recording's warm-up ran before the profile: it is not on it.
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { LoadSummary, ProcessSample } from '../../../shared/api.ts';
import type { AnalysisClient } from '../analysis/client.ts';
import { Explain } from '../components/Explain.tsx';
import { formatMs, formatRate } from '../lib/format.ts';
import { useView } from './useAnalysis.ts';
import { dragRange, formatSeconds, loadAt, sampleAt, ticks } from './timeline-scale.ts';

export interface TimeSelection {
  fromMs: number;
  toMs: number;
}

interface Props {
  client: AnalysisClient;
  load: LoadSummary | null;
  samples: readonly ProcessSample[];
  range: TimeSelection | null;
  onRange(range: TimeSelection | null): void;
}

const ROW = 34;
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

/** The element's width, followed as it changes; `ready` re-runs it once the element is in the page. */
function useWidth(ref: React.RefObject<HTMLDivElement | null>, ready: boolean): number {
  const [width, setWidth] = useState(800);
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

export function Timeline({ client, load, samples, range, onRange }: Props) {
  const view = useView(client, { view: 'timeline', transforms: [], bins: BINS });
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box, view.data !== null);
  const [hover, setHover] = useState<number | null>(null);
  const [drag, setDrag] = useState<{ a: number; b: number } | null>(null);
  const data = view.data;
  if (!data || data.durationMs <= 0) return null;

  const plot = Math.max(100, width - LABEL - 8);
  const D = data.durationMs;
  const x = (t: number) => LABEL + (Math.max(0, Math.min(D, t)) / D) * plot;
  const tOf = (px: number) => ((px - LABEL) / plot) * D;
  const binMs = D / data.bins.length;

  const rows: Row[] = [];
  if (load && load.timeline.length > 0) {
    const maxRps = Math.max(1, ...load.timeline.map((s) => s.rps));
    const maxP99 = Math.max(0.001, ...load.timeline.map((s) => s.p99Ms));
    rows.push({ key: 'rps', label: 'Requests/s', bars: load.timeline.map((s) => [s.second * 1000, (s.second + 1) * 1000, s.rps / maxRps]), color: 'var(--chart-2)', max: formatRate(maxRps) });
    rows.push({ key: 'p99', label: 'p99', line: load.timeline.map((s) => [(s.second + 0.5) * 1000, s.p99Ms / maxP99]), color: 'var(--danger)', max: formatMs(maxP99) });
  }
  if (samples.length > 1) {
    rows.push({ key: 'elu', label: 'Event loop', line: samples.map((s) => [s.tMs, s.elu]), color: 'var(--chart)', max: '100%' });
    const maxCpu = Math.max(100, ...samples.map((s) => s.cpuPercent));
    rows.push({ key: 'cpu', label: 'CPU', line: samples.map((s) => [s.tMs, s.cpuPercent / maxCpu]), color: 'var(--ok)', max: `${Math.round(maxCpu)}%` });
  }
  rows.push({ key: 'busy', label: 'Profile: busy', bars: data.bins.map((b) => [b.fromMs, b.fromMs + binMs, b.busyMs / binMs]), color: 'var(--muted)', max: '100%' });
  rows.push({ key: 'user', label: 'Profile: your code', bars: data.bins.map((b) => [b.fromMs, b.fromMs + binMs, b.userMs / binMs]), color: 'var(--accent)', max: '100%' });

  const height = rows.length * ROW + 22;
  const px = (e: PointerEvent<SVGSVGElement>) => e.clientX - e.currentTarget.getBoundingClientRect().left;
  const onDown = (e: PointerEvent<SVGSVGElement>) => {
    if (px(e) < LABEL) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({ a: tOf(px(e)), b: tOf(px(e)) });
  };
  const onMove = (e: PointerEvent<SVGSVGElement>) => {
    const t = tOf(px(e));
    setHover(px(e) >= LABEL ? Math.max(0, Math.min(D, t)) : null);
    if (drag) setDrag({ ...drag, b: t });
  };
  const onUp = () => {
    if (!drag) return;
    const r = dragRange(drag.a, drag.b, D, Math.max(D / plot * 4, 1));
    setDrag(null);
    if (r) onRange(r);
  };
  const shown = drag ? dragRange(drag.a, drag.b, D, 0) : range;
  const at = hover;
  const l = at !== null && load ? loadAt(load.timeline, at) : null;
  const s = at !== null ? sampleAt(samples, at) : null;
  const bin = at !== null ? data.bins[Math.min(data.bins.length - 1, Math.floor(at / binMs))] : null;

  return (
    <section className="timeline" aria-label="When it happened: load, process and profile on one time axis" data-testid="timeline">
      <div className="timeline-head">
        <strong>When it happened</strong>
        <span className="muted small">Drag across the chart to see only that time in every view.</span>
        {range && (
          <span className="timeline-range" data-testid="timeline-range">
            Showing {formatSeconds(range.fromMs)} – {formatSeconds(range.toMs)}
            <button type="button" className="button small" data-testid="timeline-clear" onClick={() => onRange(null)}>Whole profile</button>
          </span>
        )}
      </div>
      <div ref={box} className="timeline-box">
        <svg
          width={width} height={height} role="img" data-testid="timeline-chart"
          aria-label={`Timeline over ${formatSeconds(D)}${range ? `, showing ${formatSeconds(range.fromMs)} to ${formatSeconds(range.toMs)}` : ''}`}
          onPointerDown={onDown} onPointerMove={onMove} onPointerUp={onUp} onPointerLeave={() => setHover(null)}
        >
          {rows.map((r, i) => {
            const y0 = i * ROW + 4;
            const h = ROW - 8;
            return (
              <g key={r.key} data-row={r.key}>
                <text x={0} y={y0 + h / 2 + 4} className="timeline-label">{r.label}</text>
                <text x={LABEL - 6} y={y0 + 8} className="timeline-max" textAnchor="end">{r.max}</text>
                <line x1={LABEL} x2={LABEL + plot} y1={y0 + h} y2={y0 + h} className="timeline-base" />
                {r.bars?.map(([a, b, v], k) => <rect key={k} x={x(a)} width={Math.max(0.5, x(b) - x(a) - 0.5)} y={y0 + h - v * h} height={v * h} fill={r.color} opacity={0.75} />)}
                {r.line && <polyline fill="none" stroke={r.color} strokeWidth={1.5} points={r.line.map(([t, v]) => `${x(t)},${y0 + h - Math.min(1, v) * h}`).join(' ')} />}
              </g>
            );
          })}
          {ticks(D, Math.max(2, Math.floor(plot / 90))).map((t) => (
            <g key={t}>
              <line x1={x(t)} x2={x(t)} y1={0} y2={rows.length * ROW} className="timeline-grid" />
              <text x={x(t)} y={rows.length * ROW + 16} textAnchor="middle" className="timeline-tick">{formatSeconds(t)}</text>
            </g>
          ))}
          {shown && <rect x={x(shown.fromMs)} width={Math.max(1, x(shown.toMs) - x(shown.fromMs))} y={0} height={rows.length * ROW} className="timeline-selection" data-testid="timeline-selection" />}
          {at !== null && <line x1={x(at)} x2={x(at)} y1={0} y2={rows.length * ROW} className="timeline-cursor" />}
        </svg>
        {at !== null && (
          <div className="timeline-tip" style={{ left: Math.min(x(at) + 10, width - 220) }} data-testid="timeline-tip">
            <strong>{formatSeconds(at)}</strong>
            {l && <span>{formatRate(l.rps)} req/s · p99 {formatMs(l.p99Ms)}</span>}
            {s && <span>event loop {Math.round(s.elu * 100)}% · CPU {Math.round(s.cpuPercent)}%{s.loopDelayP99Ms !== null ? ` · delay ${formatMs(s.loopDelayP99Ms)}` : ''}</span>}
            {bin && <span>profile: busy {Math.round((bin.busyMs / binMs) * 100)}%, your code {Math.round((bin.userMs / binMs) * 100)}%</span>}
          </div>
        )}
      </div>
      <p className="muted small timeline-note">
        0 s is the start of the profile; the warm-up ran before it and is not shown. Event loop <Explain term="elu" /> and CPU <Explain term="cpu" /> come from the process; busy and your code from the CPU profile.
      </p>
    </section>
  );
}
