// `flambe experiment` run as a user runs it: refusals in one sentence, and a
// real (short) experiment on the demo server printing compare's JSON plus rounds.
import { describe, expect, it } from 'vitest';
import { runFlambe } from '../helpers/demo.ts';

describe('flambe experiment', () => {
  it('says in one sentence what is missing', async () => {
    const none = await runFlambe(['experiment', '--demo', '--url', '/']);
    expect(none.code).toBe(1);
    expect(none.stderr).toBe('flambe: Say what differs between A and B: --a-env/--b-env, --a-script/--b-script, --a-url/--b-url or --a-arg/--b-arg.\n');
    const two = await runFlambe(['experiment', '--demo', '--a-url', '/log', '--b-url', '/hello', '--a-env', 'X=1']);
    expect(two.stderr).toMatch(/^flambe: A and B may differ in one way only; got env and url\.\n$/);
    const target = await runFlambe(['experiment', '--a-url', '/log', '--b-url', '/hello']);
    expect(target.stderr).toBe('flambe: Say what to run: --launch SCRIPT or --demo (one of them).\n');
  });

  it('--json prints the comparison of the rounds, in compare\'s shape, plus rounds', async () => {
    const r = await runFlambe(['experiment', '--demo', '--a-url', '/log', '--b-url', '/hello', '--rounds', '2', '-d', '1', '--warmup', '0.3', '-c', '2', '--no-profile', '--json'], { timeoutMs: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ rounds: 2, status: 'done', error: null, output: 'file', a: { name: '/log', rounds: 2 }, b: { name: '/hello', rounds: 2 } });
    expect(out.order).toMatch(/^(AB|BA)$/);
    for (const m of ['rps', 'p50Ms', 'p90Ms', 'p99Ms']) {
      expect(out.load[m]).toMatchObject({ basis: 'rounds' });
      // Judged, or not judged because the machine disturbed the pairs (then the verdict says so first).
      if (out.load[m].significant === null) expect(out.load[m].withheld).toBe('busy');
      else expect(typeof out.load[m].significant).toBe('boolean');
      expect(out.load[m].ci95).toHaveLength(2);
    }
    expect(typeof out.verdict).toBe('string');
    // --no-profile: no process samples and no allocation profiles, so neither is claimed (issue 22 items 5 and 6).
    expect(out.process).toEqual({ a: null, b: null });
    expect(out.memory.a.growth).toEqual([{ round: 1, grows: null, sentence: null }, { round: 2, grows: null, sentence: null }]);
    expect(out.allocations).toBeNull();
    if (out.machine?.wallClockWithheld) expect(out.verdict).toMatch(/^(Cannot tell yet whether|.* CPU time per 1 000 requests).* because the machine was busy: load [\d.]+ on \d+ cores/);
  });
});
