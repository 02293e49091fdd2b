import { describe, expect, it } from 'vitest';
import { numbersOutOfStyle } from '../../../shared/number-format.ts';
import { recordingText, warmupText } from './progress-text.ts';

describe('the words of a recording\'s progress', () => {
  it('group a rate of a thousand or more as every screen does, and say no p99 before a response', () => {
    expect(warmupText(1026)).toBe('Warming up: 1 026 requests/s');
    expect(warmupText(96)).toBe('Warming up: 96.0 requests/s');
    expect(recordingText(20391, 129.855)).toBe('Recording: 20 391 requests/s, p99 130 ms');
    expect(recordingText(0, 0)).toBe('Recording: 0 requests/s');
    for (const text of [warmupText(25160), recordingText(25160, 1521.3)]) expect(numbersOutOfStyle(text)).toEqual([]);
  });
});
