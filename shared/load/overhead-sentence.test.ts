import { describe, expect, it } from 'vitest';
import { overheadSentence } from './overhead-sentence.ts';

const base = { rounds: 4, samplingIntervalUs: 1000, p99CostPercent: 12.5 };

describe('overheadSentence', () => {
  it('states a cost whose interval is above zero', () => {
    expect(overheadSentence({ ...base, rpsCostPercent: 8.2, ci95: [3.1, 13.4] }))
      .toBe('Profiling at 1 000 µs cost 8.2 % of requests/s (95 % interval 3.1 % to 13.4 %), over 4 rounds with and without it; p99 rose 12.5 %.');
  });

  it('says the rounds cannot tell when the interval holds zero (no "cost -44 %" read as a speed-up), and the bound they give', () => {
    const s = overheadSentence({ ...base, rpsCostPercent: -44.2, ci95: [-175.1, 24.4], p99CostPercent: -3 });
    expect(s).toMatch(/^Profiling at 1 000 µs: 4 rounds cannot tell its cost from noise — at most 24.4 % of requests\/s \(95 % interval -175.1 % to 24.4 %; measured -44.2 %\); p99 fell 3 %\. More rounds/);
  });

  it('does not call a negative cost a cost when the interval is below zero', () => {
    expect(overheadSentence({ ...base, rpsCostPercent: -6, ci95: [-9, -2] })).toMatch(/^Profiling at 1 000 µs did not lower requests\/s: they were 6 % higher with it/);
  });

  it('states a cost without an interval when there were too few rounds', () => {
    expect(overheadSentence({ ...base, rounds: 1, rpsCostPercent: 5, ci95: null })).toBe('Profiling at 1 000 µs cost 5 % of requests/s, over 1 rounds with and without it; p99 rose 12.5 %.');
  });
});
