import { describe, expect, it } from 'vitest';
import { numbersOutOfStyle } from '../number-format.ts';
import { samplingEvery, samplingWords } from './sampling-words.ts';

describe('the sampling interval in words', () => {
  it('says how often the profiler looks, in ms from 1 ms on, and how many looks a second', () => {
    expect(samplingWords(1000)).toBe('every 1 ms (1 000 samples a second)');
    expect(samplingWords(100)).toBe('every 100 µs (10 000 samples a second)');
    expect(samplingWords(250)).toBe('every 250 µs (4 000 samples a second)');
    expect(samplingEvery(5000)).toBe('every 5 ms');
    expect(samplingEvery(2500)).toBe('every 2.5 ms');
    expect(samplingEvery(1250)).toBe('every 1.25 ms');
    expect(samplingEvery(12_000)).toBe('every 12 ms');
    expect(samplingEvery(1_500_000)).toBe('every 1 500 ms');
  });

  it('never prints a number out of the one style', () => {
    for (const us of [50, 100, 250, 500, 1000, 2500, 5000, 10_000, 1_000_000]) expect(numbersOutOfStyle(samplingWords(us))).toEqual([]);
  });
});
