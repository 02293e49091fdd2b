// A ratio in a sentence is a number like any other: thousands grouped by the one number style (issue 38: an
// experiment read "(95%: 1.17–16316×)" beside "72 431").
import { describe, expect, it } from 'vitest';
import { formatRatio } from './compare-verdict.ts';
import { numbersOutOfStyle } from '../number-format.ts';

describe('formatRatio', () => {
  it('groups thousands and keeps the digits it had below ten', () => {
    expect(formatRatio(16316.4)).toBe('16 316×');
    expect(formatRatio(29.4)).toBe('29×');
    expect(formatRatio(2.44)).toBe('2.4×');
    expect(formatRatio(1.171)).toBe('1.17×');
    expect(numbersOutOfStyle(`(95%: ${formatRatio(1.17)}–${formatRatio(16316)})`)).toEqual([]);
  });
});
