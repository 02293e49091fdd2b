import { describe, expect, it } from 'vitest';
import type { CollectedBatch } from './collected.ts';
import { requestCodeClock } from './code-clock.ts';

const batch = (over: Partial<CollectedBatch>): CollectedBatch => ({
  clockUs: 0, requests: [], open: 0, segments: [], waits: [], stacks: [], dropped: 0, background: [], ...over,
});

describe('the requests\' code clock', () => {
  it('sums the timed requests\' CPU and the wall time their code ran, clipped to each request\'s start and finish', () => {
    const clock = requestCodeClock([
      batch({
        // 1: timed, 600 µs of CPU; 2: not timed (-1); 3: timed, finished in the next batch.
        requests: [[1, 'GET', '/a', 1000, 3000, 200, 80, 600], [2, 'GET', '/a', 1500, 4000, 200, 80, -1]],
        // 1's code: 1000–1800 and 2500–3400 (its part after the finish at 3000 is in neither clock); 2's code is left out.
        segments: [1, 1000, 1800, 2, 1800, 2500, 1, 2500, 3400, 3, 5000, 5400],
      }),
      batch({ requests: [[3, 'GET', '/b', 5000, 7000, 200, 80, 300]], segments: [3, 6000, 6200] }),
    ]);
    expect(clock).toEqual({ requests: 2, cpuMs: 0.9, wallMs: (800 + 500 + 400 + 200) / 1000 });
  });

  it('is null when the collector read no request\'s CPU (a Node without process.threadCpuUsage)', () => {
    expect(requestCodeClock([batch({ requests: [[1, 'GET', '/a', 0, 10, 200, 80, -1]], segments: [1, 0, 10] })])).toBeNull();
    expect(requestCodeClock([batch({ requests: [[1, 'GET', '/a', 0, 10, 200]], segments: [1, 0, 10] })])).toBeNull();
  });
});
