// Findings over a recording's threads and child processes (threads-verdict.ts):
// a cluster's primary that barely ran while its workers served the requests
// has no finding of its own — an unseen cluster read a GC finding of its idle
// primary after the workers' real cause.
import { describe, expect, it } from 'vitest';
import { profileFromText } from '../profile/test-support/text-profile.ts';
import { threadFindings } from './threads-verdict.ts';

/** `n` samples of one stack ("a / b / c", outermost first) side by side with the rest. */
function profile(parts: [number, string][]) {
  const stacks = parts.flatMap(([n, s]) => Array<string>(n).fill(s)).map((s) => s.split(' / '));
  const width = Math.max(...stacks.flat().map((t) => t.length)) + 2;
  const depth = Math.max(...stacks.map((s) => s.length));
  const rows = Array.from({ length: depth }, (_, d) => stacks.map((s) => (s[d] ?? '').padEnd(width)).join(''));
  return profileFromText(rows.join('\n'));
}

const worker = (pid: number, requests: number) => ({
  name: `process ${pid} (cluster worker)`, requests,
  profile: profile([[70, 'handle[report.js:3] / buildReport[report.js:9]'], [30, '(idle)']]),
});

describe('threadFindings beside child processes', () => {
  const idlePrimary = profile([[3, '(gc)'], [97, '(idle)']]);

  it('leaves out the findings of a primary that barely ran while its workers served the requests', () => {
    const { findings } = threadFindings(idlePrimary, [worker(4242, 500), worker(4243, 500)], { requests: 1000 });
    expect(findings.map((f) => f.thread)).toEqual(['2 cluster workers (pid 4242, 4243)']);
  });

  it('keeps them when the primary worked (a tenth of its time or more), or when no child served', () => {
    const busyPrimary = profile([[30, '(gc)'], [70, '(idle)']]);
    expect(threadFindings(busyPrimary, [worker(4242, 500), worker(4243, 500)], { requests: 1000 }).findings.some((f) => f.thread === 'main thread')).toBe(true);
    expect(threadFindings(idlePrimary, [{ ...worker(7, 0), name: 'process 7 (forked child)' }], { requests: 1000 }).findings.some((f) => f.thread === 'main thread')).toBe(true);
  });
});
