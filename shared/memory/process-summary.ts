// The process over the burst in a few numbers — CPU %, event-loop
// utilisation, heap used, external memory, RSS as min / mean / max — for the
// CLI's summary and --json "process" (the timeline draws every sample).
import type { ProcessSample, ProcessSummary, Spread } from '../recording/process-samples.ts';
import type { GrowthVerdict } from '../recording/memory.ts';
import { burstSamples, growthRate, judgeMemoryGrowth, type MemoryGrowth } from './growth.ts';
import { formatReadable } from '../number-format.ts';

export type { ProcessSummary, Spread };

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

/** Several bursts as one (an experiment variant's rounds): the lowest min, the mean of the means, the highest max; null without any. */
export function combineProcess(list: readonly (ProcessSummary | null | undefined)[]): ProcessSummary | null {
  const all = list.filter((p): p is ProcessSummary => !!p);
  if (!all.length) return null;
  const merge = (xs: Spread[], digits: number): Spread => ({
    min: Math.min(...xs.map((x) => x.min)), mean: round(xs.reduce((n, x) => n + x.mean, 0) / xs.length, digits), max: Math.max(...xs.map((x) => x.max)),
  });
  const external = all.every((p) => p.externalMb) ? merge(all.map((p) => p.externalMb!), 1) : null;
  return {
    cpuPercent: merge(all.map((p) => p.cpuPercent), 1), elu: merge(all.map((p) => p.elu), 3), heapUsedMb: merge(all.map((p) => p.heapUsedMb), 1),
    externalMb: external, rssMb: merge(all.map((p) => p.rssMb), 1),
  };
}

const perMin = (mbPerSec: number) => Math.round(mbPerSec * 60 * 10) / 10;

/** The growth verdict in short (shared/recording/memory.ts growthVerdictSchema): rates of what full collections kept, per minute. */
export function growthVerdict(g: MemoryGrowth): GrowthVerdict {
  return {
    heapUsedMbPerMin: perMin(growthRate(g, g.heapUsed)),
    externalMbPerMin: g.external ? perMin(growthRate(g, g.external)) : null,
    rssMbPerMin: perMin(g.rss.mbPerSec),
    grows: g.grows,
    undecided: g.undecided ?? null,
    sentence: g.sentence,
  };
}

/** A burst's process summary and growth verdict, from its samples (a sweep level's, an experiment round's). */
export function processOfBurst(samples: readonly ProcessSample[], burst?: { fromMs: number; toMs: number } | null): { process: ProcessSummary | null; growth: GrowthVerdict | null } {
  const growth = judgeMemoryGrowth(samples, burst);
  return { process: summarizeProcess(samples, burst), growth: growth ? growthVerdict(growth) : null };
}

/** What a table's memory column says of a growth verdict ("grows", "did not grow", "cannot tell yet", "too short to tell"); the sentence says how much. */
export function growthWord(g: GrowthVerdict | null | undefined): string {
  if (!g) return 'too short to tell';
  if (g.undecided) return 'cannot tell yet';
  return g.grows ? 'grows' : 'did not grow';
}

/** "82 (45–98)": a spread's mean and range in a table cell, in the one number style. */
export function spreadCell(v: Spread, scale = 1): string {
  return `${formatReadable(v.mean * scale)} (${formatReadable(v.min * scale)}–${formatReadable(v.max * scale)})`;
}

/** "CPU 45–98% (mean 82%) · ELU … " lines for a terminal. */
export function processLines(p: ProcessSummary): string[] {
  const r = (x: number) => String(Math.round(x));
  const line = (label: string, v: Spread, unit: string, f = r) => `${label} ${f(v.mean)}${unit} mean (${f(v.min)}–${f(v.max)})`;
  return [
    [line('CPU', p.cpuPercent, '%'), line('event loop busy', { min: p.elu.min * 100, mean: p.elu.mean * 100, max: p.elu.max * 100 }, '%')].join(' · '),
    [line('heap used', p.heapUsedMb, ' MiB'), ...(p.externalMb ? [line('external', p.externalMb, ' MiB')] : []), line('RSS', p.rssMb, ' MiB')].join(' · '),
  ];
}
