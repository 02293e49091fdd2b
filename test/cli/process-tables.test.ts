// The process in `flambe sweep` (per level) and `flambe experiment` (per
// variant, over its rounds): CPU %, event loop, heap, external and RSS as
// mean (min–max), and whether memory grew — as `record` says them (issue 22
// item 5). Pure: synthetic levels and rounds, no load.
import { describe, expect, it } from 'vitest';
import { processTable, levelProcessJson } from '../../electron/cli/sweep-command.ts';
import { variantProcessJson, variantProcessTable } from '../../electron/cli/experiment-command.ts';
import type { SweepLevel } from '../../shared/recording/groups.ts';
import type { ExperimentResult, ExperimentRound } from '../../shared/experiment/types.ts';
import type { GrowthVerdict } from '../../shared/recording/memory.ts';
import type { ProcessSummary } from '../../shared/memory/process-summary.ts';

const summary = (cpu: number, heap: number): ProcessSummary => ({
  cpuPercent: { min: cpu / 2, mean: cpu, max: Math.min(100, cpu * 1.5) }, elu: { min: 0.1, mean: 0.5, max: 0.9 },
  heapUsedMb: { min: heap, mean: heap + 5, max: heap + 10 }, externalMb: { min: 3.8, mean: 3.8, max: 3.8 }, rssMb: { min: 90, mean: 1234.5, max: 2000 },
});
const GROWS: GrowthVerdict = {
  heapUsedMbPerMin: 720, externalMbPerMin: 0, rssMbPerMin: 1300, grows: true, undecided: null,
  sentence: 'Memory grows by 12 MiB/s: the JS heap (after GC) +12 MiB/s (20 MiB → 83 MiB, what a full garbage collection left before and after the burst) while external memory is flat. RSS went 92 MiB → 201 MiB over 5 s.',
};
const STEADY: GrowthVerdict = { ...GROWS, heapUsedMbPerMin: 0.1, rssMbPerMin: 0.5, grows: false, sentence: 'Memory did not grow over the 5 s burst: …' };

function level(connections: number, process: SweepLevel['process']): SweepLevel {
  return {
    connections, recordingId: `r${connections}`, requests: 16_774, rps: 3338, errors: 0, non2xx: 0, profiled: !!process, process,
    latencyMs: { min: 0.05, p50: 0.14, p75: 0.18, p90: 0.27, p95: 0.64, p99: 3.06, p999: 9, max: 165, mean: 0.2 },
  };
}

describe('flambe sweep: the process per profiled level', () => {
  const levels = [
    level(1, { cpuPercent: 50, heapUsedMb: 91.6, rssMb: 2000, cpuMsPerRequest: 0.208, summary: summary(50.6, 20.7), growth: GROWS }),
    level(4, { cpuPercent: 57, heapUsedMb: 30, rssMb: 2000, cpuMsPerRequest: 0.235, summary: summary(56.6, 20), growth: null }),
  ];

  it('prints mean (min–max) columns in the one number style, the memory verdict, and the sentence of a level whose memory grew', () => {
    expect(processTable(levels)).toEqual([
      'Process (profiled levels: mean (min–max) over each burst)',
      'Connections             CPU %      Event loop %          Heap MiB      External MiB             RSS MiB  CPU ms/req  Memory',
      '1            50.6 (25.3–75.9)  50.0 (10.0–90.0)  25.7 (20.7–30.7)  3.80 (3.80–3.80)  1 235 (90.0–2 000)       0.208  grows',
      '4            56.6 (28.3–84.9)  50.0 (10.0–90.0)  25.0 (20.0–30.0)  3.80 (3.80–3.80)  1 235 (90.0–2 000)       0.235  too short to tell',
      `   1 conn  ${GROWS.sentence}`,
    ]);
  });

  it('carries record\'s "process" shape and the growth verdict in --json', () => {
    expect(levelProcessJson(levels[0].process)).toEqual({ process: { ...summary(50.6, 20.7), cpuMsPerRequest: 0.208 }, memory: { growth: GROWS } });
    expect(levelProcessJson(levels[1].process).memory).toEqual({ growth: null });
    expect(levelProcessJson(null)).toEqual({ process: null, memory: null });
  });
});

describe('flambe experiment: the process per variant, over its complete rounds', () => {
  const round = (variant: 'A' | 'B', n: number, process: ProcessSummary | null, growth: GrowthVerdict | null, complete = true): ExperimentRound => ({
    index: n, variant, round: n, recordingId: `${variant}${n}`, requests: 1000, rps: 100, p50Ms: 1, p90Ms: 2, p99Ms: 3, cpuMsPer1k: 10, bucketsMsPer1k: null,
    error: null, complete, stdout: null, process, growth,
  });
  const exp = {
    variants: { a: { name: 'copied' }, b: { name: 'slim' } },
    rounds: [
      round('A', 1, summary(60, 10), GROWS), round('B', 1, summary(40, 11), STEADY),
      round('A', 2, summary(70, 30), STEADY), round('B', 2, summary(50, 9), STEADY),
      // Cut short by Stop: left out, as the statistics leave it out.
      round('A', 3, summary(100, 500), GROWS, false),
    ],
  } as unknown as ExperimentResult;

  it('prints one row per variant, the lowest min and highest max of its rounds, and in how many rounds memory grew', () => {
    expect(variantProcessTable(exp)).toEqual([
      "Process (mean (min–max) over each variant's complete rounds)",
      'Variant   Rounds             CPU %      Event loop %          Heap MiB      External MiB             RSS MiB  Memory',
      'A copied       2   65.0 (30.0–100)  50.0 (10.0–90.0)  25.0 (10.0–40.0)  3.80 (3.80–3.80)  1 235 (90.0–2 000)  grew in 1 of 2 rounds',
      'B slim         2  45.0 (20.0–75.0)  50.0 (10.0–90.0)  15.0 (9.00–21.0)  3.80 (3.80–3.80)  1 235 (90.0–2 000)  did not grow (2 of 2 rounds judged)',
      `A round 1  ${GROWS.sentence}`,
    ]);
  });

  it('carries each variant\'s process and each round\'s growth verdict in --json; nothing without process samples (--no-profile)', () => {
    const j = variantProcessJson(exp);
    expect(j.process.a!.cpuPercent).toEqual({ min: 30, mean: 65, max: 100 });
    expect(j.memory.a.growth.map((g) => [g.round, g.grows])).toEqual([[1, true], [2, false]]);
    const bare = { ...exp, rounds: exp.rounds.map((r) => ({ ...r, process: null, growth: null })) } as ExperimentResult;
    expect(variantProcessTable(bare)).toEqual([]);
    expect(variantProcessJson(bare).process).toEqual({ a: null, b: null });
  });
});
