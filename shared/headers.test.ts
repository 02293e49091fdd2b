import { describe, expect, it } from 'vitest';
import { parseEnvEntries, parseEnvLines as parseEnv, parseHeaderEntries, parseHeaderLines as parseHeaders } from './headers.ts';

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

describe('one rule for the forms and the CLI', () => {
  it('refuses CR/LF and other control characters in a header value (header injection)', () => {
    const r = parseHeaderEntries([{ text: 'X-Bad: a\r\nInjected: 1', where: '--header "X-Bad"' }]);
    expect(r).toEqual({ ok: false, message: expect.stringMatching(/^--header "X-Bad": the value of X-Bad contains a line break/) });
    expect(parseHeaders('X-A: a\rb')).toMatchObject({ ok: false });
    expect(parseHeaders('X-A: tab\there')).toEqual({ ok: true, value: { 'X-A': 'tab\there' } });
  });
  it('refuses a header name that is not an RFC 7230 token, and merges repeats, from CLI entries too', () => {
    expect(parseHeaderEntries([{ text: 'Bad(Name): 1', where: '-H' }])).toMatchObject({ ok: false });
    expect(parseHeaderEntries([{ text: 'X-Tag: a', where: '-H 1' }, { text: 'x-tag: b', where: '-H 2' }])).toEqual({ ok: true, value: { 'X-Tag': 'a, b' } });
  });
  it('keeps a CLI value as the shell gave it, and refuses bad names', () => {
    expect(parseEnvEntries([{ text: 'A="x"', where: '--env' }])).toEqual({ ok: true, value: { A: '"x"' } });
    expect(parseEnvEntries([{ text: 'A=1', where: '--env' }, { text: 'A=2', where: '--env' }])).toEqual({ ok: true, value: { A: '2' } });
    expect(parseEnvEntries([{ text: 'BAD-NAME=1', where: '--env "BAD-NAME=1"' }])).toEqual({ ok: false, message: expect.stringMatching(/^--env "BAD-NAME=1": "BAD-NAME" is not a valid variable name/) });
    expect(parseEnvEntries([{ text: 'A=x\u0000y', where: '--env' }])).toMatchObject({ ok: false });
  });
});
