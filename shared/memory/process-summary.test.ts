import { describe, expect, it } from 'vitest';
import { combineProcess, growthWord, processLines, summarizeProcess } from './process-summary.ts';

const sample = (tMs: number, cpuPercent: number, heapUsedMb: number, externalMb?: number) =>
  ({ tMs, elu: cpuPercent / 100, loopDelayP99Ms: 1, cpuPercent, heapUsedMb, rssMb: 100 + heapUsedMb, ...(externalMb === undefined ? {} : { externalMb }) });

describe('summarizeProcess', () => {
  it('gives min, mean and max over the burst only', () => {
    const samples = [sample(0, 5, 10, 2), sample(1000, 80, 20, 4), sample(2000, 100, 30, 6), sample(5000, 3, 12, 2)];
    const p = summarizeProcess(samples, { fromMs: 500, toMs: 2000 })!;
    expect(p.cpuPercent).toEqual({ min: 80, mean: 90, max: 100 });
    expect(p.heapUsedMb).toEqual({ min: 20, mean: 25, max: 30 });
    expect(p.externalMb).toEqual({ min: 4, mean: 5, max: 6 });
    expect(processLines(p)).toEqual([
      'CPU 90% mean (80–100) · event loop busy 90% mean (80–100)',
      'heap used 25 MiB mean (20–30) · external 5 MiB mean (4–6) · RSS 125 MiB mean (120–130)',
    ]);
  });

  it('has no external figures for recordings made before they were sampled, and nothing without samples', () => {
    expect(summarizeProcess([sample(0, 10, 10), sample(250, 20, 10)])!.externalMb).toBeNull();
    expect(summarizeProcess([])).toBeNull();
  });
});

describe('combineProcess and growthWord (sweep levels, experiment variants)', () => {
  it('takes several bursts as one: the lowest min, the mean of the means, the highest max; external only when every burst has it', () => {
    const a = summarizeProcess([sample(0, 20, 10, 2), sample(250, 40, 20, 4)])!;
    const b = summarizeProcess([sample(0, 60, 30, 1), sample(250, 80, 50, 9)])!;
    expect(combineProcess([a, null, b])).toMatchObject({ cpuPercent: { min: 20, mean: 50, max: 80 }, externalMb: { min: 1, mean: 4, max: 9 } });
    expect(combineProcess([a, summarizeProcess([sample(0, 10, 10)])])!.externalMb).toBeNull();
    expect(combineProcess([null, undefined])).toBeNull();
  });

  it('says in a word what the growth verdict says, and "too short to tell" without one', () => {
    const v = { heapUsedMbPerMin: 600, externalMbPerMin: 0, rssMbPerMin: 700, grows: true, undecided: null, sentence: 'Memory grows…' };
    expect([growthWord(v), growthWord({ ...v, grows: false }), growthWord({ ...v, grows: false, undecided: 'few-gcs' }), growthWord(null)])
      .toEqual(['grows', 'did not grow', 'cannot tell yet', 'too short to tell']);
  });
});
