// Evidence for "every ms of CPU is CPU" (issue 31): a server that times its
// own functions with its main thread's CPU clock (test/fixtures/cpu/own-clock.cjs),
// recorded by Flambé beside a CPU hog (two busy-loop processes: the machine's
// cores are contended, so the sampler charges time the thread spent waiting
// for a core to whatever was on its stack). Flambé's per-request figure for each
// function comes nearer the server's own than the sampled wall time did
// (pbkdf2 usually within 20 %, not always on a very busy machine), and no
// figure exceeds the one that contains it. Real processes, real load at the
// default 10 connections, real profiles.
//
// Not yet within 20 % (issue 31, said in docs/recording.md "What the OS clock
// cannot fix yet"): at load averages 11–21 on 2 cores a plain CPU loop read
// ×1.08–1.49, pbkdf2 ×1.02–1.40. Not the long sample deltas of a descheduled
// thread: counting each sample at most 2× the asked interval left them where
// they were (/spin ×1.41 → 1.41, ×1.24 → 1.29; pbkdf2 ×1.20 → 1.20). What
// was measured instead: the timed function is 53–59 % of the thread's CPU
// per request, but 74–80 % of its busy samples — the thread also runs while
// the profile says idle (the sampler's signals waking it, 12–14 µs a sample;
// the event loop's native work between callbacks), and that CPU is shared
// among the busy functions. Where the OS counted more CPU than the sampled
// busy time, figures are bounded by it (cpu-time.ts: pbkdf2 read ×1.02 where
// the unbounded share said ×1.41); below it, the idle part cannot be told
// apart yet. The allocation-bound builder reads 0.54–0.79×: its collections
// are V8's "(garbage collector)" samples, in the GC row, while the server's
// clock around it counts them. Taking them out of that clock is no truth
// either: the wall time of the collections inside its calls
// (PerformanceObserver "gc") was 2.0–2.8 ms of its 4.6–5.4 ms, and once 4.56
// of 4.66 beside the hog — a collection's wall time there is mostly waiting.
// Beside a quieter machine its sampled time can read below its clock too
// (×0.80, Flambé ×0.54 at load 11), and then the check below fails for it.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlambeService } from '../../../electron/services/service.ts';
import { recordRequestSchema, type FlambeEvent, type RecordingMeta } from '../../../shared/api.ts';
import { analyzeProfile } from '../../../shared/profile/views/analyze.ts';
import { msPerThousandRequests, perRequestOf } from '../../../shared/profile/cpu-time.ts';
import { buildComparison, roundFromRecording, type CompareRound } from '../../../shared/compare/index.ts';
import { importProfile } from '../../../shared/profile/import/any-format.ts';
import { startNeighbour, type Neighbour } from '../../../scripts/noisy-neighbour.ts';
import { repo, waitFor } from '../../helpers/demo.ts';

const service = createFlambeService({ libraryPath: path.join(mkdtempSync(path.join(tmpdir(), 'flambe-own-clock-')), 'library.sqlite') });
const events: FlambeEvent[] = [];
service.onEvent((e) => events.push(e));
const ROUTES = { '/spin': 'spinNumbers', '/rows': 'buildRows', '/pbkdf2': 'hashPassword' } as const;
type Spent = Record<string, { us: number; calls: number }>;
let targetId = '';
let base = '';
let hogs: Neighbour[] = [];

const spent = async (at = base): Promise<Spent> => (await fetch(new URL('/spent', at))).json() as Promise<Spent>;

beforeAll(async () => {
  targetId = (await service.api.launchTarget({ script: path.join(repo, 'test/fixtures/cpu/own-clock.cjs') })).targetId;
  base = await waitFor(async () => (await service.api.getTarget({ targetId })).suggestedUrls[0], 15_000, 'a listening port');
  // Warm each route up, so every recording measures optimized code from its first request.
  for (let i = 0; i < 30; i++) for (const p of Object.keys(ROUTES)) await (await fetch(new URL(p, base))).text();
  // Two busy loops, one per core of the test machine: each is bounded (killed in afterAll, and they end with this process).
  hogs = [startNeighbour('constant'), startNeighbour('constant')];
}, 30_000);
afterAll(async () => {
  await Promise.all(hogs.map((h) => h.stop()));
  await service.api.stopTarget({ targetId }).catch(() => undefined);
  service.dispose();
});

