// A launched target must not outlive Flambé (issue 9 item 5): SIGKILL of
// `flambe record --launch` used to leave the server running with its
// inspector open for any local process to attach to.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { watchdogPreload } from '../../../electron/services/targets/watchdog.ts';
import { flambeBin, isAlive, repo, waitFor } from '../../helpers/demo.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'flambe-watchdog-test-'));
const pids: number[] = [];
afterAll(() => {
  for (const pid of pids) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('the watchdog preload', () => {
  it('never keeps a target alive by itself: a script that is done exits at once', () => {
    const script = path.join(dir, 'done.js');
    writeFileSync(script, 'console.log("done")');
    const r = spawnSync(process.execPath, ['-r', watchdogPreload(), script], { stdio: ['ignore', 'pipe', 'pipe', 'pipe'], encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('done\n');
  });

  it('does nothing when nobody watches (no fd 3)', () => {
    const r = spawnSync(process.execPath, ['-r', watchdogPreload(), '-e', 'setTimeout(() => console.log("still here"), 300)'], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 20_000 });
    expect(r.stdout).toBe('still here\n');
  });
});

describe('SIGKILL of flambe record --launch', () => {
  it('takes the launched server down with it, even one that ignores SIGTERM', async () => {
    const pidFile = path.join(dir, 'target.pid');
    const script = path.join(dir, 'server.js');
    writeFileSync(script, `require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));
process.on('SIGTERM', () => console.log('ignoring SIGTERM'));
require('http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1');`);
    const flambe = spawn(process.execPath, [flambeBin, 'record', '--launch', script, '-d', '60', '--warmup', '0', '--json'], { cwd: repo, stdio: 'ignore' });
    const pid = Number(await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8'), 30_000, 'the target to start'));
    pids.push(pid);
    // Let the recording start (the inspector is attached and the burst runs).
    await new Promise((r) => setTimeout(r, 1500));
    expect(isAlive(pid)).toBe(true);
    flambe.kill('SIGKILL');
    await waitFor(() => !isAlive(pid), 15_000, 'the target to end after flambe was killed');
    expect(isAlive(pid)).toBe(false);
  });
});
