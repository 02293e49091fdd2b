import { describe, expect, it } from 'vitest';
import { exportTrace } from './export-trace.ts';
import { importThreads } from '../import/all-threads.ts';
import { profileFromText } from '../test-support/text-profile.ts';

describe('exportTrace → importThreads', () => {
  it('gives the threads back in the order they were exported, not by when each started', () => {
    // Workers are listed as they attached; a later one can have started profiling first.
    const threads = [
      { name: 'main thread', profile: profileFromText('main main', { startTimeUs: 1_000 }) },
      { name: 'worker 2 (w.js)', profile: profileFromText('two two two', { startTimeUs: 3_000 }) },
      { name: 'worker 1 (w.js)', profile: profileFromText('one one', { startTimeUs: 2_000 }) },
    ];
    const back = importThreads(JSON.stringify(exportTrace(threads)), 'x.trace.json').threads;
    expect(back.map((t) => t.name)).toEqual(['main thread', 'worker 2 (w.js)', 'worker 1 (w.js)']);
    expect(back.map((t) => t.profile.samples.length)).toEqual([2, 3, 2]);
  });
});
