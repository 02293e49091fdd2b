// How noisy are runs of these settings? Learned from repeated recordings in
// the library, for comparisons of one run each (docs/how-sure.md "How sure is a comparison?").
//
// A single pair of recordings says nothing about run-to-run noise: the
// per-second series and the sample counts of one run measure the noise
// *inside* that run, which on a shared machine is far smaller than the
// difference between two runs started a minute apart (other processes, CPU
// frequency, GC timing, JIT). So Flambé looks in the library for recordings
// repeated with the same settings (same target, script arguments and
// environment, URL or routes, method, headers, body, connections, rate,
// duration, sampling interval, Node version and machine): each such group
// shows how much runs of the same thing differ.
//
// The method: per metric, the pooled standard deviation s of ln(value) inside
// the groups (each value against its group's mean; df = Σ (n − 1)). One run
// of A and one of B each carry that noise, so ln(B/A) has standard deviation
// s·√2 and its 95% interval is ln(B/A) ± t(0.975, df)·s·√2. The difference is
// significant when that interval, read back as a % change, leaves out 0.
// A and B count in their own groups; when they share settings, their real
// difference then widens the noise — Flambé becomes more careful, never less.
import { mean, studentTQuantile } from '../stats/index.ts';
import type { RunMeta } from './types.ts';

/** "/log?x=1" from "http://127.0.0.1:41349/log?x=1". */
export function routePath(url: string): string {
  const m = /^[a-z]+:\/\/[^/?#]*([^#]*)/i.exec(url);
  return m ? m[1] || '/' : url;
}

/**
 * The numbers whose noise Flambé learns (every one is > 0 in a normal run):
 * bytesPerRequest is bytes allocated per request, every thread summed
 * (shared/memory/allocations.ts bytesPerRequestOf), where the run sampled allocations.
 */
export const NOISE_METRICS = ['rps', 'p50Ms', 'p90Ms', 'p99Ms', 'maxMs', 'cpuMsPer1k', 'bytesPerRequest'] as const;
export type NoiseMetric = (typeof NOISE_METRICS)[number];

/** A run's numbers, as the library knows them. */
export interface NoiseRun {
  id: string;
  meta: RunMeta;
  values: Partial<Record<NoiseMetric, number>>;
}

export interface MetricNoise {
  /** Pooled standard deviation of ln(value) across repeated runs. */
  sdLog: number;
  /** Degrees of freedom: Σ (runs in a group − 1). */
  df: number;
}

export interface NoiseEstimate {
  /** How many runs and groups of repeats were found. */
  runs: number;
  groups: number;
  metrics: Partial<Record<NoiseMetric, MetricNoise>>;
}

/** At least this many degrees of freedom (e.g. three runs of one setting, or two and two) before Flambé says anything. */
export const MIN_NOISE_DF = 2;

/**
 * Settings that make two runs "the same thing" for noise. Null for a run
 * Flambé did not load itself (an imported profile): it has no settings to repeat.
 */
export function settingsKey(m: RunMeta): string | null {
  if (m.source !== 'recorded' || !m.url) return null;
  // A launched script listens on a new port each time: the route is the path, on the same target.
  return JSON.stringify([
    m.targetLabel, m.method, m.targetLabel ? routePath(m.url) : m.url, m.connections, m.durationSec, m.requestLimit, m.samplingIntervalUs, m.nodeVersion,
    m.machine?.cpuModel ?? null, m.machine?.cores ?? null, m.sameness ?? null,
  ]);
}

/** The pooled noise of the runs whose settings match A's or B's. */
export function estimateNoise(runs: readonly NoiseRun[], a: RunMeta, b: RunMeta): NoiseEstimate {
  const keys = new Set([settingsKey(a), settingsKey(b)].filter((k): k is string => k !== null));
  const groups = new Map<string, NoiseRun[]>();
  const seen = new Set<string>();
  for (const run of runs) {
    const k = settingsKey(run.meta);
    if (k === null || !keys.has(k) || seen.has(run.id)) continue;
    seen.add(run.id);
    const g = groups.get(k);
    if (g) g.push(run);
    else groups.set(k, [run]);
  }
  const metrics: NoiseEstimate['metrics'] = {};
  for (const metric of NOISE_METRICS) {
    let ss = 0;
    let df = 0;
    for (const g of groups.values()) {
      const logs = g.map((r) => r.values[metric]).filter((v): v is number => v !== undefined && v > 0 && Number.isFinite(v)).map(Math.log);
      if (logs.length < 2) continue;
      const m = mean(logs);
      for (const x of logs) ss += (x - m) ** 2;
      df += logs.length - 1;
    }
    if (df > 0) metrics[metric] = { sdLog: Math.sqrt(ss / df), df };
  }
  const repeated = [...groups.values()].filter((g) => g.length >= 2);
  return { runs: repeated.reduce((s, g) => s + g.length, 0), groups: repeated.length, metrics };
}

/**
 * The 95% interval of B against A (in %) from one run each and the noise, or
 * null when the noise is not known well enough.
 */
export function singleRunInterval(a: number, b: number, noise: MetricNoise | undefined): [number, number] | null {
  if (!noise || noise.df < MIN_NOISE_DF || !(a > 0) || !(b > 0)) return null;
  const d = Math.log(b / a);
  const half = studentTQuantile(0.975, noise.df) * noise.sdLog * Math.SQRT2;
  return [(Math.exp(d - half) - 1) * 100, (Math.exp(d + half) - 1) * 100];
}
