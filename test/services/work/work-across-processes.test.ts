// Integration: one measurement of the machine at a time, across processes.
// A service on a library (as the app and browser mode run it) and a real CLI
// process on the same library refuse each other's disturbing work with one
// sentence naming what runs and where; the service's page is told when the
// CLI's work starts and ends; a CLI killed with SIGKILL refuses nothing after.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFlambeService } from '../../../electron/services/service.ts';
import { workRegistryFile } from '../../../electron/services/work/work-registry.ts';
import type { FlambeEvent, FlambeEvents } from '../../../shared/api.ts';
import { flambeBin, repo, runFlambe, waitFor } from '../../helpers/demo.ts';

const libraryPath = path.join(mkdtempSync(path.join(tmpdir(), 'flambe-work-x-')), 'library.sqlite');
const service = createFlambeService({ libraryPath, program: 'the test app' });
const events: FlambeEvent[] = [];
service.onEvent((e) => events.push(e));
const plain = createServer((_req, res) => res.end('ok'));
afterAll(async () => {
  await service.dispose();
  plain.close();
});

const listen = async () => {
  if (!plain.listening) await new Promise<void>((r) => plain.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(plain.address() as AddressInfo).port}/`;
};

describe('the one-measurement rule between the app and a CLI run on one library', () => {
  it('refuses a CLI recording while the app sweeps, naming the sweep and the app', async () => {
    const url = await listen();
    const sweep = service.api.runSweep({ targetId: null, load: { url, connections: 1, durationSec: 2 }, levels: [1, 2], warmupSec: 0 });
    await waitFor(async () => (await service.api.runningWork({})).some((w) => w.kind === 'sweep'), 10_000, 'the sweep to run');

    const r = await runFlambe(['record', '--no-profile', '--url', url, '-d', '1', '--warmup', '0', '--save', '--library', libraryPath]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(
      `flambe: A concurrency sweep (GET /) is running in another Flambé process (the test app, pid ${process.pid}): a recording now would share the machine with it and disturb what it measures. Wait for it to finish, or stop it first.`,
    );
    expect(existsSync(workRegistryFile(libraryPath))).toBe(true);
    await sweep;
  }, 90_000);

  it('refuses the app’s recording while a CLI sweep runs, lists it for pages, and forgets it when the CLI is killed', async () => {
    const url = await listen();
    const cli = spawn(process.execPath, [flambeBin, 'sweep', '--no-profile', '--url', url, '-c', '1,2,4', '-d', '5', '--warmup', '0', '--library', libraryPath, '--save'], { cwd: repo, stdio: 'ignore' });
    try {
      const seen = await waitFor(async () => (await service.api.runningWork({})).find((w) => w.elsewhere), 30_000, 'the CLI sweep to be listed');
      expect(seen).toMatchObject({ kind: 'sweep', label: 'GET /', elsewhere: { pid: cli.pid, program: 'flambe sweep' } });
      await expect(service.api.startRecording({ targetId: null, load: { url, durationSec: 1 } })).rejects.toThrow(
        `A concurrency sweep (GET /) is running in another Flambé process (flambe sweep, pid ${cli.pid}): a recording now would share the machine with it and disturb what it measures. Wait for it to finish, or stop it first.`,
      );
      // The page learnt of it without asking (the service watches the registry).
      await waitFor(() => events.some((e) => e.name === 'workChanged' && (e.payload as FlambeEvents['workChanged']).running.some((w) => w.elsewhere?.pid === cli.pid)), 10_000, 'a workChanged naming the CLI sweep');
    } finally {
      cli.kill('SIGKILL');
    }
    await new Promise((r) => cli.once('exit', r));
    // Its row stays in the file, but its process is gone: nothing is refused, nothing listed.
    expect((await service.api.runningWork({})).filter((w) => w.elsewhere)).toEqual([]);
    const { recordingId } = await service.api.startRecording({ targetId: null, load: { url, durationSec: 1 }, warmupSec: 0 });
    expect(recordingId).toBeTruthy();
    await waitFor(() => events.some((e) => e.name === 'recordingDone' && (e.payload as FlambeEvents['recordingDone']).recordingId === recordingId), 30_000, 'the recording to end');
  }, 120_000);
});
