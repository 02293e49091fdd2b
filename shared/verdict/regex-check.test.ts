// The one caching checker both recheck adapters (CLI, analysis worker) are made from.
import { describe, expect, it } from 'vitest';
import { cachingRegexChecker, REGEX_CHECK_TIMEOUT_MS } from './regex-check.ts';

describe('cachingRegexChecker', () => {
  it('asks the checker once per pattern and flags, within the time limit, and reads its answer', () => {
    const asked: [string, string, number][] = [];
    const check = cachingRegexChecker((source, flags, { timeout }) => {
      asked.push([source, flags, timeout]);
      return { status: 'vulnerable', complexity: { type: 'exponential' }, attack: { string: 'aaa!', pattern: "'a'.repeat(3) + '!'" } };
    });
    const first = check({ source: '^(a+)+$', flags: '' });
    expect(check({ source: '^(a+)+$', flags: '' })).toBe(first);
    check({ source: '^(a+)+$', flags: 'i' });
    expect(asked).toEqual([['^(a+)+$', '', REGEX_CHECK_TIMEOUT_MS], ['^(a+)+$', 'i', REGEX_CHECK_TIMEOUT_MS]]);
    expect(first).toEqual({ source: '^(a+)+$', flags: '', status: 'vulnerable', complexity: 'exponential', attack: 'aaa!', attackPattern: "'a'.repeat(3) + '!'" });
  });

  it('says "unknown" when the checker throws (unsupported syntax), and keeps that answer', () => {
    let calls = 0;
    const check = cachingRegexChecker(() => { calls++; throw new Error('unsupported'); });
    expect(check({ source: '(?<=a)b', flags: '' }).status).toBe('unknown');
    expect(check({ source: '(?<=a)b', flags: '' }).status).toBe('unknown');
    expect(calls).toBe(1);
  });
});
