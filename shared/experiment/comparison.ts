// The comparison of an experiment's rounds, in the shape of `flambe compare
// --json` (issue 10) plus "rounds": every load number with its 95% interval
// and whether the rounds support a difference, CPU per 1 000 requests, the
// kinds of work and the functions that moved. Statistics: shared/stats.
import { compareSamples, type Difference } from '../stats/index.ts';
import type { RoundMeasures } from './measures.ts';
import { experimentVerdict } from './verdict.ts';

export interface SideSummary {
  name: string;
  /** Requests measured over all of the side's rounds. */
  requests: number;
  /** Geometric mean of the rounds' requests/s. */
  rps: number;
}

export interface BucketDelta {
  name: string;
  aMsPer1k: number;
  bMsPer1k: number;
  deltaMsPer1k: number;
  /** 95% interval of the change in %, and whether the rounds support it (shared/stats). */
  ci95: [number, number] | null;
  significant: boolean | null;
}

export interface FunctionDelta {
  name: string;
  url: string;
  line: number;
  status: 'changed' | 'new' | 'gone';
  /** Mean share of each side's profile, % of its duration. */
  aPercent: number;
  bPercent: number;
  deltaPercent: number;
  aMsPer1k: number | null;
  bMsPer1k: number | null;
  deltaMsPer1k: number | null;
  significant: boolean | null;
}

export interface ExperimentComparison {
  a: SideSummary;
  b: SideSummary;
  load: { rps: Difference; p50Ms: Difference; p90Ms: Difference; p99Ms: Difference };
  /** Non-idle CPU of the target per 1 000 requests; null without profiles. */
  cpuMsPer1kRequests: Difference | null;
  /** Largest change first. */
  buckets: BucketDelta[];
  /** Largest change first (at most 30). */
  functions: FunctionDelta[];
  warnings: string[];
  verdict: string;
  /** Complete rounds per side (the smaller side when they differ). */
  rounds: number;
}

const present = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null && Number.isFinite(x));

function differenceOf(a: (number | null)[], b: (number | null)[]): Difference | null {
  const xa = present(a);
  const xb = present(b);
  return xa.length && xb.length ? compareSamples(xa, xb) : null;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);

export function compareRounds(names: { a: string; b: string }, a: RoundMeasures[], b: RoundMeasures[]): ExperimentComparison | null {
  if (!a.length || !b.length) return null;
  const load = {
    rps: differenceOf(a.map((r) => r.rps), b.map((r) => r.rps)),
    p50Ms: differenceOf(a.map((r) => r.p50Ms), b.map((r) => r.p50Ms)),
    p90Ms: differenceOf(a.map((r) => r.p90Ms), b.map((r) => r.p90Ms)),
    p99Ms: differenceOf(a.map((r) => r.p99Ms), b.map((r) => r.p99Ms)),
  };
  if (!load.rps || !load.p50Ms || !load.p90Ms || !load.p99Ms) return null;
  const warnings: string[] = [];
  const rounds = Math.min(a.length, b.length);
  if (rounds < 2) warnings.push('One round of each variant: Flambé cannot tell a difference from noise. Run at least 2 rounds (3 or more is better).');
  for (const [side, rs] of [['A', a], ['B', b]] as const) {
    if (rs.some((r) => !r.requests)) warnings.push(`A round of ${side} served no request: its numbers are left out.`);
  }

  const cpu = differenceOf(a.map((r) => r.cpuMsPer1k), b.map((r) => r.cpuMsPer1k));

  const bucketNames = new Set([...a, ...b].flatMap((r) => Object.keys(r.bucketsMsPer1k ?? {})));
  const buckets: BucketDelta[] = [];
  for (const name of bucketNames) {
    const xa = present(a.map((r) => (r.bucketsMsPer1k ? r.bucketsMsPer1k[name] ?? 0 : null)));
    const xb = present(b.map((r) => (r.bucketsMsPer1k ? r.bucketsMsPer1k[name] ?? 0 : null)));
    if (!xa.length || !xb.length) continue;
    const d = compareSamples(xa, xb);
    const aMs = mean(xa);
    const bMs = mean(xb);
    if (aMs === 0 && bMs === 0) continue;
    buckets.push({ name, aMsPer1k: aMs, bMsPer1k: bMs, deltaMsPer1k: bMs - aMs, ci95: d.ci95, significant: d.significant });
  }
  buckets.sort((x, y) => Math.abs(y.deltaMsPer1k) - Math.abs(x.deltaMsPer1k));

  const functions = functionDeltas(a, b);
  const comparison: ExperimentComparison = {
    a: { name: names.a, requests: sum(a.map((r) => r.requests)), rps: load.rps.a },
    b: { name: names.b, requests: sum(b.map((r) => r.requests)), rps: load.rps.b },
    load: load as ExperimentComparison['load'], cpuMsPer1kRequests: cpu, buckets, functions, warnings, verdict: '', rounds,
  };
  comparison.verdict = experimentVerdict(comparison);
  return comparison;
}

function sum(xs: (number | null)[]): number {
  return present(xs).reduce((s, x) => s + x, 0);
}

function functionDeltas(a: RoundMeasures[], b: RoundMeasures[]): FunctionDelta[] {
  const fa = a.filter((r) => r.functions);
  const fb = b.filter((r) => r.functions);
  if (!fa.length || !fb.length) return [];
  const info = new Map<string, { name: string; url: string; line: number; inA: boolean; inB: boolean }>();
  for (const [side, rs] of [['a', fa], ['b', fb]] as const) {
    for (const r of rs) for (const f of r.functions!) {
      const e = info.get(f.key) ?? { name: f.name, url: f.url, line: f.line, inA: false, inB: false };
      if (side === 'a') e.inA = true; else e.inB = true;
      info.set(f.key, e);
    }
  }
  const valuesOf = (rs: RoundMeasures[], key: string, field: 'selfPercent' | 'selfMsPer1k') =>
    rs.map((r) => r.functions!.find((f) => f.key === key)?.[field] ?? 0);
  const rows: FunctionDelta[] = [];
  for (const [key, e] of info) {
    const pa = valuesOf(fa, key, 'selfPercent');
    const pb = valuesOf(fb, key, 'selfPercent');
    const perReq = fa.every((r) => r.requests) && fb.every((r) => r.requests);
    const ma = perReq ? valuesOf(fa, key, 'selfMsPer1k') : null;
    const mb = perReq ? valuesOf(fb, key, 'selfMsPer1k') : null;
    const d = compareSamples(ma ?? pa, mb ?? pb);
    rows.push({
      name: e.name, url: e.url, line: e.line,
      status: e.inA && e.inB ? 'changed' : e.inB ? 'new' : 'gone',
      aPercent: mean(pa), bPercent: mean(pb), deltaPercent: mean(pb) - mean(pa),
      aMsPer1k: ma ? mean(ma) : null, bMsPer1k: mb ? mean(mb) : null, deltaMsPer1k: ma && mb ? mean(mb) - mean(ma) : null,
      significant: d.significant,
    });
  }
  const size = (r: FunctionDelta) => Math.abs(r.deltaMsPer1k ?? r.deltaPercent);
  return rows.sort((x, y) => size(y) - size(x)).slice(0, 30);
}
