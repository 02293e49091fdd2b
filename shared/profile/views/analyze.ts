// The whole-profile summary the CLI, the library and the "Where the time
// went" panel show: duration, functions (or files, or packages) by self time,
// categories and buckets — with CPU ms per 1000 requests when the number of
// requests served during the profile is known.
import { isFlambeUrl } from '../classify.ts';
import { bottomUp } from './bottom-up.ts';
import { bucketBreakdown, categoryBreakdown, type BucketRow, type CategoryRow } from './categories.ts';
import { hasCpu, isCpuTime, msPerThousandRequests, type PerRequest } from '../cpu-time.ts';
import type { Grouping } from '../frame-groups.ts';
import type { Profile } from '../model.ts';

export interface AnalysisOptions {
  by?: Grouping;
  /** Requests completed during the profile, and its thread's CPU clock (../cpu-time.ts): adds ms-per-1000-requests figures. */
  perRequest?: PerRequest | null;
}

/** A function's (file's, package's) time: in ms, in % of the profile, and per 1000 requests when they are known. */
export interface FunctionTimes {
  selfMs: number;
  totalMs: number;
  selfPercent: number;
  totalPercent: number;
  selfMsPer1kRequests?: number;
  totalMsPer1kRequests?: number;
}

export interface FunctionSummary extends FunctionTimes {
  name: string;
  url: string;
  /** 1-based; 0 for files, packages and native code. */
  line: number;
  column: number;
  location: string;
  categoryName: string;
}

export interface ProfileAnalysis {
  durationMs: number;
  samples: number;
  by: Grouping;
  requests: number | null;
  /** The per-1000-request figures are CPU from the OS clock (false: sampled time, ../cpu-time.ts). */
  cpuTime: boolean;
  /** Heaviest self time first. */
  functions: FunctionSummary[];
  categories: (CategoryRow & { msPer1kRequests?: number })[];
  buckets: (BucketRow & { msPer1kRequests?: number })[];
}

export function analyzeProfile(profile: Profile, opts: AnalysisOptions = {}): ProfileAnalysis {
  const by = opts.by ?? 'function';
  const per = opts.perRequest && opts.perRequest.requests > 0 ? opts.perRequest : null;
  const requests = per?.requests ?? null;
  const per1k = (ms: number) => msPerThousandRequests(ms, per);
  // Flambé's request collector is not the user's code (collector-work.ts): its time stays in the categories, in no row.
  const functions = bottomUp(profile, { by }).filter((r) => !isFlambeUrl(r.url)).map((r): FunctionSummary => {
    const f: FunctionSummary = {
      name: r.name, url: r.url, line: r.line, column: r.column, location: r.location, categoryName: r.categoryName,
      selfMs: r.selfMs, totalMs: r.totalMs, selfPercent: r.selfPercent, totalPercent: r.totalPercent,
    };
    // Idle is no work: it has no CPU per request (its sampled time is the thread waiting for events).
    if (requests && hasCpu(r.category)) {
      f.selfMsPer1kRequests = per1k(r.selfMs);
      f.totalMsPer1kRequests = per1k(r.totalMs);
    }
    return f;
  });
  const categories = categoryBreakdown(profile).map((c) => (requests && hasCpu(c.kind) ? { ...c, msPer1kRequests: per1k(c.ms) } : c));
  const buckets = bucketBreakdown(profile).map((b) => (requests ? { ...b, msPer1kRequests: per1k(b.ms) } : b));
  return { durationMs: profile.durationMs, samples: profile.samples.length, by, requests, cpuTime: isCpuTime(per), functions, categories, buckets };
}
