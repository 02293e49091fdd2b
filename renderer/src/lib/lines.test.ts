import { describe, expect, it } from 'vitest';
import { parseEnv, parseHeaders } from './lines.ts';

describe('parseHeaders', () => {
  it('reads Name: value lines and skips blank ones', () => {
    expect(parseHeaders('Content-Type: application/json\n\n  Authorization:  Bearer a:b  \n')).toEqual({
      ok: true,
      value: { 'Content-Type': 'application/json', Authorization: 'Bearer a:b' },
    });
  });
  it('accepts an empty field', () => {
    expect(parseHeaders('')).toEqual({ ok: true, value: {} });
  });
  it('joins repeated headers, whatever their case', () => {
    expect(parseHeaders('Accept: text/html\naccept: application/json')).toEqual({ ok: true, value: { Accept: 'text/html, application/json' } });
  });
  it('names the line without a colon', () => {
    const r = parseHeaders('X-A: 1\nnot a header');
    expect(r).toMatchObject({ ok: false });
    expect(!r.ok && r.message).toMatch(/^Header line 2 needs/);
  });
  it('refuses a header name with spaces', () => {
    const r = parseHeaders('Bad Name: 1');
    expect(!r.ok && r.message).toMatch(/not a valid header name/);
  });
});

describe('parseEnv', () => {
  it('reads KEY=VALUE lines, keeps = in values and skips comments', () => {
    expect(parseEnv('NODE_ENV=production\n# a comment\n\nQUERY=a=b&c=d')).toEqual({
      ok: true,
      value: { NODE_ENV: 'production', QUERY: 'a=b&c=d' },
    });
  });
  it('strips matching surrounding quotes', () => {
    expect(parseEnv(`A="hello world"\nB='x'\nC="unbalanced'`)).toEqual({
      ok: true,
      value: { A: 'hello world', B: 'x', C: `"unbalanced'` },
    });
  });
  it('allows empty values', () => {
    expect(parseEnv('DEBUG=')).toEqual({ ok: true, value: { DEBUG: '' } });
  });
  it('names the line without =', () => {
    const r = parseEnv('A=1\nB');
    expect(!r.ok && r.message).toMatch(/^Environment line 2 needs KEY=VALUE/);
  });
  it('refuses names that are not variable names', () => {
    const r = parseEnv('1ABC=1');
    expect(!r.ok && r.message).toMatch(/not a valid variable name/);
  });
});
