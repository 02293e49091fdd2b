// The corrections for judging many measures at once (shared/stats
// multiplicity.ts and judge.ts), applied to a comparison from rounds before
// its verdict is written: the headline measures (load numbers, CPU per
// request, event loop) as one family under Holm, and each table's rows
// (kinds of work, categories, functions, files, packages) as a family under
// Benjamini–Hochberg. Every interval shown is the corrected one, so a row
// whose interval leaves out 0 is exactly a row called real.
import { benjaminiHochberg, effectiveAlpha, holm, judge } from '../stats/index.ts';
import type { TestBehind } from '../stats/index.ts';
import type { AllocationChange, AllocationsComparison, BucketChange, ChangeRow, Comparison, Metric } from './types.ts';

type Parts = Omit<Comparison, 'verdict'>;

export const ALPHA = 0.05;
/** The smallest change of a headline measure worth reporting, in % (criterion's default noise threshold is 2%; a shared machine is noisier). */
export const MIN_EFFECT_PERCENT = 3;
/** The smallest change of a row worth reporting: 1% of the whole CPU per 1 000 requests (or 1 point of the profile's time). */
export const MIN_ROW_SHARE = 0.01;

interface Judged { test?: TestBehind; significant: boolean | null; negligible?: boolean }

function correctFamily<T extends Judged>(items: T[], adjust: (ps: number[]) => number[], apply: (item: T, alpha: number) => T): T[] {
  const tested = items.map((x, i) => [x, i] as const).filter(([x]) => x.test && x.significant !== null);
  if (!tested.length) return items;
  const adjusted = adjust(tested.map(([x]) => x.test!.pValue));
  const out = items.slice();
  tested.forEach(([x, i], k) => {
    out[i] = apply(x, effectiveAlpha(x.test!.pValue, adjusted[k], ALPHA, tested.length));
  });
  return out;
}

function judgeMetric(m: Metric, alpha: number): Metric {
  const j = judge(m.test!, alpha, MIN_EFFECT_PERCENT);
  return { ...m, ci95: j.ci, significant: j.significant, negligible: j.negligible };
}

function judgeRow<T extends ChangeRow | BucketChange>(minMs: number | null, minPoints: number) {
  return (r: T, alpha: number): T => {
    const j = judge(r.test!, alpha, 0);
    const small = minMs !== null && r.deltaMsPer1k !== null ? Math.abs(r.deltaMsPer1k) < minMs : Math.abs(r.deltaPercent) < minPoints;
    return { ...r, relativeCi95: j.ci, significant: j.significant && !small, negligible: j.significant && small };
  };
}

/** The comparison with every interval and "real" corrected for the number of measures and rows judged. */
export function correctForManyMeasures(c: Parts): Parts {
  const load = c.load;
  const keys = load ? (Object.keys(load) as (keyof typeof load)[]) : [];
  const headline: Metric[] = [...keys.map((k) => load![k]), c.cpuMsPer1kRequests, c.processCpuMsPer1k, c.elu, c.allocations?.bytesPerRequest ?? null].filter((m): m is Metric => !!m);
  const judged = correctFamily(headline, holm, judgeMetric);
  const byOld = new Map(headline.map((m, i) => [m, judged[i]]));
  const pick = <M extends Metric | null>(m: M): M => (m ? (byOld.get(m) ?? m) as M : m);
  const minMs = c.perRequest && c.cpuMsPer1kRequests ? MIN_ROW_SHARE * Math.max(c.cpuMsPer1kRequests.a, c.cpuMsPer1kRequests.b) : null;
  const rows = <T extends ChangeRow | BucketChange>(xs: T[]) => correctFamily(xs, benjaminiHochberg, judgeRow<T>(minMs, 100 * MIN_ROW_SHARE));
  return {
    ...c,
    load: load ? Object.fromEntries(keys.map((k) => [k, pick(load[k])])) as unknown as typeof load : null,
    cpuMsPer1kRequests: pick(c.cpuMsPer1kRequests),
    processCpuMsPer1k: pick(c.processCpuMsPer1k),
    elu: pick(c.elu),
    ...(c.allocations !== undefined ? { allocations: c.allocations && correctAllocations(c.allocations, pick(c.allocations.bytesPerRequest)) } : {}),
    buckets: rows(c.buckets),
    categories: rows(c.categories),
    functions: rows(c.functions),
    files: rows(c.files),
    packages: rows(c.packages),
  };
}

/** The allocation rows as a family of their own (Benjamini–Hochberg), a row too small when under 1% of the bytes per request. */
function correctAllocations(a: AllocationsComparison, bytesPerRequest: Metric): AllocationsComparison {
  const minBytes = MIN_ROW_SHARE * Math.max(bytesPerRequest.a, bytesPerRequest.b);
  const judgeAllocation = (r: AllocationChange, alpha: number): AllocationChange => {
    const j = judge(r.test!, alpha, 0);
    const small = Math.abs(r.deltaBytesPerRequest) < minBytes;
    return { ...r, relativeCi95: j.ci, significant: j.significant && !small, negligible: j.significant && small };
  };
  return { bytesPerRequest, functions: correctFamily(a.functions, benjaminiHochberg, judgeAllocation) };
}
