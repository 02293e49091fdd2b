// What the machine did to a round (issue 24): an experiment's rounds share
// the machine with everything else on it — a browser, an IDE, a build, other
// people's jobs. A pair's ratio B/A cancels what hits both of its rounds
// alike, but not a burst that hits one round only, and on a machine whose
// cores are all taken the wall-clock numbers (requests/s, latency) measure the
// neighbours as much as the code. So each round measures the machine:
// - load average and runnable tasks against the cores (/proc/loadavg, /proc/stat);
// - CPU steal (a virtual machine whose host gives its CPU to others);
// - the CPU other processes used: the machine's busy time minus the target's
//   (its process samples) and Flambé's own (the load generator's);
// - the target's CPU share of its busy time: CPU time over the time its event
//   loop was busy (ELU); well under 1 when it was ready to run but waited for a core;
// - whether the load generator was the limit (Flambé's process near a full core).
// A round is disturbed when other processes took a real share of the cores,
// or the host stole CPU, or the target waited for a core; a pair is disturbed
// when either round is, or when its two rounds met very different neighbours.
import { z } from 'zod';

/** What a round measured of the machine, as kept with the round. */
export const roundInterferenceSchema = z.object({
  cores: z.number().int().positive(),
  /** 1-minute load average, the highest seen during the round. */
  load1: z.number().nonnegative(),
  /** Runnable tasks (procs_running), mean over the round. */
  runnable: z.number().nonnegative(),
  /** CPU steal, % of the machine's time. */
  stealPercent: z.number().nonnegative(),
  /** CPU used by processes other than the target and Flambé, in cores (null when the target's CPU is unknown). */
  othersCores: z.number().nullable(),
  /** The target's CPU time over its event loop's busy time (null without process samples). */
  targetCpuShare: z.number().nullable(),
  /** Flambé's own process (the load generator) used this many cores. */
  flambeCores: z.number().nonnegative(),
  loadGeneratorLimited: z.boolean(),
  disturbed: z.boolean(),
  /** Why, in short phrases ("other processes used 1.3 cores"). */
  reasons: z.array(z.string()),
});
export type RoundInterference = z.infer<typeof roundInterferenceSchema>;

/** A reading of the machine's counters (/proc/stat in clock ticks, /proc/loadavg) and Flambé's own CPU. */
export interface MachineReading {
  tMs: number;
  /** Sum of all CPU ticks (every state), of busy ones (not idle/iowait), of steal. */
  totalTicks: number;
  busyTicks: number;
  stealTicks: number;
  procsRunning: number;
  load1: number;
  /** Flambé's process CPU time so far (process.cpuUsage user + system), ms. */
  selfCpuMs: number;
}

/** Other processes using this share of the cores disturb a round (a quarter of a 2-core machine: half a core). */
export const OTHERS_SHARE = 0.25;
/** Steal above this % disturbs a round. */
export const STEAL_PERCENT = 5;
/** A target whose CPU time is under this share of its busy time waited for a core. */
export const MIN_TARGET_CPU_SHARE = 0.7;
/** Flambé at or above this many cores: the load generator was the limit. */
export const LOAD_GENERATOR_CORES = 0.9;
/** A pair's two rounds whose neighbours differ by this many cores are disturbed unevenly. */
export const UNEVEN_CORES = 0.3;

/** Parses /proc/stat's "cpu" line and procs_running. */
export function parseProcStat(text: string): { totalTicks: number; busyTicks: number; stealTicks: number; procsRunning: number } | null {
  const cpu = /^cpu\s+(.+)$/m.exec(text);
  if (!cpu) return null;
  const t = cpu[1].trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal guest guest_nice (guest time is already in user).
  const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = t;
  const totalTicks = user + nice + system + idle + iowait + irq + softirq + steal;
  const running = /^procs_running\s+(\d+)/m.exec(text);
  return { totalTicks, busyTicks: user + nice + system + irq + softirq, stealTicks: steal, procsRunning: running ? Number(running[1]) : 0 };
}

/**
 * `start`/`end`: readings around the round; `during`: readings taken while it
 * ran (for the highest load and the runnable tasks); `target`: the target's
 * mean CPU (% of one core) and mean ELU from its process samples, when known.
 */
