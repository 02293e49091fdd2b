// A launched target that forks children (issue 34, "leave nothing behind"):
// each child used to inherit `--inspect` and keep an inspector listening on
// 127.0.0.1 after the recording — 100 of 100 after 60 s — and to outlive a
// `kill -9` of Flambé. Real processes: the CLI, a server forking two helpers
// that ignore SIGTERM, and, for the kill -9, two busy loops beside it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { listeningPortsOf } from '../../../electron/services/targets/processes.ts';
import { flambeBin, isAlive, repo, runFlambe, waitFor } from '../../helpers/demo.ts';
import { listeningPorts, running } from '../../helpers/os-processes.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'flambe-children-test-'));
const server = path.join(repo, 'test/fixtures/child-processes/forking-server.cjs');
const started: ChildProcess[] = [];
const pids: number[] = [];

afterEach(() => {
  for (const c of started.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  // What the test itself could not end is a failure below; never leave it running.
  for (const pid of pids.splice(0)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The server's pids, "primary helper helper", once both helpers run. */
async function serverPids(pidFile: string): Promise<number[]> {
  const text = await waitFor(() => (existsSync(pidFile) ? readFileSync(pidFile, 'utf8') : null), 40_000, 'the server and its helpers to start');
  const found = text.split(' ').map(Number);
  pids.push(...found);
  return found;
}

/** A loop that keeps one core busy for `seconds`, then ends by itself. */
function cpuHog(seconds: number): ChildProcess {
  const hog = spawn(process.execPath, ['-e', `const end = Date.now() + ${seconds * 1000}; while (Date.now() < end);`], { stdio: 'ignore' });
  started.push(hog);
  return hog;
}

describe.skipIf(process.platform !== 'linux')('a launched server that forks children', () => {
  it('gives its children no inspector, and ends them with the recording', async () => {
    const pidFile = path.join(dir, 'recorded.pid');
    const before = listeningPorts();
    const run = runFlambe(['record', '--launch', server, '-d', '2', '--warmup', '0', '--json'], { env: { PID_FILE: pidFile }, timeoutMs: 90_000 });
    const [primary, ...helpers] = await serverPids(pidFile);
    for (const helper of helpers) expect(await listeningPortsOf(helper), `helper ${helper} listens on nothing`).toEqual([]);
    expect((await listeningPortsOf(primary)).length).toBe(2); // its server and the inspector Flambé opened

    const result = await run;
    expect(result.code, result.stderr).toBe(0);
    // stopProcess waits for the whole group: nothing is left when the CLI has exited.
    for (const pid of [primary, ...helpers]) expect(running(pid), `process ${pid} still running`).toBe(false);
    const opened = [...listeningPorts()].filter((p) => !before.has(p));
    for (const port of opened) expect((await Promise.all([primary, ...helpers].map(listeningPortsOf))).flat()).not.toContain(port);
  }, 120_000);

  it('ends the server and its children when the CLI is killed with kill -9 beside two busy loops', async () => {
    const pidFile = path.join(dir, 'killed.pid');
    const flambe = spawn(process.execPath, [flambeBin, 'record', '--launch', server, '-d', '60', '--warmup', '0', '--json'], {
      cwd: repo, env: { ...process.env, PID_FILE: pidFile }, stdio: 'ignore',
    });
    started.push(flambe);
    const all = await serverPids(pidFile);
    cpuHog(20);
    cpuHog(20);
    await new Promise((r) => setTimeout(r, 1500)); // the burst runs
    for (const pid of all) expect(running(pid)).toBe(true);
    const killedAt = Date.now();
    flambe.kill('SIGKILL');
    await waitFor(() => all.every((pid) => !running(pid)), 15_000, 'the server and its helpers to end after flambe was killed');
    // Not an assertion (a busy machine decides): printed for the record.
    console.log(`children test: server and helpers gone ${Date.now() - killedAt} ms after kill -9 (load ${os.loadavg()[0].toFixed(1)})`);
  }, 120_000);
});
