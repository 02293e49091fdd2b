// The verdict of a process with worker threads (issue 23): findings come from
// every thread, each naming its thread, heaviest first (each thread's CPU ms
// weigh the same); each worker's busy share feeds the checks — a main thread
// idle while its workers hash is not "the load did not stress it", and a pool
// whose workers are all busy is saturated (requests queue for a free worker).
// Advice knows where the code already runs: no "…or a worker thread" for code
// in one.
import { allocationTable } from '../memory/allocations.ts';
import { categoryBreakdown } from '../profile/views/categories.ts';
import { findFindings, MAX_FINDINGS, nearTie, type Finding, type FindingsOptions, type FindingsResult } from './findings.ts';
import type { Profile } from '../profile/model.ts';
import { timeRange } from '../profile/time-range.ts';
import { MAIN_THREAD_NAME, type NamedProfile } from '../profile/threads.ts';
import { moreWorkersClause } from './advice.ts';
import { isChildProcessName, requestsOfThread, requestsServedBy } from '../recording/processes.ts';
import { mergeChildProcessFindings } from './process-findings.ts';

export interface ThreadBusy {
  name: string;
  /** Of the thread's profiled time: everything but (idle). */
  busyPercent: number;
}

/** How a sentence names a thread: "the main thread", "worker 1 (hash-worker.cjs)". */
export function threadLabel(name: string): string {
  return name === MAIN_THREAD_NAME ? 'the main thread' : name;
}

export function busyPercent(profile: Profile): number {
  if (profile.durationMs <= 0) return 0;
  const idle = categoryBreakdown(profile).find((c) => c.kind === 'idle')?.ms ?? 0;
  return (1 - idle / profile.durationMs) * 100;
}

/**
 * Each worker's busy share — during the burst when its phases are known (a
 * worker idles before and after the load, which would dilute a saturated pool
 * into "73% busy"). Every thread's profile runs on the process's one clock, so
 * the burst's times (ms after the main profiler started) place it on each.
 */
export function workerBusy(workers: readonly NamedProfile[], main?: Profile, burst?: { fromMs: number; toMs: number } | null): ThreadBusy[] {
  return workers.map((w) => {
    let p = w.profile;
    if (main && burst && burst.toMs > burst.fromMs) {
      const firstSampleMs = (p.endTimeUs - p.durationMs * 1000) / 1000;
      const from = main.startTimeUs / 1000 + burst.fromMs - firstSampleMs;
      const inBurst = timeRange(p, from, from + burst.toMs - burst.fromMs);
      if (inBurst.samples.length > 0) p = inBurst;
    }
    return { name: w.name, busyPercent: busyPercent(p) };
  });
}

/**
 * What to do about work that already runs in a worker: "blocks the event loop"
 * and "…or a worker thread" would be wrong there; a cheaper task or more
 * workers are the fix. GC and a dependency keep their advice.
 */
function inWorkerAdvice(f: Finding, thread: string, workers: number, cores: number | null): string {
  if (f.kind === 'gc' || f.kind === 'dependency') return f.advice;
  return `This runs in a worker thread (${thread}), so it does not block the event loop — but each task holds its worker, and when every worker is busy requests queue for a free one. `
    + `Make each task cheaper (fewer iterations, less data per task, a result kept instead of recomputed)${moreWorkersClause(workers, cores)}.`;
}

/** Under this share of its time busy, a process whose children served the requests is only handing them on. */
const IDLE_PARENT_BUSY_PERCENT = 10;

/**
 * The recorded process barely ran while its child processes served the requests (a cluster's primary): its findings
 * are about nothing the requests did — an unseen cluster read "Garbage collection takes 0.4 % of the time (60 % of the
 * busy time) … The server creates many short-lived objects" of its primary, after the workers' real cause.
 */
function idleBesideServingChildren(main: Profile, workers: readonly NamedProfile[]): boolean {
  return workers.some((w) => (requestsServedBy(w) ?? 0) > 0) && busyPercent(main) < IDLE_PARENT_BUSY_PERCENT;
}

/** Findings of the main thread (`main`) and of each worker, each naming its thread; the main thread's spread when none stands out. */
export function threadFindings(main: Profile, workers: readonly NamedProfile[], opts: FindingsOptions): FindingsResult {
  const first = findFindings(main, opts);
  const all: Finding[] = idleBesideServingChildren(main, workers) ? [] : first.findings.map((f) => ({ ...f, thread: MAIN_THREAD_NAME }));
  // A cluster worker's figures per request are of the requests it served (requestsOfThread).
  const servedBy = new Map(workers.map((w) => [w.name, requestsServedBy(w)]));
  for (const w of workers) {
    const requests = requestsOfThread(w, opts.requests);
    // A worker's GC is paid for by what it allocates on its own heap: its allocations, or none — never the main thread's.
    const allocations = w.allocations ? allocationTable(w.allocations, requests ?? null) : null;
    // A child process's main thread (a cluster worker) runs its own event loop: its findings keep their advice.
    const ownLoop = isChildProcessName(w.name) && !w.name.includes(' · ');
    const threads = workers.filter((x) => !isChildProcessName(x.name) || x.name.includes(' · ')).length;
    for (const f of findFindings(w.profile, { ...opts, requests, allocations, thread: w.name }).findings) all.push({ ...f, thread: w.name, advice: ownLoop ? f.advice : inWorkerAdvice(f, w.name, threads, opts.cores ?? null) });
  }
  all.splice(0, all.length, ...mergeChildProcessFindings(all, (thread) => servedBy.get(thread) ?? null));
  all.sort((a, b) => b.ms - a.ms);
  let shown = Math.min(all.length, MAX_FINDINGS);
  while (shown < all.length && nearTie(all[shown].ms, all[shown - 1].ms)) shown++;
  const findings = all.slice(0, shown);
  return { ...first, findings, spread: findings.length ? null : first.spread };
}
