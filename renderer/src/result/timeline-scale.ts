// The timeline's one time axis: ms from the profile's first sample → pixels,
// "nice" tick steps, and reading each series' value at a time (for hover).
import type { LoadSecond, ProcessSample } from '../../../shared/api.ts';

export function niceStep(durationMs: number, maxTicks: number): number {
  const raw = durationMs / Math.max(1, maxTicks);
  const steps = [100, 200, 250, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000];
  return steps.find((s) => s >= raw) ?? steps[steps.length - 1];
}

export function ticks(durationMs: number, maxTicks: number): number[] {
  const step = niceStep(durationMs, maxTicks);
  const out: number[] = [];
  for (let t = 0; t <= durationMs + 1e-9; t += step) out.push(t);
  return out;
}

export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return `${Number(s.toFixed(s < 10 ? 1 : 0))} s`;
}

/** The load's second that contains t (the measured burst's seconds, from the profile's start). */
export function loadAt(timeline: readonly LoadSecond[], tMs: number): LoadSecond | null {
  return timeline.find((s) => tMs >= s.second * 1000 && tMs < (s.second + 1) * 1000) ?? null;
}

/** The process sample nearest to t. */
export function sampleAt(samples: readonly ProcessSample[], tMs: number): ProcessSample | null {
  let best: ProcessSample | null = null;
  for (const s of samples) if (!best || Math.abs(s.tMs - tMs) < Math.abs(best.tMs - tMs)) best = s;
  return best;
}

/** A drag from a to b (ms) as a range; null when it is too short to mean one (a click). */
export function dragRange(aMs: number, bMs: number, durationMs: number, minMs: number): { fromMs: number; toMs: number } | null {
  const from = Math.max(0, Math.min(aMs, bMs));
  const to = Math.min(durationMs, Math.max(aMs, bMs));
  return to - from >= minMs ? { fromMs: from, toMs: to } : null;
}
