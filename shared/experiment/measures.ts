// The numbers of one round, read from its recording: load, CPU per 1 000
// requests, kinds of work and the heaviest functions. Each round is reduced to
// these so the statistics (shared/stats) compare rounds, not requests.
import type { RecordingResult } from '../api.ts';
import { analyzeProfile, importProfile } from '../profile/index.ts';

/** How many functions of each round are kept for the comparison (heaviest self time first). */
export const FUNCTIONS_PER_ROUND = 40;

export interface RoundFunction {
  /** Identity across rounds: name + file + line (script variants: the script's path is replaced by its role). */
  key: string;
  name: string;
  url: string;
  line: number;
  selfPercent: number;
  selfMsPer1k: number | null;
}

export interface RoundMeasures {
  requests: number | null;
  rps: number | null;
  p50Ms: number | null;
  p90Ms: number | null;
  p99Ms: number | null;
  cpuMsPer1k: number | null;
  bucketsMsPer1k: Record<string, number> | null;
  functions: RoundFunction[] | null;
}

/**
 * `scriptUrl`: the variant's own script (script variants), so the same
 * function in before.js and after.js is the same row.
 */
export function measureRound(rec: RecordingResult, scriptUrl?: string): RoundMeasures {
  const load = rec.load;
  const out: RoundMeasures = {
    requests: load?.requests ?? null,
    rps: load?.rps ?? null,
    p50Ms: load?.latencyMs.p50 ?? null,
    p90Ms: load?.latencyMs.p90 ?? null,
    p99Ms: load?.latencyMs.p99 ?? null,
    cpuMsPer1k: null,
    bucketsMsPer1k: null,
    functions: null,
  };
  if (!rec.profile) return out;
  const requests = load && load.requests > 0 ? load.requests : undefined;
  const analysis = analyzeProfile(importProfile(rec.profile), { requests });
  const per1k = (ms: number) => (requests ? (ms / requests) * 1000 : null);
  const idleMs = analysis.categories.filter((c) => c.kind === 'idle').reduce((s, c) => s + c.ms, 0);
  out.cpuMsPer1k = per1k(analysis.durationMs - idleMs);
  if (requests) out.bucketsMsPer1k = Object.fromEntries(analysis.buckets.map((b) => [b.name, per1k(b.ms)!]));
  out.functions = analysis.functions
    .filter((f) => f.categoryName !== 'idle' && !/^\((idle|program|garbage collector|root)\)$/.test(f.name))
    .slice(0, FUNCTIONS_PER_ROUND)
    .map((f) => {
      const url = scriptUrl && sameFile(f.url, scriptUrl) ? '<script>' : f.url;
      return { key: `${f.name}\u0000${url}\u0000${f.line}`, name: f.name, url: f.url, line: f.line, selfPercent: f.selfPercent, selfMsPer1k: per1k(f.selfMs) };
    });
  return out;
}

function sameFile(url: string, file: string): boolean {
  const norm = (s: string) => s.replace(/^file:\/\//, '');
  return norm(url) === norm(file);
}
