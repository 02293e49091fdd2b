import { describe, expect, it } from 'vitest';
import { escapeRegExp, literalMatcher } from './regexp.ts';

describe('escapeRegExp', () => {
  it('makes every special character literal', () => {
    const text = String.raw`(anonymous) a.b*c+d?e^f$g{1}h|i[j]k\l/m-n`;
    expect(new RegExp(`^${escapeRegExp(text)}$`).test(text)).toBe(true);
  });
  it('finds "(anonymous)" literally, not as a group', () => {
    const re = literalMatcher('(anonymous)')!;
    expect(re.test('(anonymous)')).toBe(true);
    expect(re.test('anonymous')).toBe(false);
  });
  it('ignores case and surrounding spaces', () => {
    expect(literalMatcher('  JSON ')!.test('JSON.stringify')).toBe(true);
    expect(literalMatcher('json')!.test('JSON.stringify')).toBe(true);
  });
  it('returns null for blank text', () => {
    expect(literalMatcher('   ')).toBeNull();
  });
});
