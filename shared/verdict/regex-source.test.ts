// Finding the pattern a hot line runs: on the line, or on its definition.
import { describe, expect, it } from 'vitest';
import { hotLinePattern, regexDefinedOnLine, regexOnLine } from './regex-source.ts';
import { profileFromText } from '../profile/test-support/text-profile.ts';
import { readRecheckResult, regexCheckSentence } from './regex-check.ts';

describe('regexOnLine', () => {
  it.each([
    ['if (/^([a-z]+)*@x\\.com$/.test(input)) {', { pattern: { source: '^([a-z]+)*@x\\.com$', flags: '' } }],
    ["s = s.replace(/[<>&]/g, escape);", { pattern: { source: '[<>&]', flags: 'g' } }],
    ["const re = new RegExp('^(\\\\d+)*$', 'u');", { pattern: { source: '^(\\d+)*$', flags: 'u' } }],
    ['const ok = fragileEmail.test(input);', { identifier: 'fragileEmail' }],
    ['const m = url.match(ROUTE);', { identifier: 'ROUTE' }],
    ["const quote = s.replace(/['\"]/g, '');", { pattern: { source: "['\"]", flags: 'g' } }],
  ])('%s', (text, expected) => {
    expect(regexOnLine(text)).toEqual(expected);
  });

  it('finds nothing in a line without a regex', () => {
    expect(regexOnLine("send(res, 200, 'text/plain', 'Routes: /hello /regex');")).toBeNull();
  });
});

describe('regexDefinedOnLine', () => {
  it('reads const, assignment, property and constructor definitions, and nothing else', () => {
    expect(regexDefinedOnLine('const fragileEmail = /^([a-zA-Z0-9]+)*@example\\.com$/;', 'fragileEmail')).toEqual({ source: '^([a-zA-Z0-9]+)*@example\\.com$', flags: '' });
    expect(regexDefinedOnLine('  ROUTE: /^\\/users\\/(\\d+)$/i,', 'ROUTE')).toEqual({ source: '^\\/users\\/(\\d+)$', flags: 'i' });
    expect(regexDefinedOnLine("let re = new RegExp('a+b')", 're')).toEqual({ source: 'a+b', flags: '' });
    expect(regexDefinedOnLine('if (fragileEmail === /x/) {}', 'fragileEmail')).toBeNull();
    expect(regexDefinedOnLine('const other = /x/;', 'fragileEmail')).toBeNull();
  });
});

describe('hotLinePattern', () => {
  it('prefers the nearest definition above the hot line', () => {
    const url = 'file:///app/app.js';
    const p = profileFromText('route', {
      sourceLines: { [url]: { '2': 'const re = /first/;', '8': 'const re = /second+/;', '9': 'return re.test(s);', '20': 'const re = /later/;' } },
    });
    expect(hotLinePattern(p, url, 9)).toEqual({ source: 'second+', flags: '' });
    expect(hotLinePattern(p, url, 3)).toBeNull();
  });
});

describe('readRecheckResult and its sentence', () => {
  it('reads a vulnerable diagnosis with its attack string', () => {
    const c = readRecheckResult({ source: '^(a+)+$', flags: '' }, {
      status: 'vulnerable', complexity: { type: 'exponential', summary: 'exponential' }, attack: { string: 'aaaaaaaaaaaaaaaaaaaa!', pattern: "'a'.repeat(20) + '!'" },
    });
    expect(regexCheckSentence(c)).toBe("/^(a+)+$/ backtracks catastrophically: 'aaaaaaaaaaaaaaaaaaaa!' ('a'.repeat(20) + '!') takes exponential time, and each character more makes it worse. A client can send such an input and stall the server (ReDoS).");
  });

  it('reads safe, and anything it does not know as unknown', () => {
    expect(readRecheckResult({ source: 'a', flags: '' }, { status: 'safe', complexity: { type: 'safe' } })).toMatchObject({ status: 'safe', complexity: 'linear', attack: null });
    expect(readRecheckResult({ source: 'a', flags: '' }, { status: 'unknown', error: { kind: 'timeout' } }).status).toBe('unknown');
    expect(readRecheckResult({ source: 'a', flags: '' }, null).status).toBe('unknown');
  });
});
