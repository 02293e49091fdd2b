import { describe, expect, it } from 'vitest';
import { describeExit, formatBytes, formatDuration, formatInt, formatMs, formatPercent, formatRate, formatTimeMs } from './format.ts';

describe('formatting', () => {
  it('formats integers with separators', () => {
    expect(formatInt(1234567)).toBe('1 234 567');
    expect(formatInt(12.6)).toBe('13');
    expect(formatInt(null)).toBe('–');
    expect(formatInt(Number.NaN)).toBe('–');
  });
  it('formats latency with microsecond resolution', () => {
    expect(formatMs(0.0421)).toBe('0.042 ms');
    expect(formatMs(12)).toBe('12.000 ms');
    expect(formatMs(1.23456)).toBe('1.235 ms');
    expect(formatMs(undefined)).toBe('–');
  });
  it('formats profile times compactly', () => {
    expect(formatTimeMs(0.5)).toBe('0.50 ms');
    expect(formatTimeMs(12.34)).toBe('12.3 ms');
    expect(formatTimeMs(345.6)).toBe('346 ms');
    expect(formatTimeMs(2345)).toBe('2.35 s');
  });
  it('formats rates', () => {
    expect(formatRate(12.345)).toBe('12.3');
    expect(formatRate(15234.4)).toBe('15 234');
  });
  it('formats percentages', () => {
    expect(formatPercent(0.1234)).toBe('12.3%');
    expect(formatPercent(1, 0)).toBe('100%');
  });
  it('formats bytes by the one binary rule, and "–" without a figure', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(25.3 * 1024 * 1024)).toBe('25 MiB');
    expect(formatBytes(512 * 1024 * 1024)).toBe('512 MiB');
    expect(formatBytes(null)).toBe('–');
  });
  it('formats durations', () => {
    expect(formatDuration(9.98)).toBe('10.0 s');
    expect(formatDuration(75)).toBe('1 min 15 s');
    expect(formatDuration(120)).toBe('2 min');
  });
  it('describes how a process ended', () => {
    expect(describeExit(1, null)).toBe('exited with code 1');
    expect(describeExit(null, 'SIGTERM')).toBe('was ended by SIGTERM');
  });
});
