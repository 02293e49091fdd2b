// Issue 32, item 8, in the terminal: `flambe analyze` took any file starting
// with a "head" tree for an allocation profile, so a Node 10 v8-profiler
// .cpuprofile was refused as "not an allocation profile (.heapprofile)".
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { repo, runFlambe } from '../helpers/demo.ts';

const fixture = (name: string) => path.join(repo, 'test/fixtures/profiles', name);

describe('flambe analyze on peer files (item 8)', () => {
  it('a Node 10 v8-profiler .cpuprofile ("head" first) is analyzed as a CPU profile', { timeout: 60_000 }, async () => {
    const r = await runFlambe(['analyze', fixture('node10-v8-profiler.cpuprofile'), '--json', '--top', '3']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.samples).toBeGreaterThan(100);
    expect(out.functions.map((f: { name: string }) => f.name)).toContain('churn');
  });

  it('a .heapprofile is still analyzed as allocations', { timeout: 60_000 }, async () => {
    const r = await runFlambe(['analyze', fixture('node24-heap-prof.heapprofile'), '--json']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/"samples"/);
  });

  it('a trace with a sample naming a missing node opens, and says so', { timeout: 60_000 }, async () => {
    const r = await runFlambe(['analyze', fixture('chrome-orphan-sample.json')]);
    expect(r.code).toBe(0);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('1 sample named a call-tree node missing from the file (samples[5] is 752)');
  });
});
