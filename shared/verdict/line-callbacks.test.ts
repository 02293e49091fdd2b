// Which call a callback on a line is passed to, from the line's text alone: named only when the line says so.
import { describe, expect, it } from 'vitest';
import { callbackCallee } from './line-callbacks.ts';

describe('callbackCallee', () => {
  it('names the call every function literal on the line is passed to', () => {
    expect(callbackCallee('const lines = Array.from({ length: 3000 }, (_, i) => ({ sku: `SKU-${i}` }));')).toBe('Array.from');
    expect(callbackCallee('return items.map(async (x) => x.price * 2);')).toBe('items.map');
    expect(callbackCallee('rows.forEach(function (r) { total += r.qty; });')).toBe('rows.forEach');
  });

  it('says nothing when the line does not: no function literal, one not passed to a call, or two calls', () => {
    expect(callbackCallee('const total = a + b;')).toBeNull();
    expect(callbackCallee('const f = (x) => x + 1;')).toBeNull();
    expect(callbackCallee('a.map((x) => x).filter((y) => y > 1);')).toBeNull();
    expect(callbackCallee(null)).toBeNull();
  });
});
