// Integration: the event-loop delay of an idle process, read over the
// inspector as the recorder does, is near zero (it read 10-12 ms when the
// monitor's 10 ms resolution was counted as delay).
import { afterAll, describe, expect, it } from 'vitest';
import { launchScript, stopProcess, type LaunchedProcess } from '../../../electron/services/targets/launch.ts';
import { InspectorSession } from '../../../electron/services/targets/inspector.ts';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { repo } from '../../helpers/demo.ts';

let launched: LaunchedProcess | null = null;
let session: InspectorSession | null = null;
afterAll(async () => {
  await session?.stopSampling();
  if (launched) await stopProcess(launched);
});

describe('event-loop delay', () => {
  it('reads under 2 ms at p99 in an idle process', async () => {
    // The inspector answers while Node still loads the script: sample once the
    // server listens (as the recorder does after its probe), or the first
    // window can hold no loop turn at all (null) or the evaluation fail.
    let listening!: () => void;
    const listens = new Promise<void>((resolve) => (listening = resolve));
    let out = '';
    launched = await launchScript({ script: path.join(repo, 'test/fixtures/load-server/server.js') }, {
      onOutput: (_stream, text) => { out += text; if (/listening on/.test(out)) listening(); },
      onWaitingForDebugger: () => {},
    });
    await listens;
    session = await InspectorSession.connect(launched.wsUrl);
    expect(await session.sample()).toBeNull(); // primes the monitor
    // Meanwhile another idle process measures how late a 1 ms timer really fires on
    // this machine: on a busy, shared machine the scheduler's own delay is real delay.
    const reference = new Promise<number>((resolve, reject) => execFile(process.execPath, [path.join(repo, 'test/fixtures/load-server/timer-lateness.js'), '2000'],
      (err, out) => (err ? reject(err) : resolve((JSON.parse(out) as { p99: number }).p99))));
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 500));
      const s = await session.sample();
      expect(s!.loopDelayP99Ms, 'a half-second window of an idle, listening server holds loop turns').not.toBeNull();
      delays.push(s!.loopDelayP99Ms!);
    }
    delays.sort((a, b) => a - b);
    // The median of four half-second windows: one window disturbed by another process does not decide.
    const median = (delays[1] + delays[2]) / 2;
    const machine = await reference;
    expect(delays[0]).toBeGreaterThanOrEqual(0);
    // Idle reads < 2 ms; on a machine whose scheduler itself delays timers, no more than
    // that delay plus 1.5 ms (the old 10 ms resolution read 10-24 ms here).
    expect(median, `machine's own timer lateness p99: ${machine.toFixed(2)} ms`).toBeLessThan(Math.max(2, machine + 1.5));
  });
});