/** Records one route for `durationSec` at 10 connections: the recording, its profile, and the server's own ms of CPU per call meanwhile. */
async function record(route: string, durationSec: number, on = { targetId, base }) {
  const { targetId: id, base: at } = on;
  const before = await spent(at);
  const { recordingId } = await service.api.startRecording(recordRequestSchema.parse({
    targetId: id, warmupSec: 0, load: { url: new URL(route, at).href, connections: 10, durationSec },
  }));
  await waitFor(() => events.find((e) => e.name === 'recordingDone' && e.payload.recordingId === recordingId), 60_000, 'recordingDone');
  const after = await spent(at);
  const calls = after[route].calls - (before[route]?.calls ?? 0);
  const serverMsPerCall = (after[route].us - (before[route]?.us ?? 0)) / 1000 / calls;
  const rec: RecordingMeta = await service.api.getRecording({ id: recordingId });
  const profile = importProfile(Buffer.from(await service.api.getProfile({ id: recordingId })).toString('utf8'));
  return { rec, profile, serverMsPerCall, calls };
}

describe('ms of CPU beside a CPU hog', () => {
  it('gives each function its CPU per request from the OS clock, and no figure exceeds the one that contains it', async () => {
    const lines: string[] = [];
    const rounds: CompareRound[] = [];
    for (const [route, fn] of Object.entries(ROUTES)) {
      const { rec, profile, serverMsPerCall, calls } = await record(route, 2);
      expect(rec.error).toBeNull();
      const requests = rec.load!.requests;
      const cpu = rec.cpu!;
      // Read by Node's own clock in the target (the tests' Node has process.threadCpuUsage).
      expect(cpu.mainThread?.clock).toBe('threadCpuUsage');
      // The figure every table and sentence prints (shared/profile/cpu-time.ts), here through flambe analyze's summary.
      const analysis = analyzeProfile(profile, { perRequest: perRequestOf(requests, cpu) });
      expect(analysis.cpuTime).toBe(true);
      const flambe = analysis.functions.find((f) => f.name === fn)!.totalMsPer1kRequests! / 1000;
      const sampled = msPerThousandRequests(analysis.functions.find((f) => f.name === fn)!.totalMs, perRequestOf(requests)) / 1000;
      lines.push(`${route} ${fn}: Flambé ${flambe.toFixed(3)} ms of CPU a request (sampled time ${sampled.toFixed(3)}), the server's own clock ${serverMsPerCall.toFixed(3)} `
        + `(×${(flambe / serverMsPerCall).toFixed(2)}, sampled ×${(sampled / serverMsPerCall).toFixed(2)}); ${requests} requests answered, ${calls} calls; `
        + `window ${cpu.windowMs.toFixed(0)} ms: main thread ${cpu.mainThread!.cpuMs.toFixed(0)} ms of CPU, process ${cpu.processCpuMs!.toFixed(0)}, sampled busy ${cpu.sampledBusyMs.toFixed(0)} of ${cpu.sampledMs.toFixed(0)}`);
      console.log(lines.at(-1));
      // Invariants: every function within its thread, the thread within the process (the OS's own clocks).
      expect(cpu.mainThread!.cpuMs).toBeLessThanOrEqual(cpu.processCpuMs!);
      for (const f of analysis.functions.filter((x) => x.totalMsPer1kRequests !== undefined)) {
        expect(f.totalMsPer1kRequests! * requests / 1000).toBeLessThanOrEqual(cpu.mainThread!.cpuMs * (1 + 1e-9));
        // A thread cannot run longer than it was sampled busy: a function's CPU never exceeds its sampled time.
        expect(f.totalMsPer1kRequests! * requests / 1000).toBeLessThanOrEqual(f.totalMs * (1 + 1e-9));
      }
      // Nearer the server's own clock than the sampled wall time it replaces, where a waiting thread inflated that
      // (over 1.25× the server's clock: the machine was busy enough to say). Equal where the thread ran at least as
      // long as it was sampled busy: its figures are then the sampled time (cpu-time.ts). On a quiet run the sampled
      // time is near the truth already, and the allocating builder reads low either way (its GC is the GC row's).
      if (sampled / serverMsPerCall > 1.25) expect(Math.abs(Math.log(flambe / serverMsPerCall))).toBeLessThanOrEqual(Math.abs(Math.log(sampled / serverMsPerCall)));
      // Not held to 20 %: pbkdf2 read ×1.04–1.15 at load averages 8–20 on 2 cores, but ×1.45 at 23 (sampled time ×16
      // there) and ×1.20–1.40 at 17–21; the residual is the thread's CPU while sampled idle, shared among the busy
      // functions (see the header).
      rounds.push(roundFromRecording(rec, profile));
    }
    // Compare's "in the profile (JavaScript thread)" never above its "whole process": both from the OS over one window.
    const c = buildComparison([rounds[0]], [rounds[2]]);
    for (const side of ['a', 'b'] as const) expect(c.cpuMsPer1kRequests![side]).toBeLessThanOrEqual(c.processCpuMsPer1k![side]);
  }, 120_000);

  it('reads the main thread\'s clock from /proc schedstat for a Node without threadCpuUsage, and by --pid as launched', async () => {
    const script = path.join(repo, 'test/fixtures/cpu/own-clock.cjs');
    const lines: string[] = [];
    // The machine's own Node 20 (no process.threadCpuUsage), launched: Flambé reads the thread's schedstat itself.
    const old = (await service.api.launchTarget({ script, nodePath: '/usr/bin/node' })).targetId;
    // A Node 24 server started without an inspector, attached by its pid (SIGUSR1), as a user would with --pid.
    const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const oldBase = await waitFor(async () => (await service.api.getTarget({ targetId: old })).suggestedUrls[0], 15_000, 'a listening port');
      const port = await new Promise<string>((resolve) => child.stdout!.on('data', (d: Buffer) => { const m = /listening on (\d+)/.exec(String(d)); if (m) resolve(m[1]); }));
      const byPid = (await service.api.attachProcess({ pid: child.pid! })).targetId;
      const pidBase = `http://127.0.0.1:${port}/`;
      for (const [how, on, clock] of [['launched on Node 20', { targetId: old, base: oldBase }, 'schedstat'], ['--pid', { targetId: byPid, base: pidBase }, 'threadCpuUsage']] as const) {
        for (let i = 0; i < 30; i++) await (await fetch(new URL('/pbkdf2', on.base))).text();
        const { rec, profile, serverMsPerCall } = await record('/pbkdf2', 1.5, on);
        expect(rec.error).toBeNull();
        expect(rec.cpu?.mainThread?.clock).toBe(clock);
        const row = analyzeProfile(profile, { perRequest: perRequestOf(rec.load!.requests, rec.cpu) }).functions.find((f) => f.name === 'hashPassword')!;
        const flambe = row.totalMsPer1kRequests! / 1000;
        const sampled = msPerThousandRequests(row.totalMs, perRequestOf(rec.load!.requests)) / 1000;
        lines.push(`${how} (${clock}): Flambé ${flambe.toFixed(3)} ms of CPU a request (sampled time ${sampled.toFixed(3)}), the server's own clock ${serverMsPerCall.toFixed(3)} `
          + `(×${(flambe / serverMsPerCall).toFixed(2)}, sampled ×${(sampled / serverMsPerCall).toFixed(2)})`);
        expect(rec.cpu!.mainThread!.cpuMs).toBeLessThanOrEqual(rec.cpu!.processCpuMs!);
        // Nearer the server's own clock than sampled time. Not held to 20 % here: at a load average of 20 on 2 cores
        // (other test runs beside the hog) Node 20's pbkdf2Sync read ×1.39, the wait of a thread descheduled inside one
        // long native call being charged to it (docs/recording.md "How CPU is measured", what the OS clock cannot fix yet).
        expect(Math.abs(Math.log(flambe / serverMsPerCall))).toBeLessThan(Math.abs(Math.log(sampled / serverMsPerCall)));
      }
    } finally {
      console.log(lines.join('\n'));
      child.kill('SIGKILL');
      await service.api.stopTarget({ targetId: old }).catch(() => undefined);
    }
  }, 120_000);
});
