// record's "Memory" lines: one verdict on whether memory grew, never two that
// contradict ("did not grow" then "too short to judge"), with or without
// --find-growth's "Grows" line. Pure: synthetic summaries, no load.
import { describe, expect, it } from 'vitest';
import { memoryLines } from '../../electron/cli/memory-report.ts';
import type { MemoryGrowth } from '../../shared/memory/growth.ts';
import type { Growing } from '../../shared/recording/growing.ts';

type MemoryOf = Parameters<typeof memoryLines>[0];
const spread = (mean: number) => ({ min: mean, mean, max: mean });
const PROCESS: NonNullable<MemoryOf['process']> = {
  cpuPercent: spread(16), elu: spread(0.27), heapUsedMb: spread(14), externalMb: spread(4), rssMb: spread(95),
};
const STEADY = { grows: false, sentence: 'Memory did not grow over the 4 s burst: the JS heap held 11 MB → 13 MB.' } as MemoryGrowth;
const GROWING: Growing = {
  seconds: 3, requests: 9000, pausedSec: { first: 0.2, second: 0.4 }, snapshotMb: { first: 10, second: 40 },
  kinds: [{ kind: 'Buffer', countDelta: 11_748, bytesDelta: 195e6, holder: { name: 'cache', kind: 'Array', via: 'variable', owner: null, url: 'file:///tmp/a.cjs', line: 2 }, path: [] }],
  allocatedAlive: [], error: null,
};
const memory = (over: Partial<MemoryOf>): MemoryOf => ({ process: PROCESS, growth: null, notWhereServed: false, allocations: null, workers: [], growing: null, ...over });
const memoryVerdicts = (lines: string[]) => lines.filter((l) => l.startsWith('Memory '));

describe('record: the Memory lines', () => {
  it('says memory did not grow, and not also that the burst was too short to judge', () => {
    expect(memoryVerdicts(memoryLines(memory({ growth: STEADY })))).toEqual([`Memory   ${STEADY.sentence}`]);
  });

  it('says the burst was too short to judge only when there is no verdict', () => {
    expect(memoryVerdicts(memoryLines(memory({})))).toEqual(['Memory   The burst was too short to judge whether memory grows: that needs at least 4 seconds of process samples.']);
  });

  it('keeps both the verdict and what grew between the snapshots (--find-growth)', () => {
    const lines = memoryLines(memory({ growth: STEADY, growing: GROWING }));
    expect(memoryVerdicts(lines)).toEqual([`Memory   ${STEADY.sentence}`]);
    expect(lines.filter((l) => l.startsWith('Grows '))).toHaveLength(1);
  });
});
