// A route that runs execSync per request (issue 34): the verdict used to say
// "25 ms of its own CPU … Nothing of yours stands out … The heaviest function
// is spawn (72%)". Now the synchronous child process is a kind of work, named
// by the user's function and line, as the time the loop waited per request —
// held to the server's own clock of its execSync calls.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repo, runFlambe } from '../helpers/demo.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'flambe-sync-child-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('flambe record of a route that runs execSync', () => {
  it('names the caller, its line and the wait per request, within 25% of the server\'s own clock', async () => {
    const stats = path.join(dir, 'waited.json');
    const server = path.join(repo, 'test/fixtures/child-processes/exec-sync-server.cjs');
    const r = await runFlambe(['record', '--launch', server, '-d', '2', '--warmup', '0', '-c', '2', '--json'], { env: { STATS_FILE: stats }, timeoutMs: 90_000 });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { findings: { kind: string; function: string; line: number; lineText: string; msPer1kRequests: number }[] };
    const f = out.findings[0];
    expect(f).toMatchObject({ kind: 'childProcess', function: 'buildInfo', line: 13 });
    expect(f.lineText).toContain("execSync('git rev-parse HEAD'");
    const truth = JSON.parse(readFileSync(stats, 'utf8')) as { calls: number; ms: number };
    const serverMs = truth.ms / truth.calls;
    const flambeMs = f.msPer1kRequests / 1000;
    console.log(`execSync: Flambé says the loop waited ${flambeMs.toFixed(1)} ms per request; the server's clock ${serverMs.toFixed(1)} ms per call (${truth.calls} calls, load ${os.loadavg()[0].toFixed(1)})`);
    expect(Math.abs(flambeMs - serverMs) / serverMs).toBeLessThan(0.25);
  }, 120_000);
});
