// What profiling costs: rounds of two bursts on the same target, one with the
// CPU profiler running at the chosen interval (or the allocation sampler, or
// the request collector: request timing on against off) and one without, in alternating
// order (ABBA…) so drift on the machine does not favour one side. Each round's
// two bursts ran back to back: their requests/s are compared pair by pair
// (shared/stats comparePaired, a paired t on the logarithms, as experiments
// do), so what the machine did meanwhile hits both alike and cancels out.
import type { LoadSummary, OverheadResult } from '../../../shared/api.ts';
import { comparePaired } from '../../../shared/stats/index.ts';
import { UserError, messageOf } from '../errors.ts';
import type { Target } from '../targets/registry.ts';
import { ALLOCATION_SAMPLING_BYTES, DRAIN_EVERY_MS } from '../recording/recorder.ts';
import { takeCollected } from '../request-time/request-time.ts';
import type { BurstHandle, BurstOptions } from './burst.ts';
import type { z } from 'zod';
import type { overheadRequestSchema } from '../../../shared/api.ts';

type Req = z.output<typeof overheadRequestSchema>;

export interface OverheadDeps {
  target: Target;
  runBurst(opts: BurstOptions): BurstHandle;
  onProgress?(message: string, fraction: number): void;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const WHAT: Record<Req['profiler'], string> = { cpu: 'CPU profiler', allocations: 'allocation sampler', requests: 'request collector' };

async function start(req: Req, target: Target): Promise<void> {
  try {
    if (req.profiler === 'allocations') await target.session.startAllocationSampling(ALLOCATION_SAMPLING_BYTES);
    else if (req.profiler === 'requests') {
      const installed = await target.session.installRequestCollector();
      if ('why' in installed) throw new Error(installed.why);
    } else await target.session.startProfiler(req.samplingIntervalUs);
  } catch (e) {
    throw new UserError(`The target refused to start the ${WHAT[req.profiler]}: ${messageOf(e)}.`);
  }
}

async function stop(req: Req, target: Target): Promise<unknown> {
  if (req.profiler === 'allocations') return target.session.stopAllocationSampling();
  if (req.profiler === 'requests') return takeCollected(target.session, true);
  return target.session.stopProfiler();
}

export async function measureOverhead(req: Req, deps: OverheadDeps): Promise<OverheadResult> {
  const { target } = deps;
  const burst = async (durationSec?: number): Promise<LoadSummary> => {
    const b = deps.runBurst({ settings: req.load, durationSec, ignoreRequestCount: true });
    return Promise.race([b.done, target.gone.then((why) => { b.stop(); throw new UserError(`${why} while measuring the profiler's cost.`); })]);
  };
  if (req.warmupSec > 0) {
    deps.onProgress?.(`Warming up for ${req.warmupSec} s`, 0);
    await burst(req.warmupSec);
  }
  const without: LoadSummary[] = [];
  const withP: LoadSummary[] = [];
  // The target's CPU time per request in each burst (null: not read): what the profiler adds to each request.
  const cpuWithout: (number | null)[] = [];
  const cpuWith: (number | null)[] = [];
  const cpuNow = () => target.session.cpuTimeUs().catch(() => null);
  for (let i = 0; i < req.rounds; i++) {
    const order = i % 2 === 0 ? [false, true] : [true, false];
    for (const profiled of order) {
      deps.onProgress?.(`Round ${i + 1} of ${req.rounds}: ${profiled ? 'with' : 'without'} the profiler`, (i * 2 + (profiled === order[0] ? 0 : 1)) / (req.rounds * 2));
      if (profiled) await start(req, target);
      // The collector's records leave the target every second, as during a recording (recorder.ts).
      const drainer = profiled && req.profiler === 'requests' ? setInterval(() => void takeCollected(target.session, false), DRAIN_EVERY_MS) : null;
      try {
        const cpu0 = await cpuNow();
        const load = await burst();
        const cpu1 = await cpuNow();
        (profiled ? withP : without).push(load);
        (profiled ? cpuWith : cpuWithout).push(cpu0 !== null && cpu1 !== null && load.requests > 0 ? (cpu1 - cpu0) / 1000 / load.requests : null);
      } finally {
        if (drainer) clearInterval(drainer);
        if (profiled && !target.session.isClosed) await stop(req, target).catch(() => undefined);
      }
    }
  }
  const rpsA = without.map((l) => l.rps);
  const rpsB = withP.map((l) => l.rps);
  const d = comparePaired(rpsA, rpsB);
  const p99A = median(without.map((l) => l.latencyMs.p99));
  const p99B = median(withP.map((l) => l.latencyMs.p99));
  const cpu = cpuCost(cpuWithout, cpuWith);
  return {
    rounds: req.rounds,
    samplingIntervalUs: req.samplingIntervalUs,
    ...(req.profiler !== 'cpu' ? { profiler: req.profiler } : {}),
    withoutProfiler: { rps: round1(d.a), p99Ms: p99A, ...(cpu ? { cpuMsPerRequest: round3(cpu.a) } : {}) },
    withProfiler: { rps: round1(d.b), p99Ms: p99B, ...(cpu ? { cpuMsPerRequest: round3(cpu.b) } : {}) },
    rpsCostPercent: round1(-d.deltaPercent),
    ci95: d.ci95 ? [round1(-d.ci95[1]), round1(-d.ci95[0])] : null,
    p99CostPercent: p99A > 0 ? round1((p99B / p99A - 1) * 100) : 0,
    ...(cpu ? { cpuCostPercent: round1(cpu.deltaPercent), cpuCi95: cpu.ci95 ? [round1(cpu.ci95[0]), round1(cpu.ci95[1])] as [number, number] : null } : {}),
    measuredAt: new Date().toISOString(),
  };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** The CPU time per request with against without, pair by pair; null unless every burst's was read. */
function cpuCost(without: readonly (number | null)[], withP: readonly (number | null)[]) {
  if (without.length === 0 || without.length !== withP.length) return null;
  const a = without.filter((x): x is number => x !== null && x > 0);
  const b = withP.filter((x): x is number => x !== null && x > 0);
  return a.length === without.length && b.length === withP.length ? comparePaired(a, b) : null;
}
