// Readings of the machine around and during an experiment's round, for
// shared/experiment/interference.ts: /proc/stat (CPU ticks, steal, runnable
// tasks), /proc/loadavg via os.loadavg, and Flambé's own CPU (its load
// generator runs in a worker thread of this process, so process.cpuUsage
// counts it). Linux only: elsewhere there are no readings and rounds are not
// marked.
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { parseProcStat, roundInterference, type MachineReading, type RoundInterference } from '../../../shared/experiment/interference.ts';
import type { ProcessSample } from '../../../shared/api.ts';
import { periodicSamples } from '../../../shared/recording/process-samples.ts';

const EVERY_MS = 500;

export function readMachine(): MachineReading | null {
  let stat: ReturnType<typeof parseProcStat>;
  try {
    stat = parseProcStat(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
  if (!stat) return null;
  const self = process.cpuUsage();
  return { tMs: performance.now(), ...stat, load1: loadavg()[0], selfCpuMs: (self.user + self.system) / 1000 };
}

/** Reads the machine now and every half second until `finish`, which returns what the round met (null off Linux). */
export function watchMachine(): { finish(samples: readonly ProcessSample[]): RoundInterference | null } {
  const start = readMachine();
  const during: MachineReading[] = [];
  const timer = start ? setInterval(() => { const r = readMachine(); if (r) during.push(r); }, EVERY_MS) : null;
  timer?.unref();
  return {
    finish(all) {
      const samples = periodicSamples(all);
      if (timer) clearInterval(timer);
      const end = readMachine();
      if (!start || !end) return null;
      const mean = (f: (s: ProcessSample) => number) => samples.reduce((t, s) => t + f(s), 0) / samples.length;
      const target = samples.length ? { cpuPercent: mean((s) => s.cpuPercent), elu: mean((s) => s.elu) } : null;
      return roundInterference(start, end, during, availableParallelism(), target);
    },
  };
}
