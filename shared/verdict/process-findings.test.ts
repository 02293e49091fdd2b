// The same hot function in every worker of a cluster is one finding (process-findings.ts).
import { describe, expect, it } from 'vitest';
import type { Finding } from './findings.ts';
import { mergeChildProcessFindings, processesLabel } from './process-findings.ts';

function finding(thread: string | undefined, ms: number, percent: number, per1k: number | null, fn = 'hashPayload'): Finding {
  return {
    kind: 'crypto', label: 'synchronous crypto', function: fn, url: 'file:///srv/app.js', line: 13, lineText: null, frame: 7, location: 'app.js:13',
    ms, percent, busyPercent: percent * 2, msPer1kRequests: per1k, cpuTime: true, advice: 'Use the asynchronous API.', pattern: null, regex: null,
    ...(thread ? { thread } : {}),
  } as Finding;
}

describe('mergeChildProcessFindings', () => {
  it('joins one function\'s findings in several workers: times and CPU per 1 000 requests added, named by the workers', () => {
    const merged = mergeChildProcessFindings([
      finding('process 4242 (cluster worker)', 100, 20, 81),
      finding('main thread', 5, 1, 2, 'gc'),
      finding('process 4243 (cluster worker)', 300, 30, 240),
    ]);
    expect(merged).toHaveLength(2);
    const hot = merged[0];
    expect(hot.thread).toBe('2 cluster workers (pid 4242, 4243)');
    expect(hot.ms).toBe(400);
    expect(hot.msPer1kRequests).toBe(321);
    // Of the two profiles' durations summed: 100 ms of 500, 300 ms of 1 000.
    expect(hot.percent).toBeCloseTo((400 / 1500) * 100, 6);
    expect(hot.frame).toBe(-1);
    expect(merged[1].thread).toBe('main thread');
  });

  it('leaves apart different functions, worker threads, and a finding without a count', () => {
    const list = [
      finding('process 4242 (cluster worker)', 100, 20, 81),
      finding('process 4243 (cluster worker)', 90, 20, 80, 'parse'),
      finding('process 4243 · worker 1 (pool.js)', 90, 20, 80),
    ];
    expect(mergeChildProcessFindings(list)).toEqual(list);
    const noCount = mergeChildProcessFindings([finding('process 1 (forked child)', 10, 5, null), finding('process 2 (forked child)', 10, 5, 3)]);
    expect(noCount[0].msPer1kRequests).toBeNull();
  });

  it('names processes of several kinds as child processes', () => {
    expect(processesLabel(['process 1 (forked child)', 'process 2 (cluster worker)'])).toBe('2 child processes (pid 1, 2)');
    expect(processesLabel(['process 1 (forked child)', 'process 2 (forked child)'])).toBe('2 forked children (pid 1, 2)');
  });
});
