// The same hot function in every worker of a cluster is one finding (process-findings.ts).
import { describe, expect, it } from 'vitest';
import type { Finding } from './findings.ts';
import { mergeChildProcessFindings, onChildProcesses, processesLabel } from './process-findings.ts';

function finding(thread: string | undefined, ms: number, percent: number, per1k: number | null, fn = 'hashPayload'): Finding {
  return {
    kind: 'crypto', label: 'synchronous crypto', function: fn, url: 'file:///srv/app.js', line: 13, lineText: null, frame: 7, location: 'app.js:13',
    ms, percent, busyPercent: percent * 2, msPer1kRequests: per1k, cpuTime: true, advice: 'Use the asynchronous API.', pattern: null, regex: null,
    ...(thread ? { thread } : {}),
  } as Finding;
}

/** The requests each child served (cluster workers), none for the others (a pool's forked children, the main thread). */
const served = (counts: Record<string, number>) => (thread: string) => counts[thread] ?? null;

describe('mergeChildProcessFindings', () => {
  it('joins one function\'s findings in several workers: times added, CPU per 1 000 requests of all the requests they served, named by the workers', () => {
    // Worker 4242 served 600 requests at 81 ms of CPU per 1 000 of them, 4243 served 400 at 240: 48.6 + 96 ms for 1 000.
    const merged = mergeChildProcessFindings([
      finding('process 4242 (cluster worker)', 100, 20, 81),
      finding('main thread', 5, 1, 2, 'gc'),
      finding('process 4243 (cluster worker)', 300, 30, 240),
    ], served({ 'process 4242 (cluster worker)': 600, 'process 4243 (cluster worker)': 400 }));
    expect(merged).toHaveLength(2);
    const hot = merged[0];
    expect(hot.thread).toBe('2 cluster workers (pid 4242, 4243)');
    expect(hot.ms).toBe(400);
    expect(hot.msPer1kRequests).toBeCloseTo(144.6, 6);
    // Of the two profiles' durations summed: 100 ms of 500, 300 ms of 1 000.
    expect(hot.percent).toBeCloseTo((400 / 1500) * 100, 6);
    expect(hot.frame).toBe(-1);
    expect(merged[1].thread).toBe('main thread');
  });

  it('adds the figures of children that served none: each worked for every request (a pool over IPC); a mix has no one basis', () => {
    const pool = mergeChildProcessFindings([finding('process 7 (forked child)', 100, 20, 1500), finding('process 8 (forked child)', 90, 20, 1400)], served({}));
    expect(pool[0].msPer1kRequests).toBe(2900);
    const mixed = mergeChildProcessFindings([finding('process 7 (child process)', 100, 20, 1500), finding('process 8 (cluster worker)', 90, 20, 1400)], served({ 'process 8 (cluster worker)': 300 }));
    expect(mixed[0].msPer1kRequests).toBeNull();
  });

  it('leaves apart different functions, worker threads, and a finding without a count', () => {
    const list = [
      finding('process 4242 (cluster worker)', 100, 20, 81),
      finding('process 4243 (cluster worker)', 90, 20, 80, 'parse'),
      finding('process 4243 · worker 1 (pool.js)', 90, 20, 80),
    ];
    expect(mergeChildProcessFindings(list, served({}))).toEqual(list);
    const noCount = mergeChildProcessFindings([finding('process 1 (forked child)', 10, 5, null), finding('process 2 (forked child)', 10, 5, 3)], served({}));
    expect(noCount[0].msPer1kRequests).toBeNull();
  });

  it('tells a child process\'s finding, or several processes\' joined one, from a thread\'s', () => {
    for (const t of ['process 7 (forked child)', '2 forked children (pid 7, 8)', '4 cluster workers (pid 1, 2, 3, 4)', '2 child processes (pid 1, 2)']) expect(onChildProcesses(t), t).toBe(true);
    for (const t of [undefined, 'main thread', 'worker 1 (hash.js)', 'process 7 · worker 1 (hash.js)']) expect(onChildProcesses(t), t).toBe(false);
  });

  it('names processes of several kinds as child processes', () => {
    expect(processesLabel(['process 1 (forked child)', 'process 2 (cluster worker)'])).toBe('2 child processes (pid 1, 2)');
    expect(processesLabel(['process 1 (forked child)', 'process 2 (forked child)'])).toBe('2 forked children (pid 1, 2)');
  });
});