export function roundInterference(start: MachineReading, end: MachineReading, during: readonly MachineReading[], cores: number,
  target: { cpuPercent: number; elu: number } | null): RoundInterference {
  const seconds = Math.max(1e-3, (end.tMs - start.tMs) / 1000);
  const ticks = Math.max(1, end.totalTicks - start.totalTicks);
  const busyCores = ((end.busyTicks - start.busyTicks) / ticks) * cores;
  const stealPercent = Math.max(0, ((end.stealTicks - start.stealTicks) / ticks) * 100);
  const flambeCores = Math.max(0, (end.selfCpuMs - start.selfCpuMs) / 1000 / seconds);
  const targetCores = target ? target.cpuPercent / 100 : null;
  const othersCores = targetCores === null ? null : Math.max(0, busyCores - targetCores - flambeCores);
  const targetCpuShare = target && target.elu > 0.05 ? Math.min(2, targetCores! / target.elu) : null;
  const all = [start, ...during, end];
  const load1 = Math.max(...all.map((r) => r.load1));
  const runnable = all.reduce((s, r) => s + r.procsRunning, 0) / all.length;
  const reasons: string[] = [];
  if (othersCores !== null && othersCores >= OTHERS_SHARE * cores) reasons.push(`other processes used ${othersCores.toFixed(1)} cores`);
  // Without the target's CPU: the tasks waiting beyond the target, Flambé and the reader itself.
  if (othersCores === null && runnable - 3 >= OTHERS_SHARE * 2 * cores) reasons.push(`${runnable.toFixed(1)} runnable tasks on ${cores} cores`);
  if (stealPercent >= STEAL_PERCENT) reasons.push(`${stealPercent.toFixed(0)}% of the CPU stolen by the host`);
  if (targetCpuShare !== null && targetCpuShare < MIN_TARGET_CPU_SHARE) reasons.push(`the target ran only ${Math.round(targetCpuShare * 100)}% of the time it was busy (waiting for a core)`);
  return {
    cores, load1, runnable, stealPercent, othersCores, targetCpuShare, flambeCores,
    loadGeneratorLimited: flambeCores >= LOAD_GENERATOR_CORES, disturbed: reasons.length > 0, reasons,
  };
}

/** Whether a pair of rounds is disturbed: either round, or neighbours that differ between them. */
export function pairDisturbed(a: RoundInterference | undefined, b: RoundInterference | undefined): boolean {
  if (!a || !b) return false;
  if (a.disturbed || b.disturbed) return true;
  return a.othersCores !== null && b.othersCores !== null && Math.abs(a.othersCores - b.othersCores) >= UNEVEN_CORES;
}

/** What the machine did to an experiment's pairs, for the verdict. */
export interface MachineSummary {
  pairs: number;
  disturbedPairs: number;
  /** Highest load average seen, cores, most CPU of other processes (cores), any load-generator limit. */
  load1: number;
  cores: number;
  othersCores: number | null;
  loadGeneratorLimited: number;
}

export function summarizeMachine(pairs: readonly [RoundInterference | undefined, RoundInterference | undefined][]): MachineSummary | null {
  const known = pairs.filter(([a, b]) => a && b) as [RoundInterference, RoundInterference][];
  if (!known.length) return null;
  const rounds = known.flat();
  const others = rounds.map((r) => r.othersCores).filter((x): x is number => x !== null);
  return {
    pairs: known.length,
    disturbedPairs: known.filter(([a, b]) => pairDisturbed(a, b)).length,
    load1: Math.max(...rounds.map((r) => r.load1)),
    cores: rounds[0].cores,
    othersCores: others.length ? Math.max(...others) : null,
    loadGeneratorLimited: rounds.filter((r) => r.loadGeneratorLimited).length,
  };
}

/** "The machine was busy: load 7.8 on 2 cores, other processes used up to 1.3 cores; 3 of 4 pairs disturbed." */
export function machineSentence(m: MachineSummary): string {
  const others = m.othersCores !== null ? `, other processes used up to ${m.othersCores.toFixed(1)} cores` : '';
  return `The machine was busy: load ${m.load1.toFixed(1)} on ${m.cores} cores${others}; ${m.disturbedPairs} of ${m.pairs} pairs disturbed`;
}
