import { describe, expect, it } from 'vitest';
import { dragRange, formatSeconds, niceStep, sampleAt, ticks, ticksBetween, zoomViewport } from './timeline-scale.ts';
import { keyboardRange } from './timeline-scale.ts';

describe('timeline scale', () => {
  it('picks round tick steps', () => {
    expect(niceStep(10_000, 10)).toBe(1000);
    expect(niceStep(3_200, 8)).toBe(500);
    expect(ticks(2_100, 5)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(formatSeconds(1500)).toBe('1.5 s');
  });

  it('reads the nearest process sample at a time, samples being timed from the profiler start', () => {
    const s = [0, 500, 1000].map((tMs) => ({ tMs, elu: tMs / 1000, loopDelayP99Ms: null, heapUsedMb: 1, rssMb: 1, cpuPercent: 1 }));
    expect(sampleAt(s, 700)?.tMs).toBe(500);
    expect(sampleAt(s, 700, 300)?.tMs).toBe(1000);
  });

  it('ticks a zoomed viewport at round times inside it, and zooms around the pointer', () => {
    expect(ticksBetween(1230, 2100, 5)).toEqual([1400, 1600, 1800, 2000]);
    expect(ticksBetween(10, 20, 5)).toEqual([10, 12, 14, 16, 18, 20]);
    expect(zoomViewport({ fromMs: 0, toMs: 1000 }, 500, 0.5, 1000)).toEqual({ fromMs: 250, toMs: 750 });
    expect(zoomViewport({ fromMs: 0, toMs: 1000 }, 0, 0.5, 1000)).toEqual({ fromMs: 0, toMs: 500 });
    expect(zoomViewport({ fromMs: 250, toMs: 750 }, 500, 4, 1000)).toEqual({ fromMs: 0, toMs: 1000 });
  });

  it('turns a drag into a range, clamped; a click is no range', () => {
    expect(dragRange(900, 300, 1000, 10)).toEqual({ fromMs: 300, toMs: 900 });
    expect(dragRange(-50, 2000, 1000, 10)).toEqual({ fromMs: 0, toMs: 1000 });
    expect(dragRange(300, 305, 1000, 10)).toBeNull();
  });
});

describe('keyboardRange: a time range without a mouse', () => {
  const view = { fromMs: 0, toMs: 10_000 };
  it('Shift+→ starts a range over the first tenth of the view, then widens it', () => {
    expect(keyboardRange(null, view, 1, true, 10_000)).toEqual({ fromMs: 0, toMs: 1000 });
    expect(keyboardRange({ fromMs: 0, toMs: 1000 }, view, 1, true, 10_000)).toEqual({ fromMs: 0, toMs: 1500 });
  });
  it('Shift+← narrows it, never below a twentieth of the view', () => {
    expect(keyboardRange({ fromMs: 0, toMs: 1000 }, view, -1, true, 10_000)).toEqual({ fromMs: 0, toMs: 500 });
    expect(keyboardRange({ fromMs: 0, toMs: 500 }, view, -1, true, 10_000)).toEqual({ fromMs: 0, toMs: 500 });
  });
  it('← and → move it, inside the profile', () => {
    expect(keyboardRange({ fromMs: 1000, toMs: 2000 }, view, 1, false, 10_000)).toEqual({ fromMs: 1500, toMs: 2500 });
    expect(keyboardRange({ fromMs: 9000, toMs: 10_000 }, view, 1, false, 10_000)).toEqual({ fromMs: 9000, toMs: 10_000 });
    expect(keyboardRange({ fromMs: 200, toMs: 1200 }, view, -1, false, 10_000)).toEqual({ fromMs: 0, toMs: 1000 });
  });
  it('without a range, a plain arrow does nothing', () => {
    expect(keyboardRange(null, view, 1, false, 10_000)).toBeNull();
  });
});
