// A node:cluster server recorded where its requests run (issue 34): the
// primary serves none, its workers serve them all. Flambé opens each worker's
// inspector (SIGUSR1 on the free port the preload gave it), records every
// worker's CPU profile and requests beside the primary's, and closes those
// inspectors again. Real processes: the CLI launching a cluster of 2 plain
// node:http workers and one of 4 Express workers, each worker timing its hot
// function with its own thread's CPU clock (test/fixtures/child-processes/cluster-http.cjs).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { flambeBin, isAlive, repo, runFlambe, waitFor } from '../helpers/demo.ts';
import { running } from '../helpers/os-processes.ts';
import { listeningPortsOf } from '../../electron/services/targets/processes.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'flambe-cluster-test-'));
const script = path.join(repo, 'test/fixtures/child-processes/cluster-http.cjs');
const pids: number[] = [];

afterEach(() => {
  for (const pid of pids.splice(0)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Out {
  error: string | null;
  load: { requests: number };
  processes?: { primaryRequests: number | null; children: { pid: number; role: string; requests: number | null }[]; refused: unknown[] };
  cpu?: { processCpuMs: number | null; mainThread: { cpuMs: number } | null; workers: { name: string; cpuMs: number | null }[] };
  findings: { kind: string; thread?: string; function: string; msPer1kRequests: number | null; msPer1kRequestsIsCpu?: boolean }[];
}

/** The CLI's default connections: requests in flight at once. */
const CONNECTIONS = 10;

/** A worker's own count of hashPayload calls, and its CPU per call over ≥ 100 ms back to back (cluster-http.cjs). */
interface Spent { pid: number; calls: number; usPerCall: number; ended: boolean }

describe.skipIf(process.platform !== 'linux')('a launched node:cluster server', () => {
  for (const [framework, workers] of [['node:http', 2], ['express', 4]] as const) {
    it(`records its ${workers} ${framework} workers together: counts per worker, the workers' hot function, nothing left behind`, async () => {
      const run = path.join(dir, `${framework.replace(':', '-')}-${workers}`);
      const spentDir = path.join(run, 'spent');
      const pidFile = path.join(run, 'pids');
      await import('node:fs').then((fs) => fs.mkdirSync(spentDir, { recursive: true }));
      const loadBefore = os.loadavg()[0];
      const r = await runFlambe(['record', '--launch', script, '--url', '/', '-c', String(CONNECTIONS), '-d', '2', '--warmup', '0', '--json'], {
        env: { PID_FILE: pidFile, PORT: '0', WORKERS: String(workers), SPENT_DIR: spentDir, FRAMEWORK: framework === 'express' ? 'express' : '' },
        timeoutMs: 150_000,
      });
      const [primary, ...workerPids] = readFileSync(pidFile, 'utf8').split(' ').map(Number);
      pids.push(primary, ...workerPids);
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as Out;
      expect(out.error).toBeNull();

      // Every worker recorded, as a cluster worker; the primary served none.
      const kids = out.processes!.children;
      expect(kids.map((k) => k.pid).sort()).toEqual([...workerPids].sort());
      for (const k of kids) expect(k.role).toBe('cluster worker');
      expect(out.processes!.primaryRequests).toBe(0);
      expect(out.processes!.refused).toEqual([]);

      // The per-worker counts add up to the requests sent: those answered, and at most one per connection still in
      // flight as the burst ended (the workers finished them; the load generator had stopped waiting: 502 answered,
      // 512 served at 250 requests/s) — and each is what the worker itself counted.
      const sum = kids.reduce((s, k) => s + k.requests!, 0);
      expect(sum - out.load.requests).toBeGreaterThanOrEqual(0);
      expect(sum - out.load.requests).toBeLessThanOrEqual(CONNECTIONS);
      // Each worker wrote its own clock: timed before it listened, its count as the CLI ended it.
      const spent = await waitFor(() => {
        const files = existsSync(spentDir) ? readdirSync(spentDir).filter((f) => f.endsWith('.json')) : [];
        return files.length === workers ? files.map((f) => JSON.parse(readFileSync(path.join(spentDir, f), 'utf8')) as Spent) : null;
      }, 10_000, 'every worker to write its own clock');
      for (const k of kids) {
        const own = spent.find((s) => s.pid === k.pid)!;
        // Ended by the CLI's SIGTERM, not crashed: closing the inspector Flambé opened, from its side while the worker
        // stopped it, once segfaulted one worker in five here.
        expect(own.ended, `worker ${k.pid} ended without running its exit handler: it crashed`).toBe(true);
        // The worker's own count also has the probe Flambé sends before the burst (one request, to one worker).
        expect(own.calls - k.requests!).toBeGreaterThanOrEqual(0);
        expect(own.calls - k.requests!).toBeLessThanOrEqual(1);
      }

      // The verdict names the workers' hot function once, for all of them, with its CPU per request beside the workers' own clock.
      const hot = out.findings.find((f) => f.function === 'hashPayload');
      expect(hot, JSON.stringify(out.findings)).toBeDefined();
      expect(hot!.thread).toBe(`${workers} cluster workers (pid ${kids.map((k) => k.pid).join(', ')})`);
      // One call per request: the workers' CPU per call, weighed by the calls each made.
      const ownMsPerRequest = spent.reduce((s, x) => s + x.usPerCall * x.calls, 0) / 1000 / spent.reduce((s, x) => s + x.calls, 0);
      const flambeMsPerRequest = hot!.msPer1kRequests! / 1000;
      console.log(`cluster ${framework} ×${workers}: ${out.load.requests} requests answered, per worker ${kids.map((k) => `${k.pid}: ${k.requests}`).join(', ')} (sum ${sum}); `
        + `hashPayload Flambé ${flambeMsPerRequest.toFixed(3)} ms of ${hot!.msPer1kRequestsIsCpu ? 'CPU' : 'sampled time'} a request, the workers' own clock ${ownMsPerRequest.toFixed(3)} `
        + `(×${(flambeMsPerRequest / ownMsPerRequest).toFixed(2)}); each worker's main thread ${out.cpu!.workers.map((w) => `${(w.cpuMs! / kids.find((k) => w.name.startsWith(`process ${k.pid} `))!.requests!).toFixed(3)}`).join(', ')} ms of CPU a request; `
        + `load ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}`);
      // Two workers: within 20 % of the workers' own clock read over a batch (×1.11 at load 30; it read ×0.91–2.17
      // against the sum of the clock around each call, which moves in 4 ms ticks here). Four Express workers on two
      // cores at load 30 read ×1.79: not yet within 20 % — a wall-time sample charges the time its thread was
      // descheduled to the code it was in, and the longest-running code is where a busy machine preempts it (issue
      // 31's residual). Held to ×0.8–2 there, so it cannot grow unseen.
      const ratio = flambeMsPerRequest / ownMsPerRequest;
      if (workers === 2) expect(Math.abs(ratio - 1)).toBeLessThanOrEqual(0.2);
      else {
        expect(ratio).toBeGreaterThanOrEqual(0.8);
        expect(ratio).toBeLessThanOrEqual(2);
      }

      // Each worker's own CPU clock read, under its name in the picker; the whole process's CPU is every recorded
      // process's, never less than their threads' (Compare's "in the profile" never above "whole process").
      const cpu = out.cpu!;
      for (const k of kids) expect(cpu.workers.find((w) => w.name === `process ${k.pid} (cluster worker)`)?.cpuMs).toBeGreaterThan(0);
      const threadsMs = cpu.workers.reduce((s, w) => s + w.cpuMs!, cpu.mainThread!.cpuMs);
      expect(cpu.processCpuMs!).toBeGreaterThanOrEqual(threadsMs - 1);

      // Nothing left running (a process that has ended holds no socket: every inspector Flambé opened went with it).
      for (const pid of [primary, ...workerPids]) expect(running(pid), `process ${pid} still running`).toBe(false);
    }, 200_000);
  }
});

/** A cluster the user started (not Flambé): its pids once every worker listens, and the ports each listens on. */
async function startCluster(name: string, nodeArgs: string[]): Promise<{ pids: number[]; ports: Map<number, number[]>; stop(): void }> {
  const pidFile = path.join(dir, `${name}.pids`);
  const child = spawn(process.execPath, [...nodeArgs, script], { env: { ...process.env, PORT: '0', WORKERS: '2', PID_FILE: pidFile }, stdio: 'ignore' });
  const found = (await waitFor(() => (existsSync(pidFile) ? readFileSync(pidFile, 'utf8') : null), 40_000, 'the cluster to listen')).split(' ').map(Number);
  pids.push(...found);
  const ports = new Map(await Promise.all(found.map(async (p) => [p, await listeningPortsOf(p)] as const)));
  return { pids: found, ports, stop: () => child.kill('SIGKILL') };
}

describe.skipIf(process.platform !== 'linux')('a node:cluster server Flambé attaches to', () => {
  it('started with --inspect: records both workers through the inspectors they inherited, and leaves those open as it found them', async () => {
    const cluster = await startCluster('attach', ['--inspect=127.0.0.1:0']);
    try {
      const workers = cluster.pids.slice(1);
      const inspector = inspectorPort(cluster);
      const r = await runFlambe(['record', '--attach', `127.0.0.1:${inspector}`, '--url', '/', '-d', '2', '--warmup', '0', '--json'], { timeoutMs: 150_000 });
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as Out;
      expect(out.processes!.children.map((k) => k.pid).sort()).toEqual([...workers].sort());
      const sum = out.processes!.children.reduce((s, k) => s + k.requests!, 0);
      expect(sum - out.load.requests).toBeGreaterThanOrEqual(0);
      expect(sum - out.load.requests).toBeLessThanOrEqual(CONNECTIONS);
      expect(out.findings.find((f) => f.function === 'hashPayload')?.thread).toBe(`2 cluster workers (pid ${out.processes!.children.map((k) => k.pid).join(', ')})`);
      // Not Flambé's: every process still runs, each listening on exactly what it did before (its own inspectors included).
      for (const pid of cluster.pids) {
        expect(running(pid)).toBe(true);
        expect((await listeningPortsOf(pid)).sort()).toEqual([...cluster.ports.get(pid)!].sort());
      }
    } finally {
      cluster.stop();
    }
  }, 200_000);

  it('by --pid: says why the workers could not be opened beside the primary, and closes the inspector it opened in the primary', async () => {
    const cluster = await startCluster('pid', []);
    try {
      const [primary, ...workers] = cluster.pids;
      const r = await runFlambe(['record', `--pid=${primary}`, '--url', '/', '-d', '1', '--warmup', '0', '--json'], { timeoutMs: 150_000 });
      const out = JSON.parse(r.stdout) as Out;
      // Each worker, with no inspector port of its own, opens on Node's 9229, which the primary's holds: said, not hidden.
      expect(out.error).toContain(`Flambé recorded process ${primary}, which served none`);
      for (const w of workers) expect(out.error).toContain(`pid ${w}: Port 9229 is taken by the inspector of process ${primary}`);
      // …and what to type instead: the primary with --inspect, attached to (its workers then have ports of their own).
      expect(out.error).toContain('Start the server with node --inspect=127.0.0.1:0 and record it with flambe record --attach 127.0.0.1:<the port it prints>');
      for (const pid of cluster.pids) {
        expect(running(pid)).toBe(true);
        expect((await listeningPortsOf(pid)).sort(), `process ${pid} listens on what it did before`).toEqual([...cluster.ports.get(pid)!].sort());
      }
    } finally {
      cluster.stop();
    }
  }, 200_000);
});

/** The primary's inspector: node:cluster gives the workers --inspect-port=<its port + 1, + 2>. */
function inspectorPort(cluster: { pids: number[]; ports: Map<number, number[]> }): number {
  const workerPorts = cluster.pids.slice(1).flatMap((w) => cluster.ports.get(w)!);
  return cluster.ports.get(cluster.pids[0])!.find((p) => workerPorts.includes(p + 1))!;
}

describe.skipIf(process.platform !== 'linux')('a launched node:cluster server when the CLI is killed with kill -9', () => {
  it('ends the primary and its workers, whose inspectors Flambé had opened, beside two busy loops', async () => {
    const pidFile = path.join(dir, 'killed.pids');
    const flambe = spawn(process.execPath, [flambeBin, 'record', '--launch', script, '--url', '/', '-d', '60', '--warmup', '0', '--json'], {
      cwd: repo, env: { ...process.env, PORT: '0', WORKERS: '2', PID_FILE: pidFile }, stdio: 'ignore',
    });
    const all = (await waitFor(() => (existsSync(pidFile) ? readFileSync(pidFile, 'utf8') : null), 40_000, 'the cluster to listen')).split(' ').map(Number);
    pids.push(...all);
    // Two bounded busy loops, one per core of the test machine.
    const hogs = [0, 1].map(() => spawn(process.execPath, ['-e', 'const end = Date.now() + 20000; while (Date.now() < end);'], { stdio: 'ignore' }));
    try {
      // The recording is under way once Flambé has opened a worker's inspector (it listens on a port it did not).
      await waitFor(async () => ((await listeningPortsOf(all[1])).length > 0 ? true : null), 30_000, 'Flambé to open a worker\'s inspector');
      const killedAt = Date.now();
      flambe.kill('SIGKILL');
      await waitFor(() => all.every((pid) => !running(pid)), 15_000, 'the primary and its workers to end after flambe was killed');
      // Not an assertion (a busy machine decides): printed for the issue's record.
      console.log(`cluster kill -9: primary and workers gone ${Date.now() - killedAt} ms after kill -9 (load ${os.loadavg()[0].toFixed(1)})`);
    } finally {
      for (const h of hogs) h.kill('SIGKILL');
      if (flambe.exitCode === null && flambe.signalCode === null) flambe.kill('SIGKILL');
    }
  }, 120_000);
});
