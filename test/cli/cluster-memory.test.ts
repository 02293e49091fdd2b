// A cluster whose workers keep every session they make (issue 34): Flambé's
// memory samples are the recorded process's (the primary's), and a worker's
// heap is its own. The memory verdict must not say the primary's "did not
// grow" as if it were the server's: it says it cannot tell where the requests
// ran, names the workers, and says how to watch one — which then finds the leak.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { isAlive, repo, runFlambe, waitFor } from '../helpers/demo.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'flambe-cluster-memory-'));
const script = path.join(repo, 'test/fixtures/child-processes/cluster-sessions.cjs');
const pids: number[] = [];

afterEach(() => {
  for (const pid of pids.splice(0)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Out {
  error: string | null;
  processes: { primaryRequests: number | null; children: { pid: number; requests: number | null }[] };
  memory: { growth: { grows: boolean | null; undecided: string | null; sentence: string } | null };
}

describe.skipIf(process.platform !== 'linux')('memory of a cluster whose workers leak', () => {
  it('says it cannot tell where the requests ran, never the idle primary\'s "did not grow"', async () => {
    const pidFile = path.join(dir, 'pids');
    const r = await runFlambe(['record', '--launch', script, '--url', '/login', '-d', '4', '--warmup', '0', '--json'], {
      env: { PID_FILE: pidFile, PORT: '0' }, timeoutMs: 150_000,
    });
    const [, ...workers] = readFileSync(pidFile, 'utf8').split(' ').map(Number);
    pids.push(...readFileSync(pidFile, 'utf8').split(' ').map(Number));
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Out;
    expect(out.error).toBeNull();
    expect(out.processes.primaryRequests).toBe(0);
    expect(out.processes.children.every((k) => (k.requests ?? 0) > 0)).toBe(true);
    const growth = out.memory.growth!;
    console.log(`memory: ${growth.sentence}`);
    expect(growth).toMatchObject({ grows: null, undecided: 'served by child processes' });
    expect(growth.sentence).toBe(`Cannot tell whether memory grows where the requests ran: the 2 cluster workers that served them (pid ${out.processes.children.map((k) => k.pid).join(', ')}) `
      + 'have heaps of their own, which Flambé does not watch, and the primary, whose memory Flambé watched, served none. '
      + `To watch one's memory, record it alone: flambe record --pid ${out.processes.children[0].pid} --url ….`);
    expect(out.processes.children.map((k) => k.pid).sort()).toEqual([...workers].sort());
  }, 180_000);

  it('finds the leak when one worker is recorded alone by --pid, as the sentence says', async () => {
    const pidFile = path.join(dir, 'pids-alone');
    const cluster = spawn(process.execPath, [script], { env: { ...process.env, PID_FILE: pidFile, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
    let said = '';
    cluster.stdout!.on('data', (d: Buffer) => { said += d.toString(); });
    const all = (await waitFor(() => { try { return readFileSync(pidFile, 'utf8'); } catch { return null; } }, 40_000, 'the cluster to listen')).split(' ').map(Number);
    pids.push(...all);
    const port = /listening on (\d+)/.exec(said)![1];
    const r = await runFlambe(['record', `--pid=${all[1]}`, '--url', `http://127.0.0.1:${port}/login`, '-d', '4', '--warmup', '0', '--json'], { timeoutMs: 150_000 });
    expect(r.code, r.stderr).toBe(0);
    const growth = (JSON.parse(r.stdout) as Out).memory.growth!;
    console.log(`worker ${all[1]} alone: ${growth.sentence}`);
    expect(growth.grows).toBe(true);
    expect(growth.sentence).toMatch(/^Memory grows by /);
  }, 180_000);
});
