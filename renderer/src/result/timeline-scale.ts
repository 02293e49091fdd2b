// The timeline's one time axis: ms from the profile's first sample → pixels,
// "nice" tick steps, and reading each series' value at a time (for hover).
import type { ProcessSample } from '../../../shared/api.ts';

export function niceStep(durationMs: number, maxTicks: number): number {
  const raw = durationMs / Math.max(1, maxTicks);
  const steps = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000];
  return steps.find((s) => s >= raw) ?? steps[steps.length - 1];
}

export function ticks(durationMs: number, maxTicks: number): number[] {
  return ticksBetween(0, durationMs, maxTicks);
}

/** Round ticks inside [fromMs, toMs] (a zoomed viewport). */
export function ticksBetween(fromMs: number, toMs: number, maxTicks: number): number[] {
  const step = niceStep(toMs - fromMs, maxTicks);
  const out: number[] = [];
  for (let k = Math.ceil(fromMs / step - 1e-9); k * step <= toMs + 1e-9; k++) out.push(k * step + 0);
  return out;
}

export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return `${Number(s.toFixed(Math.abs(s) < 10 ? 1 : 0))} s`;
}

/** A time on a zoomed axis: ms precision when the viewport is short. */
export function formatAxisTime(ms: number, spanMs: number): string {
  if (spanMs >= 5000) return formatSeconds(ms);
  const s = ms / 1000;
  return `${s.toFixed(spanMs >= 500 ? 2 : 3)} s`;
}

/** The process sample nearest to t (`offsetMs`: samples are timed from the profiler's start, the axis from the first sample). */
export function sampleAt(samples: readonly ProcessSample[], tMs: number, offsetMs = 0): ProcessSample | null {
  let best: ProcessSample | null = null;
  for (const s of samples) if (!best || Math.abs(s.tMs - offsetMs - tMs) < Math.abs(best.tMs - offsetMs - tMs)) best = s;
  return best;
}

/** A wheel or +/- zoom around `atMs` by `factor` (< 1 in), kept inside [0, durationMs] and no narrower than minMs. */
export function zoomViewport(v: { fromMs: number; toMs: number }, atMs: number, factor: number, durationMs: number, minMs = 1): { fromMs: number; toMs: number } {
  const span = Math.min(durationMs, Math.max(minMs, (v.toMs - v.fromMs) * factor));
  const ratio = (atMs - v.fromMs) / Math.max(1e-9, v.toMs - v.fromMs);
  let from = atMs - ratio * span;
  from = Math.max(0, Math.min(durationMs - span, from));
  return { fromMs: from, toMs: from + span };
}

/** A drag from a to b (ms) as a range; null when it is too short to mean one (a click). */
export function dragRange(aMs: number, bMs: number, durationMs: number, minMs: number): { fromMs: number; toMs: number } | null {
  const from = Math.max(0, Math.min(aMs, bMs));
  const to = Math.min(durationMs, Math.max(aMs, bMs));
  return to - from >= minMs ? { fromMs: from, toMs: to } : null;
}

/**
 * The range after an arrow key on the timeline (keyboard users select time
 * without a mouse). Shift+→ starts a range over the first tenth of the view,
 * or widens the range by a twentieth of the view; Shift+← narrows it (never
 * below a twentieth); ← and → move it by a twentieth, inside the profile.
 * Null: no range to move.
 */
export function keyboardRange(range: { fromMs: number; toMs: number } | null, view: { fromMs: number; toMs: number }, direction: 1 | -1, shift: boolean, durationMs: number): { fromMs: number; toMs: number } | null {
  const step = (view.toMs - view.fromMs) / 20;
  if (!range) return shift && direction === 1 ? { fromMs: view.fromMs, toMs: Math.min(durationMs, view.fromMs + 2 * step) } : null;
  if (shift) {
    const toMs = Math.min(durationMs, Math.max(range.fromMs + step, range.toMs + direction * step));
    return { fromMs: range.fromMs, toMs };
  }
  const width = range.toMs - range.fromMs;
  const fromMs = Math.max(0, Math.min(durationMs - width, range.fromMs + direction * step));
  return { fromMs, toMs: fromMs + width };
}

/** The viewport shown (ms) on a plot of `widthPx` with `labelPx` of row labels left of it: ms → px and back. */
export interface TimelineAxis {
  fromMs: number;
  toMs: number;
  spanMs: number;
  labelPx: number;
  plotPx: number;
  /** A time's x, clamped to the viewport. */
  x(tMs: number): number;
  /** The time at an x (not clamped: a drag may leave the plot). */
  tOf(px: number): number;
}

export function timelineAxis(vp: { fromMs: number; toMs: number }, widthPx: number, labelPx: number): TimelineAxis {
  const spanMs = vp.toMs - vp.fromMs;
  const plotPx = Math.max(100, widthPx - labelPx - 8);
  return {
    fromMs: vp.fromMs, toMs: vp.toMs, spanMs, labelPx, plotPx,
    x: (t) => labelPx + ((Math.max(vp.fromMs, Math.min(vp.toMs, t)) - vp.fromMs) / spanMs) * plotPx,
    tOf: (px) => vp.fromMs + ((px - labelPx) / plotPx) * spanMs,
  };
}

/**
 * What a key does on the timeline: an arrow selects or moves a range
 * (keyboardRange), Escape clears the range, else the zoom; + and − zoom in
 * around the range (or the view's middle) and out. `zoom` does not take the
 * key from the browser, the others do. Null: not the timeline's key.
 */
export type TimelineKeyAction =
  | { kind: 'range'; range: { fromMs: number; toMs: number } }
  | { kind: 'clear-range' }
  | { kind: 'unzoom' }
  | { kind: 'zoom'; zoom: { fromMs: number; toMs: number } };

export function timelineKey(key: string, shift: boolean, range: { fromMs: number; toMs: number } | null, zoom: { fromMs: number; toMs: number } | null, durationMs: number): TimelineKeyAction | null {
  const vp = zoom ?? { fromMs: 0, toMs: durationMs };
  const middle = (r: { fromMs: number; toMs: number }) => (r.fromMs + r.toMs) / 2;
  if (key === 'ArrowRight' || key === 'ArrowLeft') {
    const r = keyboardRange(range, vp, key === 'ArrowRight' ? 1 : -1, shift, durationMs);
    return r ? { kind: 'range', range: r } : null;
  }
  if (key === 'Escape') return range ? { kind: 'clear-range' } : zoom ? { kind: 'unzoom' } : null;
  if (key === '+' || key === '=') return { kind: 'zoom', zoom: zoomViewport(vp, middle(range ?? vp), 0.5, durationMs, 1) };
  if (key === '-' || key === '_') return { kind: 'zoom', zoom: zoomViewport(vp, middle(vp), 2, durationMs, 1) };
  return null;
}
