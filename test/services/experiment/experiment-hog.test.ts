// Integration: an A/A experiment (the same route on both sides) with a CPU
// hog spinning beside it, through the same service the app and the CLI use —
// real processes, real load, real profiles. Whatever the hog does to the
// rounds, the experiment must not claim a difference (issue 24), and it
// must say what it saw of the machine.
import { afterAll, describe, expect, it } from 'vitest';
import { createFlambeService } from '../../../electron/services/service.ts';
import type { FlambeEvent } from '../../../shared/api.ts';
import { startNeighbour } from '../../../scripts/noisy-neighbour.ts';
import { waitFor } from '../../helpers/demo.ts';

const service = createFlambeService({ libraryPath: null });
const events: FlambeEvent[] = [];
service.onEvent((e) => events.push(e));
const hog = startNeighbour('constant');
afterAll(async () => {
  await hog.stop();
  await service.dispose();
});

describe('an A/A experiment beside a CPU hog', () => {
  it('claims no difference, and reads the machine in every round', async () => {
    const { experimentId } = await service.api.startExperiment({
      target: { kind: 'demo' }, differ: { kind: 'url', a: '/hello', b: '/hello' }, rounds: 3,
      load: { connections: 2, durationSec: 1 }, warmupSec: 0, profile: true, save: false, seed: 5,
    });
    await waitFor(() => events.find((e) => e.name === 'experimentDone' && e.payload.experimentId === experimentId), 150_000, 'experimentDone');
    const exp = await service.api.getExperiment({ id: experimentId });
    expect(exp.status).toBe('done');
    const c = exp.comparison!;
    const rounds = JSON.stringify(exp.rounds.map((r) => [r.variant, Math.round(r.rps ?? 0), r.interference?.reasons]));
    const real = [...Object.entries(c.load!), ['processCpu', c.processCpuMsPer1k], ['cpu', c.cpuMsPer1kRequests]].filter(([, m]) => (m as { significant: boolean | null } | null)?.significant === true);
    expect(real.map(([k]) => k), `${c.verdict} ${rounds}`).toEqual([]);
    expect(c.buckets.filter((b) => b.significant).map((b) => b.name), c.verdict).toEqual([]);
    expect(c.verdict).not.toMatch(/The difference is/);
    // Linux: every round measured the machine; the hog (a whole core) shows as other processes' CPU.
    if (process.platform === 'linux') {
      expect(exp.rounds.every((r) => r.interference)).toBe(true);
      expect(Math.max(...exp.rounds.map((r) => r.interference!.othersCores ?? 0))).toBeGreaterThan(0.5);
    }
  }, 160_000);
});
