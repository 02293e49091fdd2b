// Worker threads kept in a profile (threads.ts): listed main first, and merged
// into one tree with a node per thread.
import { describe, expect, it } from 'vitest';
import { exportCpuProfile } from './export/export-cpuprofile.ts';
import { buildFlameTree } from './views/flame.ts';
import { importProfile } from './import/any-format.ts';
import { formatTree, profileFromText } from './test-support/text-profile.ts';
import { mergeThreads, processThreads, threadsOf } from './threads.ts';
import { EXTRA_KEYS } from '../recording/profile-extras.ts';

describe('threads', () => {
  const main = profileFromText('main  main  (idle)\nserve serve');
  const worker = profileFromText('work  work  work\nhash  hash');

  it('lists the main thread, then each worker kept in the profile', () => {
    const raw = { ...exportCpuProfile(main), [EXTRA_KEYS.threads]: [{ name: 'worker 1 (hash.js)', profile: exportCpuProfile(worker) }, { name: 'broken' }] };
    const threads = threadsOf(raw);
    expect(threads.map((t) => t.name)).toEqual(['main thread', 'worker 1 (hash.js)']);
    expect(importProfile(threads[1].raw).durationMs).toBe(worker.durationMs);
    expect(importProfile(raw).durationMs).toBe(main.durationMs); // the main thread, as other tools read it
  });

  it('lists each child process recorded beside it (a cluster\'s workers) after its threads, with the child\'s own threads', () => {
    const child = { ...exportCpuProfile(worker), [EXTRA_KEYS.threads]: [{ name: 'worker 1 (pool.js)', profile: exportCpuProfile(main) }] };
    const raw = {
      ...exportCpuProfile(main),
      [EXTRA_KEYS.processes]: { primaryRequests: 0, children: [{ pid: 4242, role: 'cluster worker', requests: 3, profile: child }], refused: [] },
    };
    const threads = threadsOf(raw);
    expect(threads.map((t) => t.name)).toEqual(['main thread', 'process 4242 (cluster worker)', 'process 4242 · worker 1 (pool.js)']);
    expect(importProfile(threads[1].raw).durationMs).toBe(worker.durationMs);
    // A recording made before (no processes addition) reads as one process: its threads only.
    expect(threadsOf(exportCpuProfile(main)).map((t) => t.name)).toEqual(['main thread']);
  });

  it('groups the thread names by process for the picker: the recorded process first, then each child with its own threads', () => {
    expect(processThreads(['main thread', 'worker 1 (a.js)', 'process 4242 (cluster worker)', 'process 4242 · worker 1 (pool.js)', 'process 4243 (cluster worker)'])).toEqual([
      { pid: null, name: '', threads: [{ index: 0, name: 'main thread' }, { index: 1, name: 'worker 1 (a.js)' }] },
      { pid: 4242, name: 'process 4242 (cluster worker)', threads: [{ index: 2, name: 'main thread' }, { index: 3, name: 'worker 1 (pool.js)' }] },
      { pid: 4243, name: 'process 4243 (cluster worker)', threads: [{ index: 4, name: 'main thread' }] },
    ]);
    expect(processThreads(['main thread'])).toHaveLength(1);
  });

  it('merges threads under one node each, keeping every time', () => {
    const merged = mergeThreads([{ name: 'main thread', profile: main }, { name: 'worker 1', profile: worker }]);
    expect(merged.durationMs).toBe(main.durationMs + worker.durationMs);
    expect(formatTree(buildFlameTree(merged))).toBe([
      '- (root) (total 6, self 0)',
      '  - [main thread] (total 3, self 0)',
      '    - main (total 2, self 0)',
      '      - serve (total 2, self 2)',
      '    - (idle) (total 1, self 1)',
      '  - [worker 1] (total 3, self 0)',
      '    - work (total 3, self 1)',
      '      - hash (total 2, self 2)',
    ].join('\n'));
  });
});
