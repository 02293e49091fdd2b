import { describe, expect, it } from 'vitest';
import { BYTES_PER_MIB, formatBytes, formatCount, formatMiB, formatMsInText, formatReadable, groupThousands, numbersOutOfStyle } from './number-format.ts';

describe('groupThousands: one number style everywhere', () => {
  it('groups thousands with a space from 1 000 on, a point before decimals', () => {
    expect(groupThousands(0)).toBe('0');
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(1000)).toBe('1 000');
    expect(groupThousands(25160)).toBe('25 160');
    expect(groupThousands(1234567)).toBe('1 234 567');
    expect(groupThousands(1132.5431, 3)).toBe('1 132.543');
    expect(groupThousands(0.5, 2)).toBe('0.50');
    expect(groupThousands(999.96, 1)).toBe('1 000.0');
  });

  it('keeps the sign, and never prints "-0"', () => {
    expect(groupThousands(-3000.5, 1)).toBe('-3 000.5');
    expect(groupThousands(-0.0001, 2)).toBe('0.00');
    expect(groupThousands(-1e9)).toBe('-1 000 000 000');
  });

  it('says "–" for what is not a number', () => {
    expect(groupThousands(Number.NaN)).toBe('–');
    expect(groupThousands(Number.POSITIVE_INFINITY)).toBe('–');
  });

  it('reads with fewer digits as numbers grow', () => {
    expect(formatReadable(25160.4)).toBe('25 160');
    expect(formatReadable(42.17)).toBe('42.2');
    expect(formatReadable(-3.14159)).toBe('-3.14');
  });

  it('counts round to whole numbers', () => {
    expect(formatCount(20390.6)).toBe('20 391');
  });
});

describe('numbersOutOfStyle: what a scan of a screen flags', () => {
  it('flags comma groups and long ungrouped quantities', () => {
    expect(numbersOutOfStyle('50,655 requests, 25160 ms and 1132.543 ms; 1,234.5 MB')).toEqual(['50,655', '1,234.5', '25160', '1132.543']);
    expect(numbersOutOfStyle('1521 ms of CPU per 1 000 requests')).toEqual(['1521']);
  });

  it('passes the style, short numbers, lists and identifiers written as such', () => {
    expect(numbersOutOfStyle('20 391 responses, per 1 000 requests, 1 132.543 ms, 1 000 µs, 999 ms')).toEqual([]);
    expect(numbersOutOfStyle('levels 1, 2, 4 and 8,16; http://127.0.0.1:38229/json; server.js:12345; #/recordings/ab12345; 2026-11-28')).toEqual([]);
  });
});

describe('formatMsInText', () => {
  it('groups whole milliseconds from 100 and keeps two significant digits below', () => {
    expect(formatMsInText(1234.5)).toBe('1 235 ms');
    expect(formatMsInText(100)).toBe('100 ms');
    expect(formatMsInText(42.17)).toBe('42 ms');
    expect(formatMsInText(0.0812)).toBe('0.081 ms');
  });
});

describe('formatBytes: one bytes rule, binary units labelled as such', () => {
  it('counts in 1 024s and says KiB, MiB, GiB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(48)).toBe('48 B');
    expect(formatBytes(1023)).toBe('1 023 B');
    expect(formatBytes(1024)).toBe('1 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(310 * 1024)).toBe('310 KiB');
    expect(formatBytes(9.6 * 1024 * 1024)).toBe('9.6 MiB');
    expect(formatBytes(1000 * 1024 * 1024)).toBe('1 000 MiB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GiB');
  });

  it('never prints a value of 1 024 or more in a unit: the next unit says it', () => {
    expect(formatBytes(1023.6)).toBe('1 KiB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MiB');
  });

  it('keeps the sign, never "-0 B", and says "–" for what is not a number', () => {
    expect(formatBytes(-1536)).toBe('-1.5 KiB');
    expect(formatBytes(-0.3)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('–');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('–');
  });

  it('reads a figure already in MiB (heap, RSS) by the same rule', () => {
    expect(BYTES_PER_MIB).toBe(1_048_576);
    expect(formatMiB(42.2)).toBe('42 MiB');
    expect(formatMiB(0.5)).toBe('512 KiB');
    expect(formatMiB(2048)).toBe('2 GiB');
  });
});
