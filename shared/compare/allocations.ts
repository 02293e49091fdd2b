// "Did my change allocate less?" answered like CPU: bytes allocated per
// request (V8's sampling heap profile of each round, every thread summed)
// as a Metric of A against B — the same interval as CPU per 1 000 requests
// (metric.ts: paired for an experiment's back-to-back pairs, Welch over
// rounds otherwise; for one run each, the noise of the library's repeated
// recordings of the same settings (noise.ts), else "cannot tell: one run
// each") — and the functions whose bytes per request changed most, each with
// the interval from the rounds (rows.ts's method). The sampler is
// statistical: one run each and no repeats give no interval, and the
// comparison says so.
import { allocationTable, bytesPerRequestOf, requestAllocatedBytesOf, type AllocationRow } from '../memory/allocations.ts';
import { frameLocation } from '../profile/model.ts';
import { COLLECTOR_URL } from '../profile/classify.ts';
import { comparePaired, compareSamples } from '../stats/index.ts';
import { metricOf } from './metric.ts';
import { roundRequests } from './round.ts';
import type { MetricNoise } from './noise.ts';
import type { AllocationChange, AllocationsComparison, CompareRound, NoiseBand } from './types.ts';

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
const keyOf = (r: Pick<AllocationRow, 'function' | 'url' | 'line'>) => `${r.function}\u0000${r.url}\u0000${r.line}`;

interface RoundBytes {
  total: number;
  /** Bytes per request of each function (key: function, url, line), every thread summed. */
  byFunction: Map<string, number>;
}

/** A round's bytes per request, or null when it sampled no allocations or served no requests. */
function roundBytes(round: CompareRound, info: Map<string, Pick<AllocationRow, 'function' | 'url' | 'line'>>): RoundBytes | null {
  const requests = roundRequests(round);
  if (!round.allocations?.length || requests === null) return null;
  const byFunction = new Map<string, number>();
  // The library keeps this same figure for its noise estimate (requestAllocatedBytesOf): background work and Flambé's
  // collectors are in no per-request figure.
  const background = round.requestTime?.background ?? null;
  const total = bytesPerRequestOf(requestAllocatedBytesOf(round.allocations.map((t) => t.heap), background), requests) ?? 0;
  for (const [i, { heap }] of round.allocations.entries()) {
    const t = allocationTable(heap, requests, i === 0 ? background : null);
    for (const r of t.rows) {
      // Flambé's own request collector is not the user's code (rows.ts leaves it out of the CPU table too), nor in the total.
      if (r.url === COLLECTOR_URL) continue;
      const key = keyOf(r);
      if (!info.has(key)) info.set(key, { function: r.function, url: r.url, line: r.line });
      byFunction.set(key, (byFunction.get(key) ?? 0) + (r.bytesPerRequest ?? 0));
    }
  }
  return { total, byFunction };
}

/**
 * Null unless every round of both sides sampled allocations and served requests.
 * `noise`: bytes per request's run-to-run noise from the library's repeats, for one run each; `band`: the spread it must be far beyond without repeats (machine-noise.ts).
 */
export function compareAllocationRounds(a: CompareRound[], b: CompareRound[], paired = false, noise?: MetricNoise, band?: NoiseBand): AllocationsComparison | null {
  const info = new Map<string, Pick<AllocationRow, 'function' | 'url' | 'line'>>();
  const ra = a.map((r) => roundBytes(r, info));
  const rb = b.map((r) => roundBytes(r, info));
  if (![...ra, ...rb].every((x): x is RoundBytes => x !== null && x.total > 0)) return null;
  const as = ra as RoundBytes[];
  const bs = rb as RoundBytes[];
  const bytesPerRequest = metricOf(as.map((x) => x.total), bs.map((x) => x.total), noise, paired, band);
  const functions: AllocationChange[] = [];
  for (const [key, fn] of info) {
    const aVals = as.map((x) => x.byFunction.get(key) ?? 0);
    const bVals = bs.map((x) => x.byFunction.get(key) ?? 0);
    const inA = aVals.some((v) => v > 0);
    const inB = bVals.some((v) => v > 0);
    const aBytes = mean(aVals);
    const bBytes = mean(bVals);
    functions.push({
      key, function: fn.function, url: fn.url, line: fn.line,
      location: frameLocation({ name: fn.function, url: fn.url, line: fn.line, column: 0, kind: 'js' }),
      status: inA && inB ? 'changed' : inB ? 'new' : 'gone',
      aBytesPerRequest: aBytes, bBytesPerRequest: bBytes, deltaBytesPerRequest: bBytes - aBytes,
      ...rowStats(aVals, bVals, paired),
    });
  }
  functions.sort((x, y) => Math.abs(y.deltaBytesPerRequest) - Math.abs(x.deltaBytesPerRequest) || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
  return { bytesPerRequest, functions };
}

/** A row's interval from its per-round values, when both sides have two or more rounds (as rows.ts does for CPU). */
function rowStats(aVals: number[], bVals: number[], paired: boolean): Pick<AllocationChange, 'relativeCi95' | 'significant' | 'test'> {
  if (aVals.length < 2 || bVals.length < 2) return { relativeCi95: null, significant: null };
  const d = paired ? comparePaired(aVals, bVals) : compareSamples(aVals, bVals);
  // Bytes are never negative: shared/stats cuts the interval at −100% (a function gone from B: zeros have no logarithm).
  return { relativeCi95: d.ci95, significant: d.significant, ...(d.test ? { test: d.test } : {}) };
}
