// The process over the burst in a few numbers — CPU %, event-loop
// utilisation, heap used, external memory, RSS as min / mean / max — for the
// CLI's summary and --json "process" (the timeline draws every sample).
import type { ProcessSample } from '../recording/process-samples.ts';
import { burstSamples } from './growth.ts';

export interface Spread { min: number; mean: number; max: number }

export interface ProcessSummary {
  /** % of one core. */
  cpuPercent: Spread;
  /** Event-loop utilisation, 0..1. */
  elu: Spread;
  heapUsedMb: Spread;
  /** Null when the samples did not measure it (recordings made before Flambé did). */
  externalMb: Spread | null;
  rssMb: Spread;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

function spread(xs: number[], digits: number): Spread {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return { min: round(Math.min(...xs), digits), mean: round(mean, digits), max: round(Math.max(...xs), digits) };
}

/** Over the burst's samples; null without any. */
export function summarizeProcess(samples: readonly ProcessSample[], burst?: { fromMs: number; toMs: number } | null): ProcessSummary | null {
  const s = burstSamples(samples, burst);
  if (s.length === 0) return null;
  const external = s.every((x) => typeof x.externalMb === 'number') ? spread(s.map((x) => x.externalMb!), 1) : null;
  return {
    cpuPercent: spread(s.map((x) => x.cpuPercent), 1),
    elu: spread(s.map((x) => x.elu), 3),
    heapUsedMb: spread(s.map((x) => x.heapUsedMb), 1),
    externalMb: external,
    rssMb: spread(s.map((x) => x.rssMb), 1),
  };
}

/** "CPU 45–98% (mean 82%) · ELU … " lines for a terminal. */
export function processLines(p: ProcessSummary): string[] {
  const r = (x: number) => String(Math.round(x));
  const line = (label: string, v: Spread, unit: string, f = r) => `${label} ${f(v.mean)}${unit} mean (${f(v.min)}–${f(v.max)})`;
  return [
    [line('CPU', p.cpuPercent, '%'), line('event loop busy', { min: p.elu.min * 100, mean: p.elu.mean * 100, max: p.elu.max * 100 }, '%')].join(' · '),
    [line('heap used', p.heapUsedMb, ' MB'), ...(p.externalMb ? [line('external', p.externalMb, ' MB')] : []), line('RSS', p.rssMb, ' MB')].join(' · '),
  ];
}
