// A sweep over several routes, read per route: the routes slower than X ms at
// p75 at each level, the level from which a route stays slow ("POST /checkout
// passes 100 ms at p75 from 20 connections"), and each route's p95 against
// connections for the chart. One rule for the CLI, the screen and the report.
import type { ProcessSample } from '../api.ts';
import { periodicSamples } from '../recording/process-samples.ts';
import { processOfBurst } from '../memory/process-summary.ts';
import type { LevelProcess, SweepRoute } from './sweep-level.ts';

export interface LevelRoutes {
  connections: number;
  routes?: SweepRoute[];
}

const p75Of = (r: SweepRoute) => r.latencyMs.p75 ?? r.latencyMs.p50;
export const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** The routes of one level whose p75 is above the threshold, slowest first. */
export function slowAtLevel(routes: readonly SweepRoute[], thresholdMs: number): SweepRoute[] {
  return routes.filter((r) => r.requests > 0 && p75Of(r) > thresholdMs).sort((a, b) => p75Of(b) - p75Of(a));
}

/** Each route's name in the order of the first level that has it. */
export function routeNames(levels: readonly LevelRoutes[]): string[] {
  const names: string[] = [];
  for (const l of levels) for (const r of l.routes ?? []) if (!names.includes(routeKey(r))) names.push(routeKey(r));
  return names;
}

export interface SlowRoute {
  route: string;
  /** Levels (connections) at which its p75 was above the threshold, in order. */
  levels: number[];
  /** The lowest level from which it stays above the threshold at every higher level measured, or null. */
  from: number | null;
  /** Its p75 at `from` (at the highest level measured when from is null), ms. */
  p75Ms: number;
}

/** The routes above the threshold at p75 at one level at least, the one slow earliest first. */
export function slowRoutesAcrossLevels(levels: readonly LevelRoutes[], thresholdMs: number): SlowRoute[] {
  const sorted = [...levels].sort((a, b) => a.connections - b.connections);
  const out: SlowRoute[] = [];
  for (const name of routeNames(sorted)) {
    const points = sorted.flatMap((l) => {
      const r = l.routes?.find((x) => routeKey(x) === name && x.requests > 0);
      return r ? [{ connections: l.connections, p75: p75Of(r) }] : [];
    });
    const over = points.filter((p) => p.p75 > thresholdMs).map((p) => p.connections);
    if (!over.length) continue;
    let i = points.length;
    while (i > 0 && points[i - 1].p75 > thresholdMs) i--;
    const from = i < points.length ? points[i] : null;
    out.push({ route: name, levels: over, from: from?.connections ?? null, p75Ms: (from ?? points[points.length - 1]).p75 });
  }
  return out.sort((a, b) => a.levels[0] - b.levels[0] || b.p75Ms - a.p75Ms);
}

const conn = (n: number) => `${n} connection${n === 1 ? '' : 's'}`;

/** One sentence per slow route, or one saying none is. */
export function slowRoutesSweepSentences(levels: readonly LevelRoutes[], thresholdMs: number): string[] {
  const slow = slowRoutesAcrossLevels(levels, thresholdMs);
  if (!slow.length) return [`No route passes ${thresholdMs} ms at p75 at any level.`];
  return slow.map((s) => (s.from !== null
    ? `${s.route} passes ${thresholdMs} ms at p75 from ${conn(s.from)} (${s.p75Ms.toFixed(1)} ms).`
    : `${s.route} passes ${thresholdMs} ms at p75 at ${s.levels.join(', ')} connections, but not at the highest level (${s.p75Ms.toFixed(1)} ms there).`));
}

/** Each route's p95 (p99 in older recordings) at each level that served it: the chart's lines. */
export function routeP95Series(levels: readonly LevelRoutes[]): { route: string; points: { connections: number; p95Ms: number }[] }[] {
  const sorted = [...levels].sort((a, b) => a.connections - b.connections);
  return routeNames(sorted).map((route) => ({
    route,
    points: sorted.flatMap((l) => {
      const r = l.routes?.find((x) => routeKey(x) === route && x.requests > 0);
      return r ? [{ connections: l.connections, p95Ms: r.latencyMs.p95 ?? r.latencyMs.p99 }] : [];
    }),
  }));
}

/**
 * The process during a level from its samples (each ~250 ms), over the level's burst when it is known (as `record`
 * and the CLI's table read them: one number on every screen): CPU as the mean of the intervals, heap and RSS at
 * their highest, and the CPU per request those say — the process's CPU (all threads, from the OS) per second of the
 * burst ÷ its requests per second, so a row's "CPU % of a core 22" at 27.9 requests/s reads 7.9 ms per request,
 * never a figure from another clock or window. Null without samples.
 */
export function levelProcess(all: readonly ProcessSample[], rps: number, burst?: { fromMs: number; toMs: number } | null): LevelProcess | null {
  const samples = periodicSamples(all);
  if (!samples.length) return null;
  const r2 = (x: number) => Math.round(x * 100) / 100;
  // The burst's min/mean/max and the growth verdict, as `record` gives them (shared/memory/process-summary.ts).
  const { process: summary, growth } = processOfBurst(all, burst);
  const cpuPercent = summary?.cpuPercent.mean ?? samples.reduce((n, s) => n + s.cpuPercent, 0) / samples.length;
  return {
    cpuPercent: r2(cpuPercent),
    heapUsedMb: r2(summary?.heapUsedMb.max ?? Math.max(...samples.map((s) => s.heapUsedMb))),
    rssMb: r2(summary?.rssMb.max ?? Math.max(...samples.map((s) => s.rssMb))),
    cpuMsPerRequest: rps > 0 ? Math.round(((cpuPercent / 100) * 1000 / rps) * 1000) / 1000 : null,
    summary, growth,
  };
}
