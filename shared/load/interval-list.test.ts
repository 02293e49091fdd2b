import { describe, expect, it } from 'vitest';
import { parseIntervalList } from './interval-list.ts';

describe('a list of sampling intervals', () => {
  it('reads one or several, in the order given, without repeats', () => {
    expect(parseIntervalList('1000')).toEqual({ ok: true, intervals: [1000] });
    expect(parseIntervalList(' 1000, 100 ,1000')).toEqual({ ok: true, intervals: [1000, 100] });
  });
  it('answers a bad one in one sentence naming it', () => {
    expect(parseIntervalList('1000,10')).toEqual({ ok: false, message: '"10" is not a sampling interval: use whole microseconds from 50 to 100000, separated by commas, like 1000,100.' });
    expect(parseIntervalList('1ms')).toMatchObject({ ok: false, message: expect.stringContaining('"1ms" is not a sampling interval') });
    expect(parseIntervalList(' , ')).toMatchObject({ ok: false });
  });
});
