import { describe, expect, it } from 'vitest';
import { roundInterference, type MachineReading } from '../experiment/interference.ts';
import { findKnee, kneeSentence, sweepPoints } from './knee.ts';
import { sweepMachine, sweepSentence, sweepWasBusy } from './sweep-machine.ts';

/** A level's machine read by the experiments' rule: 2 cores, `busyCores` of them busy, Flambé at 0.6, the target at `targetPercent` of a core. */
function machine(busyCores: number, targetPercent: number, load1: number) {
  const start: MachineReading = { tMs: 0, totalTicks: 0, busyTicks: 0, stealTicks: 0, procsRunning: 3, load1, selfCpuMs: 0 };
  const end: MachineReading = { tMs: 5000, totalTicks: 1000, busyTicks: 500 * busyCores, stealTicks: 0, procsRunning: 3, load1, selfCpuMs: 0.6 * 5000 };
  return roundInterference(start, end, [], 2, { cpuPercent: targetPercent, elu: 0.95 });
}
const quiet = machine(1.9, 120, 1.8);
const hogged = (load1: number) => machine(2, 40, load1);

// What a hogged machine does to a closed-loop sweep of a server with capacity to spare: requests/s fall and p95 climbs
// from 5 connections on, which the knee rule alone reads as saturation (the "requests/s fell 69 %").
const numbers = [
  { connections: 1, rps: 3000, latencyMs: { p95: 0.5, p99: 0.7 } },
  { connections: 5, rps: 940, latencyMs: { p95: 9, p99: 12 } },
  { connections: 8, rps: 900, latencyMs: { p95: 15, p99: 20 } },
];

describe('a sweep on a busy machine', () => {
  it('says it cannot tell whether the server saturated, with the load and what the other processes took — not the knee', () => {
    const levels = numbers.map((l, i) => ({ ...l, machine: i === 0 ? quiet : hogged(22) }));
    const knee = findKnee(sweepPoints(levels));
    expect(knee?.reason).toMatch(/^Saturated past 1 connection: .*requests\/s fell 69 %/);
    expect(sweepSentence({ knee, levels })).toBe(
      'The machine was busy, so Flambé cannot tell whether the server saturated: load 22.0 on 2 cores, other processes used up to 1.0 cores; '
      + 'the levels at 5 and 8 connections were disturbed. Requests/s and latency measured the other processes as much as the server. '
      + 'Run the sweep again when the machine is quieter.');
    expect(sweepSentence({ knee, levels: levels.map((l, i) => ({ ...l, machine: i === 1 ? hogged(3) : quiet })) }))
      .toMatch(/: load 3\.0 on 2 cores, other processes used up to 1\.0 cores; the level at 5 connections was disturbed\. /);
  });

  it('says "every level" when every level was disturbed', () => {
    const levels = numbers.map((l) => ({ ...l, machine: hogged(7.5) }));
    expect(sweepSentence({ knee: null, levels })).toMatch(/^The machine was busy, so Flambé cannot tell whether the server saturated: load 7\.5 on 2 cores, other processes used up to 1\.0 cores; every level was disturbed\. /);
  });

  it('names the knee as before when no level was disturbed, and when no level read the machine (off Linux, older sweeps)', () => {
    const knee = findKnee(sweepPoints(numbers));
    const calm = numbers.map((l) => ({ ...l, machine: quiet }));
    expect(sweepWasBusy(sweepMachine(calm))).toBe(false);
    expect(sweepSentence({ knee, levels: calm })).toBe(kneeSentence(knee, sweepPoints(numbers)));
    expect(sweepMachine(numbers)).toBeNull();
    expect(sweepSentence({ knee, levels: numbers.map((l) => ({ ...l, machine: null })) })).toBe(knee!.reason);
  });

  it('keeps the highest load and the most CPU the others took', () => {
    const m = sweepMachine([{ connections: 8, machine: hogged(9) }, { connections: 1, machine: quiet }, { connections: 5, machine: hogged(4) }])!;
    expect(m).toMatchObject({ disturbed: [5, 8], measured: 3, load1: 9, cores: 2 });
    expect(m.othersCores).toBeCloseTo(1.0, 5);
  });
});
