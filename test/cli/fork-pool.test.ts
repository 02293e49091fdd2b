// A server that hands each request's work to a pool of forked children over
// IPC (issue 34): the parent serves every request and computes nothing, its
// children compute and serve none. Flambé records the children beside it,
// names the wait ("waiting on a child process over IPC … from askPool") with
// the children's hot function, and counts the children's CPU per request of
// the parent's requests. Real processes: the CLI launching
// test/fixtures/child-processes/fork-pool.cjs, whose parent times each wait
// itself (from child.send to the answer's 'message') and whose child times
// renderInvoice over 40 calls back to back with its own thread's CPU clock.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { isAlive, repo, runFlambe, waitFor } from '../helpers/demo.ts';
import { listeningPorts, running } from '../helpers/os-processes.ts';
import { listeningPortsOf } from '../../electron/services/targets/processes.ts';
import { allocationsOf, extraOf } from '../../shared/recording/profile-extras.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'flambe-fork-pool-test-'));
const script = path.join(repo, 'test/fixtures/child-processes/fork-pool.cjs');
const pids: number[] = [];

afterEach(() => {
  for (const pid of pids.splice(0)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The CLI's default connections: requests in flight at once. */
const CONNECTIONS = 10;

interface Out {
  error: string | null;
  load: { requests: number };
  processes?: { primaryRequests: number | null; children: { pid: number; role: string; requests: number | null }[]; refused: unknown[] };
  requestTime?: { requests: number; parts: { kind: string; target: string; msPerRequest: number; callsPerRequest: number; from: { function: string } | null }[] };
  findings: { function: string; thread?: string; msPer1kRequests: number | null; msPer1kRequestsIsCpu?: boolean }[];
  checks: { id: string; text: string }[];
}

/** The server's own clock: requests served, jobs sent to the pool, ms they waited, and renderInvoice's CPU per call in a child. */
interface Truth { served: number; calls: number; ms: number; waits: number[]; usPerCall: number }

describe.skipIf(process.platform !== 'linux')('a launched server whose forked children do the work over IPC', () => {
  it('records the children, names the wait over IPC with their hot function, and leaves nothing running or listening', async () => {
    const pidFile = path.join(dir, 'pids');
    const statsFile = path.join(dir, 'stats.json');
    const profileFile = path.join(dir, 'pool.cpuprofile');
    const portsBefore = listeningPorts();
    const loadBefore = os.loadavg()[0];
    // /health first: Flambé's probe (the burst's first request) is answered by the parent, so the children's code is
    // first compiled under the profiler (V8 gives part of the samples of code optimized before it started to the caller).
    const run = runFlambe(['record', '--launch', script, '--url', '/', '--route', 'GET /health', '--route', 'GET /', '-c', String(CONNECTIONS), '-d', '2', '--warmup', '0', '--out', profileFile, '--json'], {
      env: { PID_FILE: pidFile, STATS_FILE: statsFile, PORT: '0' }, timeoutMs: 150_000,
    });
    const [parent, ...children] = (await waitFor(() => (existsSync(pidFile) ? readFileSync(pidFile, 'utf8') : null), 60_000, 'the pool to start')).split(' ').map(Number);
    pids.push(parent, ...children);
    // Every port the server's processes listen on while recorded (its server, the inspectors Flambé opened).
    const held = new Set<number>();
    let done = false;
    const watching = (async () => {
      while (!done) {
        for (const pid of [parent, ...children]) for (const p of await listeningPortsOf(pid)) held.add(p);
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const r = await run;
    done = true;
    await watching;
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Out;
    expect(out.error).toBeNull();

    // Both children recorded, as forked children that served no request; the parent served them all.
    const kids = out.processes!.children;
    expect(kids.map((k) => k.pid).sort()).toEqual([...children].sort());
    for (const k of kids) expect(k).toMatchObject({ role: 'forked child', requests: 0 });
    expect(out.processes!.refused).toEqual([]);
    expect(out.processes!.primaryRequests! - out.load.requests).toBeGreaterThanOrEqual(0);
    expect(out.processes!.primaryRequests! - out.load.requests).toBeLessThanOrEqual(CONNECTIONS);

    // Each child's own allocation profile, kept in its profile as the parent's is in its own (sampled like it).
    const saved = JSON.parse(readFileSync(profileFile, 'utf8')) as unknown;
    expect(allocationsOf(saved)?.head, 'the parent\'s allocations').toBeDefined();
    for (const child of extraOf(saved, 'processes')!.children) expect(allocationsOf(child.profile)?.head, `process ${child.pid}'s allocations`).toBeDefined();

    // The wait, from the line that sent the job, beside the parent's own clock of the same waits.
    const truth = await waitFor(() => (existsSync(statsFile) ? JSON.parse(readFileSync(statsFile, 'utf8')) as Truth : null), 10_000, 'the server to write its own clock');
    const ipc = out.requestTime!.parts.find((p) => p.kind === 'ipc');
    expect(ipc, JSON.stringify(out.requestTime!.parts)).toMatchObject({ target: 'fork-pool.cjs', from: { function: 'askPool' } });
    // Per request of either route, as Flambé's parts are: one job per request of GET /. The server's waits of the
    // requests Flambé counted — the first ones sent: those still out as the burst ended finished while Flambé read
    // the children's profiles (they paused for it), after the recording; counted, they read ×0.37 on a run at load 31.
    const recorded = out.requestTime!.requests;
    const ownWaitMs = truth.waits.slice(0, Math.round(ipc!.callsPerRequest * recorded)).reduce((s, w) => s + w, 0) / recorded;

    // The children's hot function, once for both, its CPU per request beside a child's own clock (40 calls back to back).
    const hot = out.findings.find((f) => f.function === 'renderInvoice');
    expect(hot, JSON.stringify(out.findings)).toBeDefined();
    expect(hot!.thread, JSON.stringify(out.findings.map((f) => [f.function, f.thread, (f as { line?: number }).line]))).toBe(`2 forked children (pid ${kids.map((k) => k.pid).join(', ')})`);
    expect(hot!.msPer1kRequestsIsCpu).toBe(true);
    const flambeMs = hot!.msPer1kRequests! / 1000;
    // renderInvoice runs once per request of GET / only: its CPU per request of either route.
    const ownMs = (truth.usPerCall / 1000) * (truth.calls / truth.served);
    const waiting = out.checks.find((c) => c.id === 'waiting')?.text ?? '';
    console.log(`fork pool: ${out.load.requests} requests; wait over IPC Flambé ${ipc!.msPerRequest.toFixed(1)} ms a request, the parent's own clock ${ownWaitMs.toFixed(1)} `
      + `(×${(ipc!.msPerRequest / ownWaitMs).toFixed(2)}), ${ipc!.callsPerRequest.toFixed(2)} waits a request against ${(truth.calls / truth.served).toFixed(2)} jobs; renderInvoice Flambé ${flambeMs.toFixed(2)} ms of CPU a request, a child's own clock ${ownMs.toFixed(2)} `
      + `(×${(flambeMs / ownMs).toFixed(2)}); load ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}\n  ${waiting}`);
    // Within 20 % at load 26 (×1.00, ×0.86); at load 32 one run read ×0.71 with 0.45 waits a request against 0.50
    // jobs: some waits of the recorded requests are not seen on so busy a machine, not yet explained. Held to ×0.6–1.25.
    expect(ipc!.msPerRequest / ownWaitMs).toBeGreaterThanOrEqual(0.6);
    expect(ipc!.msPerRequest / ownWaitMs).toBeLessThanOrEqual(1.25);
    // As many waits per request as the server sent jobs per request it served (its count also has the probe, and
    // requests that finished after the burst: 0.44 against 0.49 on a run at load 31).
    expect(Math.abs(ipc!.callsPerRequest / (truth.calls / truth.served) - 1)).toBeLessThanOrEqual(0.2);
    // ×1.08–1.18 at load 26–31, ×1.26 at load 32: a wall-time sample charges the time its thread was descheduled to
    // the code it was in, and a busy machine preempts a thread where it runs longest (issue 31's residual, as the
    // cluster test's). Held to ×0.8–1.4.
    expect(flambeMs / ownMs).toBeGreaterThanOrEqual(0.8);
    expect(flambeMs / ownMs).toBeLessThanOrEqual(1.4);
    expect(waiting).toContain('waiting on a child process over IPC (fork-pool.cjs: queued for the child, then its work) (from askPool, fork-pool.cjs:');
    expect(waiting).toContain(`the children's heaviest work: renderInvoice (fork-pool.cjs:`);

    // Nothing left: no process of the server runs, and no port it listened on is still listened on.
    for (const pid of [parent, ...children]) expect(running(pid), `process ${pid} still running`).toBe(false);
    expect(held.size).toBeGreaterThanOrEqual(2); // its server, and the inspectors Flambé opened
    const after = listeningPorts();
    for (const p of held) expect(after.has(p) && !portsBefore.has(p), `port ${p} still listened on`).toBe(false);
  }, 200_000);
});

describe.skipIf(process.platform !== 'linux')('the same pool recorded by --pid', () => {
  it('says its children could not be recorded and why, and points at no profile of theirs', async () => {
    const pidFile = path.join(dir, 'pids-by-pid');
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const server = spawn(process.execPath, [script], { env: { ...process.env, PID_FILE: pidFile, PORT: String(port) }, stdio: 'ignore' });
    const [parent, ...children] = (await waitFor(() => (existsSync(pidFile) ? readFileSync(pidFile, 'utf8') : null), 60_000, 'the pool to start')).split(' ').map(Number);
    pids.push(server.pid!, parent, ...children);
    const r = await runFlambe(['record', `--pid=${parent}`, '--url', `http://127.0.0.1:${port}/`, '-d', '1', '--warmup', '0', '--json'], { timeoutMs: 150_000 });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Out;
    // Each child's SIGUSR1 opened on Node's 9229, which the parent's inspector holds: both said, none recorded.
    expect(out.processes!.children).toEqual([]);
    expect((out.processes!.refused as { pid: number; why: string }[]).map((x) => x.pid).sort()).toEqual([...children].sort());
    const waiting = out.checks.find((c) => c.id === 'waiting')?.text ?? '';
    console.log(`fork pool by --pid: ${waiting}`);
    expect(waiting).toMatch(/waiting on a child process over IPC/);
    expect(waiting).not.toContain('own profile');
  }, 180_000);
});

