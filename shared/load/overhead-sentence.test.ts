import { describe, expect, it } from 'vitest';
import { numbersOutOfStyle } from '../number-format.ts';
import { overheadCells, overheadSentence } from './overhead-sentence.ts';

const base = { rounds: 4, samplingIntervalUs: 1000, p99CostPercent: 12.5 };

describe('overheadSentence', () => {
  it('states a cost whose interval is above zero', () => {
    expect(overheadSentence({ ...base, rpsCostPercent: 8.2, ci95: [3.1, 13.4] }))
      .toBe('Profiling every 1 ms (1 000 samples a second) cost 8.2 % of requests/s (95 % interval 3.1 % to 13.4 %), over 4 rounds with and without it: your server would serve about 92 of every 100 requests it serves without it; p99 rose 12.5 %.');
  });

  it('says the rounds cannot tell when the interval holds zero (no "cost -44 %" read as a speed-up), and the bound they give', () => {
    const s = overheadSentence({ ...base, rpsCostPercent: -44.2, ci95: [-175.1, 24.4], p99CostPercent: -3 });
    // The answer first, then what it means for the user's server in requests, the raw interval last.
    expect(s).toMatch(/^Profiling every 1 ms \(1 000 samples a second\): cannot tell yet whether it slows your server, because its 4 rounds with and without it varied more than any cost it has\. If it costs anything, it costs at most 24\.4 % of requests\/s: your server would serve at least 75 of every 100 requests it serves without it\. In these rounds your server served 44\.2 % more requests\/s with it: the rounds vary that much \(95 % interval: anything from 175\.1 % more requests\/s to 24\.4 % fewer requests\/s with it\); p99 fell 3 %\. More rounds/);
    expect(s).not.toMatch(/measured -|interval -/);
  });

  it('says the rounds cannot bound the cost when the interval reaches 100 % (no "at least -20 of every 100 requests")', () => {
    const s = overheadSentence({ ...base, rpsCostPercent: 10, ci95: [-430.7, 118.1] });
    expect(s).toMatch(/^Profiling every 1 ms \(1 000 samples a second\): cannot tell yet whether it slows your server, because .* The rounds cannot even put an upper limit on its cost\. In these rounds your server served 10 % fewer requests\/s with it: the rounds vary that much \(95 % interval: anything from 430\.7 % more requests\/s to none at all with it\)/);
  });

  it('does not call a negative cost a cost when the interval is below zero', () => {
    expect(overheadSentence({ ...base, rpsCostPercent: -6, ci95: [-9, -2] })).toMatch(/^Profiling every 1 ms \(1 000 samples a second\) did not lower requests\/s: they were 6 % higher with it/);
  });

  it('says a gain and its interval the same way round: the interval holds the estimate (issue 31)', () => {
    expect(overheadSentence({ ...base, rpsCostPercent: -255.9, ci95: [-557.4, -92.7] }))
      .toMatch(/^Profiling every 1 ms \(1 000 samples a second\) did not lower requests\/s: they were 255.9 % higher with it \(95 % interval 92.7 % to 557.4 % higher\), over 4 rounds/);
  });

  it('states a cost without an interval when there were too few rounds', () => {
    expect(overheadSentence({ ...base, rounds: 1, rpsCostPercent: 5, ci95: null })).toBe('Profiling every 1 ms (1 000 samples a second) cost 5 % of requests/s, over 1 rounds with and without it: your server would serve about 95 of every 100 requests it serves without it; p99 rose 12.5 %.');
  });

  it('says what the target’s CPU time per request says, beside requests/s (a busy machine moves it less)', () => {
    const cpu = { withoutProfiler: { rps: 4000, p99Ms: 3, cpuMsPerRequest: 0.081 }, withProfiler: { rps: 2400, p99Ms: 5, cpuMsPerRequest: 0.112 } };
    expect(overheadSentence({ ...base, ...cpu, rpsCostPercent: 40, ci95: [-10, 70], cpuCostPercent: 38.3, cpuCi95: [21.5, 57.4] }))
      .toMatch(/cannot tell yet whether it slows your server, .* In CPU time it costs 38.3 % more per request: 0.081 ms of CPU per request without it, 0.112 ms with it \(95 % interval 21.5 % to 57.4 %\)\.$/);
    expect(overheadSentence({ ...base, ...cpu, rpsCostPercent: 3, ci95: [-10, 20], cpuCostPercent: 2, cpuCi95: [-4, 9] }))
      .toMatch(/In CPU time the rounds cannot tell either: at most 9 % more per request \(0.081 ms/);
  });
});

describe('overheadCells', () => {
  it('reads each row of the table as the sentence does: a cost, "cannot tell" with its most, or none seen', () => {
    expect(overheadCells({ rpsCostPercent: 8.2, ci95: [3.1, 13.4] })).toEqual({ cost: '8.2 % fewer requests/s', interval: '+3.1 % to +13.4 %' });
    // The student's "95 % interval −430.7 % to 18.1 %; measured −108.5 %" (issue 38): no bare negative cost.
    expect(overheadCells({ rpsCostPercent: -108.5, ci95: [-430.7, 18.1] })).toEqual({ cost: 'cannot tell (at most 18.1 %)', interval: '\u2212430.7 % to +18.1 %' });
    expect(overheadCells({ rpsCostPercent: 10, ci95: [-430.7, 118.1] }).cost).toBe('cannot tell');
    expect(overheadCells({ rpsCostPercent: -6, ci95: [-9, -2] })).toEqual({ cost: 'none seen (more requests/s with it)', interval: '\u22129 % to \u22122 %' });
    expect(overheadCells({ rpsCostPercent: 5, ci95: null })).toEqual({ cost: '5.0 % fewer requests/s', interval: '–' });
    expect(numbersOutOfStyle(Object.values(overheadCells({ rpsCostPercent: 1234.5, ci95: [1000, 1500] })).join(' '))).toEqual([]);
  });
});
