import { describe, expect, it } from 'vitest';
import { outputAdvice, outputIsHigh, outputSentence, outputVolume } from './output.ts';

const storage = { function: 'warnNoIndex', url: 'file:///srv/app/storage.js', line: 26, lines: 9600 };
const access = { function: 'logRequest', url: '/srv/app/log.js', line: 4, lines: 3200 };

describe('the output a server writes during the burst', () => {
  it('per request and per second, from the function that writes most', () => {
    const o = outputVolume(9600, [storage], 3200, 3, 'pipe');
    expect(o).toMatchObject({ lines: 9600, linesPerRequest: 3, linesPerSecond: 3200 });
    expect(outputSentence(o)).toBe('The server wrote 3.0 log lines per request (3 200 lines/s), from warnNoIndex in storage.js:26.');
    expect(outputIsHigh(o)).toBe(true);
    expect(outputAdvice(o)).toContain('to a pipe, which Node writes asynchronously');
  });

  it('names two writers with their counts, most first', () => {
    const o = outputVolume(12_800, [access, storage], 3200, 4, 'file');
    expect(outputSentence(o)).toBe('The server wrote 4.0 log lines per request (3 200 lines/s), from warnNoIndex in storage.js:26 (9 600) and logRequest in log.js:4 (3 200).');
  });

  it('a quiet server is not high, and says it wrote nothing', () => {
    const o = outputVolume(0, [], 5000, 5, null);
    expect(outputIsHigh(o)).toBe(false);
    expect(outputSentence(o)).toBe('The server wrote no line to stdout or stderr during the burst.');
    expect(outputIsHigh(outputVolume(50, [storage], 5000, 5, null))).toBe(false);
  });
});
