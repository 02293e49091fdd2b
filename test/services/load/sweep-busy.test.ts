// Integration: a sweep beside a CPU hog (a process spinning a whole core, as a
// build would), against a real server launched under the inspector, through
// the same service the app and the CLI use. Whatever the hog does to
// requests/s and latency, the sweep must not name a knee from it: it reads the
// machine at every level with the experiments' rule and says it cannot tell
// (issue 38: "saturated, requests/s fell 69 %" at load 22).
import { afterAll, describe, expect, it } from 'vitest';
import { launchedLoadServer } from './launched-load-server.ts';
import { startNeighbour } from '../../../scripts/noisy-neighbour.ts';
import { sweepMachine, sweepSentence } from '../../../shared/sweep/sweep-machine.ts';

const { service, at } = launchedLoadServer();
const hog = startNeighbour('constant');
afterAll(() => hog.stop());

describe.runIf(process.platform === 'linux')('a sweep beside a CPU hog', () => {
  it('reads the machine at every level, sees the hog as other processes\' CPU, names no knee and says it cannot tell', async () => {
    const r = await service.api.runSweep({
      targetId: at.targetId, levels: [1, 4, 8], levelSec: 1, warmupSec: 0.3, profile: 'every',
      load: { url: `${at.base}/heavy?ms=1` },
    });
    expect(r.error).toBeNull();
    const seen = JSON.stringify(r.levels.map((l) => [l.connections, Math.round(l.rps), l.machine?.othersCores?.toFixed(2), l.machine?.reasons]));
    expect(r.levels.every((l) => l.machine), seen).toBe(true);
    // The hog spins a whole core; beside the target and the load generator on 2 cores it gets at least half of one.
    expect(Math.max(...r.levels.map((l) => l.machine!.othersCores ?? 0)), seen).toBeGreaterThan(0.5);
    expect(sweepMachine(r.levels)!.disturbed.length, seen).toBeGreaterThan(0);
    expect(r.knee, seen).toBeNull();
    expect(sweepSentence(r)).toMatch(/^The machine was busy, so Flambé cannot tell whether the server saturated: load \d+\.\d on \d+ cores, other processes used up to \d+\.\d cores; (every level was|the levels? at .* connections? (was|were)) disturbed\. .* Run the sweep again when the machine is quieter\.$/);
  }, 120_000);
});
