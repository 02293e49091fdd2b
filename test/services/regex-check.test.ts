// The ReDoS check with the real library (recheck, pure JavaScript): safe
// patterns are safe, catastrophic ones come with an input that proves it.
import { describe, expect, it } from 'vitest';
import { checkRegex } from '../../electron/services/verdict/regex-check.ts';
import { regexCheckSentence } from '../../shared/verdict/index.ts';

describe('checkRegex (recheck)', () => {
  it.each([
    ['^[a-z]+$', ''],
    ['[<>&]', 'g'],
    ['^\\d{4}-\\d{2}-\\d{2}$', ''],
  ])('/%s/%s is safe', (source, flags) => {
    expect(checkRegex({ source, flags }).status).toBe('safe');
  });

  it.each([
    ['^([a-zA-Z0-9]+)*@example\\.com$', 'exponential'],
    ['^(a+)+$', 'exponential'],
    ['^(\\w+\\s?)*$', 'exponential'],
  ])('/%s/ backtracks catastrophically (%s), with an attack input', (source, growth) => {
    const c = checkRegex({ source, flags: '' });
    expect(c.status).toBe('vulnerable');
    expect(c.complexity).toBe(growth);
    expect(c.attack).toBeTruthy();
    expect(regexCheckSentence(c)).toContain(`takes ${growth} time`);
  }, 30_000);
});
