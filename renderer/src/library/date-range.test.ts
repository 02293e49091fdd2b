import { describe, expect, it } from 'vitest';
import { parseDateRange } from './date-range.ts';

describe('parseDateRange', () => {
  it('is open-ended when a side is empty', () => {
    expect(parseDateRange('', '')).toEqual({ ok: true });
    expect(parseDateRange('  ', '')).toEqual({ ok: true });
  });

  it('covers whole local days, both ends inclusive', () => {
    const r = parseDateRange('2026-11-03', '2026-11-05');
    expect(r).toEqual({
      ok: true,
      from: new Date(2026, 10, 3, 0, 0, 0, 0).toISOString(),
      to: new Date(2026, 10, 5, 23, 59, 59, 999).toISOString(),
    });
  });

  it('accepts a single day as from = to', () => {
    const r = parseDateRange('2026-11-03', '2026-11-03');
    expect(r.ok && Date.parse(r.to!) - Date.parse(r.from!)).toBe(24 * 3600 * 1000 - 1);
  });

  it('refuses text that is not a day, and days that do not exist', () => {
    expect(parseDateRange('yesterday', '')).toEqual({ ok: false, message: '“yesterday” is not a date: use YYYY-MM-DD.' });
    expect(parseDateRange('', '2026-02-30')).toMatchObject({ ok: false });
    expect(parseDateRange('2026-13-01', '')).toMatchObject({ ok: false });
  });

  it('refuses a range that ends before it starts', () => {
    expect(parseDateRange('2026-11-05', '2026-11-03')).toEqual({ ok: false, message: 'The “from” day is after the “to” day.' });
  });
});
