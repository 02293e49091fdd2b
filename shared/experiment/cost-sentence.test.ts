import { describe, expect, it } from 'vitest';
import type { Metric } from '../compare/types.ts';
import { costSentence } from './cost-sentence.ts';

const metric = (a: number, b: number, significant: boolean | null = true): Metric => ({ a, b, delta: b - a, deltaPercent: ((b - a) / a) * 100, ci95: null, significant, basis: 'rounds' });
const load = (rpsA: number, rpsB: number, significant: boolean | null = true) => ({ rps: metric(rpsA, rpsB, significant) }) as never;

describe('costSentence: the answer as the cost of the thing shown', () => {
  it('leads with the CPU per 1 000 requests and the share of throughput the thing takes', () => {
    expect(costSentence('console.log', { load: load(1551, 7745), processCpuMsPer1k: metric(238, 96), cpuMsPer1kRequests: metric(144, 106), cpuTime: false }))
      .toBe('console.log costs 142 ms of CPU per 1 000 requests (238 ms with it, 96 ms without), and 80% of the throughput (1 551 requests/s with it, 7 745 without).');
  });
  it('uses the profile CPU when the process CPU is not known, and says which part the rounds cannot tell from noise', () => {
    expect(costSentence('JSON.stringify', { load: load(900, 1000, null), processCpuMsPer1k: null, cpuMsPer1kRequests: metric(120, 100, false), cpuTime: true }))
      .toBe('Cannot tell yet what JSON.stringify costs: the rounds cannot tell it from noise. In them it took 20 ms of CPU per 1 000 requests (120 ms with it, 100 ms without, not clearly more than noise yet), and 10% of the throughput (900 requests/s with it, 1 000 without, not yet told apart from noise).');
    // A round without the OS clock: the profile's ms are sampled time, said so (the rule Compare uses: compare/words.ts).
    expect(costSentence('JSON.stringify', { load: load(900, 1000, null), processCpuMsPer1k: null, cpuMsPer1kRequests: metric(120, 100, false), cpuTime: false }))
      .toMatch(/^Cannot tell yet what JSON\.stringify costs: the rounds cannot tell it from noise\. In them it took 20 ms of sampled time per 1 000 requests \(120 ms with it/);
  });
  it('says so when the thing cost nothing measurable, and nothing without numbers', () => {
    expect(costSentence('the regex', { load: load(1000, 990), processCpuMsPer1k: metric(100, 101), cpuMsPer1kRequests: null, cpuTime: false })).toMatch(/^the regex costs nothing Flambé could measure here/);
    expect(costSentence('x', { load: null, processCpuMsPer1k: null, cpuMsPer1kRequests: null, cpuTime: false })).toBeNull();
  });
  it('says "cannot tell yet", not "costs nothing", when the rounds so far cannot judge it (one pair, mid-experiment; issue 38\'s walk)', () => {
    // One pair: A served more and its process used no more CPU per request (the profiles still differed in logging).
    const c = { load: load(679, 502, null), processCpuMsPer1k: metric(420, 431, null), cpuMsPer1kRequests: null, cpuTime: false };
    expect(costSentence('console.log', c)).toBe('Cannot tell yet what console.log costs: in the rounds so far, with it the server used no more CPU per request and served no fewer requests per second, but they cannot tell that from noise.');
    const busy = { ...metric(1000, 990, null), withheld: 'busy' as const };
    expect(costSentence('console.log', { ...c, load: { rps: busy } as never, processCpuMsPer1k: metric(100, 101, false) })).toMatch(/^Cannot tell yet what console\.log costs/);
  });
});

describe('costSentence: a sure CPU cost does not vouch for an unsure throughput', () => {
  it('says a throughput withheld on a busy machine was not judged (it read as a sure 27% before); with nothing sure, "cannot tell yet" leads', () => {
    const busy = { ...metric(5002, 6884, null), withheld: 'busy' as const };
    expect(costSentence('console.log', { load: { rps: busy } as never, processCpuMsPer1k: metric(79, 43, false), cpuMsPer1kRequests: null, cpuTime: false }))
      .toBe('Cannot tell yet what console.log costs: the rounds cannot tell it from noise. In them it took 36 ms of CPU per 1 000 requests (79 ms with it, 43 ms without, not clearly more than noise yet), and 27% of the throughput (5 002 requests/s with it, 6 884 without, not judged: the machine was too busy during the rounds).');
  });

  it('never puts a throughput it did not judge after "costs": a sure CPU cost, then the busy machine in a sentence of its own (issue 38\'s walk)', () => {
    const busy = { ...metric(1979, 3332, null), withheld: 'busy' as const };
    expect(costSentence('console.log', { load: { rps: busy } as never, processCpuMsPer1k: metric(547, 313), cpuMsPer1kRequests: null, cpuTime: false }))
      .toBe('console.log costs 234 ms of CPU per 1 000 requests (547 ms with it, 313 ms without). Its cost in throughput is not judged, because the machine was too busy during the rounds (1 979 requests/s with it, 3 332 without).');
  });

  it('qualifies the throughput alone when only requests/s are too noisy', () => {
    expect(costSentence('console.log', { load: load(5904, 10287, false), processCpuMsPer1k: metric(53, 22), cpuMsPer1kRequests: null, cpuTime: false }))
      .toBe('console.log costs 31 ms of CPU per 1 000 requests (53 ms with it, 22 ms without). Its cost in throughput is not known yet: in the rounds it took 43% of the throughput (5 904 requests/s with it, 10 287 without, not clearly more than noise yet).');
  });
});
