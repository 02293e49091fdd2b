import { describe, expect, it } from 'vitest';
import { dragRange, formatSeconds, loadAt, niceStep, sampleAt, ticks } from './timeline-scale.ts';

describe('timeline scale', () => {
  it('picks round tick steps', () => {
    expect(niceStep(10_000, 10)).toBe(1000);
    expect(niceStep(3_200, 8)).toBe(500);
    expect(ticks(2_100, 5)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(formatSeconds(1500)).toBe('1.5 s');
  });

  it('reads the load second and the nearest process sample at a time', () => {
    const tl = [{ second: 0, rps: 10, p99Ms: 1 }, { second: 1, rps: 20, p99Ms: 9 }];
    expect(loadAt(tl, 1500)?.rps).toBe(20);
    expect(loadAt(tl, 2500)).toBeNull();
    const s = [0, 500, 1000].map((tMs) => ({ tMs, elu: tMs / 1000, loopDelayP99Ms: null, heapUsedMb: 1, rssMb: 1, cpuPercent: 1 }));
    expect(sampleAt(s, 700)?.tMs).toBe(500);
  });

  it('turns a drag into a range, clamped; a click is no range', () => {
    expect(dragRange(900, 300, 1000, 10)).toEqual({ fromMs: 300, toMs: 900 });
    expect(dragRange(-50, 2000, 1000, 10)).toEqual({ fromMs: 0, toMs: 1000 });
    expect(dragRange(300, 305, 1000, 10)).toBeNull();
  });
});
