import { describe, expect, it } from 'vitest';
import type { ProcessSample } from '../../../shared/api.ts';
import { timelineRows } from './timeline-rows.ts';

const sample = (tMs: number, extra: Partial<ProcessSample> = {}): ProcessSample => ({ tMs, elu: 0.5, loopDelayP99Ms: 2, heapUsedMb: 20, rssMb: 60, cpuPercent: 50, ...extra });
const bins = [{ fromMs: 0, busyMs: 50, userMs: 25 }, { fromMs: 100, busyMs: 100, userMs: 0 }];

describe('timelineRows', () => {
  it('draws the process on the profile axis, each row scaled to its own maximum', () => {
    const rows = timelineRows(null, [sample(300), sample(550, { heapUsedMb: 40 })], 50, bins, 100);
    expect(rows.map((r) => r.key)).toEqual(['elu', 'delay', 'cpu', 'heap', 'busy', 'user']);
    const heap = rows.find((r) => r.key === 'heap')!;
    // Sampled 300 ms after the profiler started, 50 ms before its first sample: 250 ms on the axis.
    expect(heap.line).toEqual([[250, 0.5], [500, 1]]);
    expect(heap.max).toBe('40 MiB');
    expect(rows.find((r) => r.key === 'busy')!.bars).toEqual([[0, 100, 0.5], [100, 200, 1]]);
  });

  it('adds external memory and full GCs only when every sample has them (older recordings have neither)', () => {
    const old = timelineRows(null, [sample(0), sample(250, { externalMb: 3 })], 0, bins, 100);
    expect(old.map((r) => r.key)).not.toContain('external');
    const now = timelineRows(null, [sample(0, { externalMb: 2, majorGcCount: 0 }), sample(250, { externalMb: 4, majorGcCount: 2 })], 0, bins, 100);
    expect(now.map((r) => r.key)).toEqual(expect.arrayContaining(['external', 'gc']));
    // A GC bar spans the interval of the sample that counted it.
    expect(now.find((r) => r.key === 'gc')!.bars).toEqual([[0, 250, 1]]);
  });

  it('draws nothing of the process from a single sample', () => {
    expect(timelineRows(null, [sample(0)], 0, bins, 100).map((r) => r.key)).toEqual(['busy', 'user']);
  });
});
