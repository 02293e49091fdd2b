import { describe, expect, it } from 'vitest';
import { rangeFromParam, rangeParam } from './use-address-range.ts';

describe('a time range in the address', () => {
  it('is written to the 0.1 ms and read back', () => {
    expect(rangeParam({ fromMs: 1200.04, toMs: 3400.06, requests: 12 })).toBe('1200-3400.1');
    expect(rangeFromParam('1200-3400.1')).toEqual({ fromMs: 1200, toMs: 3400.1, requests: null });
    expect(rangeParam(null)).toBeNull();
  });

  it('is no range when cut short, reversed or empty', () => {
    for (const p of [undefined, '', '1200', '1200-', '3400-1200', '5-5', 'a-b']) expect(rangeFromParam(p)).toBeNull();
  });
});
