import { describe, expect, it } from 'vitest';
import { oneLine, safeLines } from './terminal-text.ts';

describe('text from profiles printed in a terminal', () => {
  it('shows escape sequences, newlines and bidi overrides as visible escapes', () => {
    expect(oneLine('a\x1b[2Jb')).toBe('a\\x1b[2Jb'); // clear screen
    expect(oneLine('\x1b]52;c;aGk=\x07')).toBe('\\x1b]52;c;aGk=\\x07'); // OSC 52 clipboard write
    expect(oneLine('row\n  99.9%  fake')).toBe('row\\n  99.9%  fake');
    expect(oneLine('tab\there\r')).toBe('tab\\there\\r');
    expect(oneLine('\u009b31m \u202eevil')).toBe('\\x9b31m \\u202eevil'); // C1 CSI, right-to-left override
    expect(oneLine('café (anonymous) 日本 🔥')).toBe('café (anonymous) 日本 🔥');
  });

  it('keeps the newlines of several lines, and escapes the rest', () => {
    expect(safeLines('one\x1b[2J\ntwo\x07\n')).toBe('one\\x1b[2J\ntwo\\x07\n');
  });
});
