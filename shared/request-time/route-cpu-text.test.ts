import { describe, expect, it } from 'vitest';
import { routeCpuIsWide, routeCpuRange, routeCpuText } from './route-cpu-text.ts';

describe('a route\'s CPU per request, as far as it can be trusted', () => {
  it('is one number where its standard error is small', () => {
    const r = { cpuMsPerRequest: 2.4, cpuErrorMs: 0.2, cpuTimedRequests: 300 };
    expect(routeCpuIsWide(r)).toBe(false);
    expect(routeCpuText(r)).toBe('2.4 ms of CPU per request');
    // The wall time (no reads) has no error to say.
    expect(routeCpuText({ cpuMsPerRequest: 3 })).toBe('3 ms of CPU per request');
  });

  it('is "about", with its 95 % range and the clock\'s step, for a route under one tick', () => {
    const r = { cpuMsPerRequest: 0.87, cpuErrorMs: 0.31, cpuClockStepMs: 4, cpuTimedRequests: 52 };
    expect(routeCpuIsWide(r)).toBe(true);
    expect(routeCpuRange(r)[0]).toBeCloseTo(0.87 - 1.96 * 0.31, 6);
    expect(routeCpuText(r)).toBe('about 0.87 ms of CPU per request (0.26 to 1.5 ms: this machine\'s CPU clock counts in steps of 4 ms '
      + 'and one request takes less than a step, so it reads 0 or 4 ms; read on 52 requests)');
  });

  it('says its requests vary where no step explains it, and never gives a range below 0', () => {
    const r = { cpuMsPerRequest: 5, cpuErrorMs: 3, cpuTimedRequests: 6 };
    expect(routeCpuText(r)).toBe('about 5 ms of CPU per request (0 to 11 ms: its requests\' CPU varies from one to the next; read on 6 requests)');
  });
});
