// Whether the machine let a sweep measure the server (issue 38). A sweep
// reads saturation from requests/s and latency, which are wall time: on a
// machine whose cores other processes take, requests/s fall and latency grows
// because the server waits for a core, not because it is saturated — a sweep
// at load 22 read "saturated, requests/s fell 69 %". Each level is read with
// the experiments' own rule (shared/experiment/interference.ts: other
// processes' CPU, steal, a target waiting for a core), and a sweep with a
// disturbed level says it cannot tell instead of naming a knee.
import type { RoundInterference } from '../experiment/interference.ts';
import { kneeSentence, sweepPoints, type Knee } from './knee.ts';

/** What the machine did to a sweep's levels: the disturbed ones, the highest load, the most CPU others took. */
export interface SweepMachine {
  /** The levels (connections) that were measured on a busy machine, in order. */
  disturbed: number[];
  /** How many levels had readings of the machine. */
  measured: number;
  load1: number;
  cores: number;
  othersCores: number | null;
}

interface LevelWithMachine { connections: number; machine?: RoundInterference | null }

/** The machine over a sweep's levels, or null when no level read it (off Linux, or a sweep from before it was read). */
export function sweepMachine(levels: readonly LevelWithMachine[]): SweepMachine | null {
  const read = [...levels].sort((a, b) => a.connections - b.connections).filter((l): l is LevelWithMachine & { machine: RoundInterference } => !!l.machine);
  if (!read.length) return null;
  const others = read.map((l) => l.machine.othersCores).filter((x): x is number => x !== null);
  const disturbed = read.filter((l) => l.machine.disturbed);
  return {
    disturbed: disturbed.map((l) => l.connections),
    measured: read.length,
    load1: Math.max(...read.map((l) => l.machine.load1)),
    cores: read[0].machine.cores,
    othersCores: others.length ? Math.max(...others) : null,
  };
}

/** True when any level was measured on a busy machine: every level's numbers feed the knee rule, so one can make or hide a knee. */
export const sweepWasBusy = (m: SweepMachine | null): m is SweepMachine => !!m && m.disturbed.length > 0;

/**
 * "The machine was busy, so Flambé cannot tell whether the server saturated: load 22.0 on 2 cores, other processes
 * used up to 1.0 cores; the levels at 5 and 8 connections were disturbed. …" — the figures of the whole sweep (as the
 * experiments' machineSentence says them), then which levels; each level's reasons are kept with it (`machine.reasons`).
 */
export function busySweepSentence(m: SweepMachine): string {
  const others = m.othersCores !== null ? `, other processes used up to ${m.othersCores.toFixed(1)} cores` : '';
  const n = m.disturbed.length;
  const which = n === m.measured ? (n === 1 ? 'the level was disturbed' : 'every level was disturbed')
    : `the level${n === 1 ? '' : 's'} at ${listWords(m.disturbed.map(String))} connection${n === 1 && m.disturbed[0] === 1 ? '' : 's'} ${n === 1 ? 'was' : 'were'} disturbed`;
  return `The machine was busy, so Flambé cannot tell whether the server saturated: load ${m.load1.toFixed(1)} on ${m.cores} cores${others}; ${which}. `
    + 'Requests/s and latency measured the other processes as much as the server. Run the sweep again when the machine is quieter.';
}

/** The sweep's one sentence, as every screen says it: the busy machine first, else the knee (kneeSentence). */
export function sweepSentence(s: { knee: Knee | null; levels: readonly (LevelWithMachine & { rps: number; latencyMs: { p95?: number; p99: number } })[] }): string {
  const m = sweepMachine(s.levels);
  if (sweepWasBusy(m)) return busySweepSentence(m);
  return kneeSentence(s.knee, sweepPoints(s.levels));
}

/** "a", "a and b", "a, b and c". */
function listWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
