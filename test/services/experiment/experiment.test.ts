// Integration: A/B experiments on a real server, through the same service the
// app, the browser mode and the CLI use — real processes, real load, real
// profiles, a real SQLite library.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFlambeService } from '../../../electron/services/service.ts';
import type { ExperimentSpec, FlambeEvent } from '../../../shared/api.ts';
import type { ExperimentResult } from '../../../shared/experiment/types.ts';
import { repo, waitFor } from '../../helpers/demo.ts';

const script = path.join(repo, 'test/fixtures/log-switch/server.cjs');
const libraryPath = path.join(mkdtempSync(path.join(tmpdir(), 'flambe-exp-')), 'library.sqlite');
const service = createFlambeService({ libraryPath });
const events: FlambeEvent[] = [];
service.onEvent((e) => events.push(e));
afterAll(() => service.dispose());

async function run(spec: ExperimentSpec): Promise<ExperimentResult> {
  const { experimentId } = await service.api.startExperiment(spec);
  await waitFor(() => events.find((e) => e.name === 'experimentDone' && e.payload.experimentId === experimentId), 170_000, 'experimentDone');
  return service.api.getExperiment({ id: experimentId });
}

const load = { url: '/', connections: 4, durationSec: 1.5 };

describe('an experiment on a server with an env-switched console.log', () => {
  it('finds B (logging off) significantly faster, and says the difference is logging', async () => {
    const exp = await run({
      target: { kind: 'launch', launch: { script } }, differ: { kind: 'env', a: { LOG: '1' }, b: { LOG: '0' } },
      names: { a: 'with console.log', b: 'without' }, rounds: 4, load, warmupSec: 1, seed: 1,
    });
    expect(exp.error).toBeNull();
    expect(exp.status).toBe('done');
    expect(exp.order).toMatch(/^(AB|BA)$/);
    // 4 pairs, the first in the recorded order and then alternating (A B, B A, …), each round a recording with a profile.
    // (A round missing here was linked to no saved recording: the message says which recordings were not saved, and why.)
    const unsaved = JSON.stringify(events.filter((e) => e.name === 'recordingDone' && !(e.payload as { saved: boolean }).saved).map((e) => e.payload));
    expect(exp.rounds.map((r) => r.variant).join(''), `rounds ${JSON.stringify(exp.rounds.map((r) => [r.index, r.variant, r.recordingId]))}; not saved: ${unsaved}`)
      .toBe(exp.order === 'AB' ? 'ABBAABBA' : 'BAABBAAB');
    const roundsSeen = JSON.stringify(exp.rounds.map((r) => ({ v: r.variant, complete: r.complete, cpu: r.cpuMsPer1k, stdout: r.stdout, error: r.error })));
    expect(exp.rounds.every((r) => r.complete && r.cpuMsPer1k !== null), roundsSeen).toBe(true);
    // A logging experiment writes the target's output to a file, like a terminal.
    expect(exp.output).toBe('file');
    expect(exp.rounds.every((r) => r.stdout === 'file'), roundsSeen).toBe(true);
    const c = exp.comparison!;
    expect(c.rounds).toBe(4);
    // Each round's requests/s and the process's CPU per 1 000 requests, for the message when the pairs disagree.
    const rounds = JSON.stringify(exp.rounds.map((r) => [r.variant, Math.round(r.rps ?? 0), Math.round(r.processCpuMsPer1k ?? 0)]));
    expect(c.load!.rps.deltaPercent).toBeGreaterThan(0);
    expect(c.buckets[0].name).toBe('logging');
    if (c.machine?.wallClockWithheld) {
      // Most pairs disturbed (a busy machine): requests/s are not judged, and the verdict says so first; logging still shows.
      expect(c.load!.rps).toMatchObject({ significant: null, withheld: 'busy' });
      expect(c.verdict).toMatch(/^(Cannot tell yet whether .* because the machine was busy: |.* CPU time per 1 000 requests .*Requests per second and latency are not judged, because the machine was busy: ).*[Ll]ogging/);
    } else {
      expect(c.load!.rps.significant, rounds).toBe(true);
      expect(c.load!.rps.ci95![0]).toBeGreaterThan(0);
      expect(c.verdict).toMatch(/^“without” serves .* requests per second .*The difference is logging/);
    }
    // Progress came per round, with live numbers.
    const progress = events.filter((e) => e.name === 'experimentProgress' && e.payload.experimentId === exp.id);
    expect(new Set(progress.map((e) => (e.payload as { roundIndex: number }).roundIndex)).size).toBeGreaterThanOrEqual(8);
    expect(progress.some((e) => (e.payload as { rps?: number }).rps! > 0)).toBe(true);
    // Kept in the library as one group whose rounds are recordings.
    const rows = await service.api.listExperiments({});
    const row = rows.find((r) => r.id === exp.id)!;
    expect(row).toMatchObject({ aName: 'with console.log', bName: 'without', rounds: 8, status: 'done' });
    const first = await service.api.getRecording({ id: row.recordingIds[0] });
    expect(first.hasProfile).toBe(true);
    expect(first.target?.stdio).toMatchObject({ stdout: 'file', stderr: 'file', tailedFile: true });
  }, 200_000); // 8 rounds, each a fresh process: past the default 90 s on a busy 2-core box

  it('does not call an A/A experiment (the same env on both sides) different', async () => {
    const exp = await run({
      target: { kind: 'launch', launch: { script } }, differ: { kind: 'env', a: { LOG: '0' }, b: { LOG: '0' } },
      rounds: 3, load: { ...load, durationSec: 1 }, warmupSec: 0.5, profile: false,
    });
    expect(exp.error).toBeNull();
    expect(exp.status).toBe('done');
    expect(exp.variants).toEqual({ a: { name: 'A (LOG=0)', what: 'LOG=0' }, b: { name: 'B (LOG=0)', what: 'LOG=0' } });
    expect(exp.output).toBe('file'); // LOG=… names a logging switch: output goes to a file, like a terminal
    // No claim: "no clear/meaningful difference", or not judged on a busy machine (then the verdict says so first).
    expect(exp.comparison!.load!.rps.significant, JSON.stringify(exp.rounds.map((r) => [r.variant, Math.round(r.rps ?? 0)]))).not.toBe(true);
    expect(exp.comparison!.verdict).toMatch(/^(No (clear|meaningful) difference in requests per second|Cannot tell yet whether .* because the machine was busy: |Too early to tell whether .* serves more or fewer requests per second)/);
  });

  it('Stop keeps the finished rounds', async () => {
    const { experimentId } = await service.api.startExperiment({
      target: { kind: 'demo' }, differ: { kind: 'url', a: '/log', b: '/hello' }, rounds: 3, load: { connections: 2, durationSec: 2 }, warmupSec: 0, profile: false,
    });
    await waitFor(() => events.some((e) => e.name === 'experimentProgress' && e.payload.experimentId === experimentId && e.payload.finished.length >= 1), 60_000, 'a finished round');
    await service.api.stopExperiment({ id: experimentId });
    await waitFor(() => events.find((e) => e.name === 'experimentDone' && e.payload.experimentId === experimentId), 60_000, 'experimentDone');
    const exp = await service.api.getExperiment({ id: experimentId });
    expect(exp.status).toBe('stopped');
    expect(exp.error).toMatch(/Stopped after \d complete round/);
    expect(exp.rounds.length).toBeGreaterThanOrEqual(1);
    expect(exp.rounds.length).toBeLessThan(6);
    expect(exp.rounds[0].complete).toBe(true);
  });

  it('refuses a setup that cannot run, in one sentence', async () => {
    await expect(service.api.startExperiment({ target: { kind: 'none' }, differ: { kind: 'env', a: {}, b: {} }, load: { url: 'http://127.0.0.1:1/' } } as ExperimentSpec))
      .rejects.toThrow(/Without a script to launch, A and B can only differ by URL/);
  });
});
