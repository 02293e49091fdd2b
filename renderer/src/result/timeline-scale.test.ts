import { describe, expect, it } from 'vitest';
import { dragRange, formatSeconds, niceStep, sampleAt, ticks, ticksBetween, zoomViewport } from './timeline-scale.ts';
import { keyboardRange, timelineAxis, timelineKey } from './timeline-scale.ts';

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

describe('timelineAxis: the viewport on the plot', () => {
  const axis = timelineAxis({ fromMs: 1000, toMs: 3000 }, 1118 + 8, 118);
  it('maps the viewport onto the plot right of the labels, clamping times outside it', () => {
    expect(axis.plotPx).toBe(1000);
    expect(axis.x(1000)).toBe(118);
    expect(axis.x(2000)).toBe(618);
    expect(axis.x(5000)).toBe(1118);
    expect(axis.x(0)).toBe(118);
  });
  it('reads a time back from an x, outside the plot too (a drag may leave it)', () => {
    expect(axis.tOf(618)).toBe(2000);
    expect(axis.tOf(18)).toBe(800);
  });
  it('keeps a plot of at least 100 px in a narrow box', () => {
    expect(timelineAxis({ fromMs: 0, toMs: 10 }, 150, 118).plotPx).toBe(100);
  });
});

describe('timelineKey: what a key does on the timeline', () => {
  const D = 10_000;
  it('an arrow selects or moves a range; a plain arrow without one is not the timeline\'s', () => {
    expect(timelineKey('ArrowRight', true, null, null, D)).toEqual({ kind: 'range', range: { fromMs: 0, toMs: 1000 } });
    expect(timelineKey('ArrowLeft', false, { fromMs: 1000, toMs: 2000 }, null, D)).toEqual({ kind: 'range', range: { fromMs: 500, toMs: 1500 } });
    expect(timelineKey('ArrowRight', false, null, null, D)).toBeNull();
  });
  it('Escape clears the range first, then the zoom, then is not the timeline\'s', () => {
    expect(timelineKey('Escape', false, { fromMs: 1, toMs: 2 }, { fromMs: 0, toMs: 5 }, D)).toEqual({ kind: 'clear-range' });
    expect(timelineKey('Escape', false, null, { fromMs: 0, toMs: 5 }, D)).toEqual({ kind: 'unzoom' });
    expect(timelineKey('Escape', false, null, null, D)).toBeNull();
  });
  it('+ zooms in around the range (else the view\'s middle), − zooms out', () => {
    expect(timelineKey('+', false, { fromMs: 1000, toMs: 2000 }, null, D)).toEqual({ kind: 'zoom', zoom: { fromMs: 750, toMs: 5750 } });
    expect(timelineKey('=', false, null, null, D)).toEqual({ kind: 'zoom', zoom: { fromMs: 2500, toMs: 7500 } });
    expect(timelineKey('-', false, null, { fromMs: 2500, toMs: 7500 }, D)).toEqual({ kind: 'zoom', zoom: { fromMs: 0, toMs: 10_000 } });
    expect(timelineKey('x', false, null, null, D)).toBeNull();
  });
});
