// The process and its memory in a terminal and in --json: CPU, event loop,
// heap, external and RSS over the burst (min/mean/max), the growth verdict
// (shared/memory/growth.ts) and which functions allocated (allocations.ts).
import type { SnapshotEstimate } from '../../shared/memory/snapshot-cost.ts';
import { requestsHandledCount } from '../../shared/load/request-counts.ts';
import type { RecordingResult } from '../../shared/api.ts';
import { allocationPlace, allocationTable, type AllocationTable } from '../../shared/memory/allocations.ts';
import { formatBytes } from '../../shared/number-format.ts';
import { judgeMemoryGrowth, WORKER_HEAPS_NOT_JUDGED, type MemoryGrowth } from '../../shared/memory/growth.ts';
import { growthVerdict, processLines, summarizeProcess } from '../../shared/memory/process-summary.ts';
import type { GrowthVerdict } from '../../shared/recording/memory.ts';
import { allocationsOf, extraOf } from '../../shared/recording/profile-extras.ts';
import { childMemoryNotWatched, isChildProcessName, memorySentenceWithChildren } from '../../shared/recording/processes.ts';
import type { Growing } from '../../shared/recording/growing.ts';
import { growingEmptySentence, growingSentence, holderText } from '../../shared/memory/growing-sentence.ts';
import { threadsOf } from '../../shared/profile/threads.ts';
import { shortPlace } from '../../shared/profile/places.ts';
import { table } from './table.ts';

export const TOP_ALLOCATORS = 10;

interface MemoryOf {
  process: ReturnType<typeof summarizeProcess>;
  growth: MemoryGrowth | null;
  /** The growth verdict is of a process that served no request, its children's memory not watched: its sentence says so instead. */
  notWhereServed: boolean;
  allocations: AllocationTable | null;
  /** Each worker thread's allocations (its own heap), when they were sampled. */
  workers: { thread: string; allocations: AllocationTable }[];
  /** What grew between the heap snapshots (record --find-growth); null when not asked. */
  growing: Growing | null;
}

export function memoryOf(result: Pick<RecordingResult, 'samples' | 'load' | 'profile' | 'growing' | 'requestTime'>): MemoryOf {
  const burst = result.load?.phases?.burst;
  const heap = allocationsOf(result.profile);
  const requests = requestsHandledCount(result);
  const workers = threadsOf(result.profile).slice(1).flatMap((t) => {
    const h = allocationsOf(t.raw);
    return h ? [{ thread: t.name, allocations: allocationTable(h, requests) }] : [];
  });
  // The samples are the recorded process's: where its children served the requests, the verdict says so.
  const growth = judgeMemoryGrowth(result.samples, burst);
  const children = childMemoryNotWatched(extraOf(result.profile, 'processes'));
  return {
    process: summarizeProcess(result.samples, burst),
    growth: growth && { ...growth, sentence: memorySentenceWithChildren(growth.sentence, growth.grows, children) },
    notWhereServed: !!growth && !growth.grows && !!children?.replaces,
    allocations: heap ? allocationTable(heap, requests, result.requestTime?.background ?? null) : null, workers,
    growing: result.growing ?? null,
  };
}

const perMin = (mbPerSec: number) => Math.round(mbPerSec * 60 * 10) / 10;
const round1 = (mb: number) => Math.round(mb * 10) / 10;

/** The --json "memory.allocations" (and `flambe analyze FILE.heapprofile --json`). */
export function allocationsJson(a: AllocationTable, top = TOP_ALLOCATORS) {
  return {
    bytes: Math.round(a.bytes),
    bytesPer1kRequests: a.bytesPerRequest === null ? null : Math.round(a.bytesPerRequest * 1000),
    backgroundBytes: Math.round(a.backgroundBytes),
    functions: a.rows.slice(0, top).map((r) => ({
      function: r.function, url: r.url, line: r.line, category: r.category, bytes: Math.round(r.bytes),
      bytesPerRequest: r.bytesPerRequest === null ? null : Math.round(r.bytesPerRequest), percent: Math.round(r.percent * 10) / 10,
      backgroundBytes: Math.round(r.backgroundBytes),
    })),
  };
}

/** `flambe analyze FILE.heapprofile`: the functions by bytes, as a table. */
export function formatAllocations(fileName: string, a: AllocationTable, top: number): string[] {
  const per = a.bytesPerRequest !== null;
  const rows = a.rows.slice(0, top);
  return [
    `${fileName}: allocation profile, ${formatBytes(a.bytes)} in ${a.rows.length} functions${per ? `, ${formatBytes(a.bytesPerRequest!)} per request` : ''}`,
    '',
    `Top ${rows.length} functions by bytes allocated`,
    ...table(['bytes', '%', ...(per ? ['per request'] : []), 'function'], rows.map((r) => {
      const place = allocationPlace(r);
      return [formatBytes(r.bytes), `${r.percent.toFixed(1)}%`, ...(per ? [formatBytes(r.bytesPerRequest!)] : []), `${r.function}${place ? `  ${place}` : ''}`];
    })).map((l) => `  ${l}`),
  ];
}

const rates = ({ heapUsedMbPerMin, externalMbPerMin, rssMbPerMin }: GrowthVerdict) => ({ heapUsedMbPerMin, externalMbPerMin, rssMbPerMin });

/** The --json "process" and "memory" fields (documented in docs/cli.md). */
export function memoryJson(m: MemoryOf) {
  const a = m.allocations;
  return {
    process: m.process,
    memory: {
      allocations: a ? allocationsJson(a) : null,
      workerAllocations: m.workers.map((w) => ({ thread: w.thread, ...allocationsJson(w.allocations) })),
      growth: m.growth ? {
        // What full collections before and after the burst left, per minute of burst (growthVerdict, as sweep levels and experiment rounds carry it); the intervals are the lows' trend.
        ...rates(growthVerdict(m.growth)),
        // Rule 2: the Theil–Sen slope of the 1 s lows and its 95 % interval (the lows still hold garbage: above the kept rate on a leak).
        lowsMbPerMin: { heapUsed: perMin(m.growth.heapUsed.mbPerSec), external: m.growth.external ? perMin(m.growth.external.mbPerSec) : null, rss: perMin(m.growth.rss.mbPerSec) },
        ci95MbPerMin: {
          heapUsed: m.growth.heapUsed.ci95.map(perMin),
          external: m.growth.external ? m.growth.external.ci95.map(perMin) : null,
          rss: m.growth.rss.ci95.map(perMin),
        },
        keptAfterFullGcMb: m.growth.kept ? {
          heapUsed: m.growth.kept.heapUsedMb.map(round1), external: m.growth.kept.externalMb?.map(round1) ?? null,
          // Flambé's full collection halfway through the burst (growth.ts rule 4): null without it.
          halfway: m.growth.kept.midMb ? { heapUsed: round1(m.growth.kept.midMb.heapUsed), external: m.growth.kept.midMb.external === null ? null : round1(m.growth.kept.midMb.external) } : null,
        } : null,
        // Of a process that served none (a cluster's primary): no answer about the requests' memory.
        grows: m.notWhereServed ? null : m.growth.grows,
        undecided: m.notWhereServed ? 'served by child processes' : m.growth.undecided ?? null,
        sentence: m.growth.sentence,
      } : null,
      // What grows and what holds it: record --find-growth's two heap snapshots; null when not asked.
      growing: m.growing ? m.growing.kinds.map((k) => ({
        kind: k.kind, countDelta: k.countDelta, bytesDelta: Math.round(k.bytesDelta), retainedBy: k.holder ? holderText(k.holder) : null,
        holder: k.holder, path: k.path,
      })) : null,
      growthSnapshots: m.growing ? {
        seconds: Math.round(m.growing.seconds * 10) / 10, requests: m.growing.requests,
        pausedSec: [m.growing.pausedSec.first, m.growing.pausedSec.second].map((s) => Math.round(s * 10) / 10),
        snapshotMb: [round1(m.growing.snapshotMb.first), round1(m.growing.snapshotMb.second)],
        allocatedAlive: m.growing.allocatedAlive.map((a) => ({ ...a, bytes: Math.round(a.bytes) })), error: m.growing.error,
        // What each snapshot was estimated to cost before it was taken (shared/memory/snapshot-cost.ts), beside what it did.
        estimate: m.growing.estimate ? estimateJson(m.growing.estimate) : null,
      } : null,
    },
  };
}

function estimateJson(e: SnapshotEstimate) {
  const range = (r: { low: number; high: number }, round: (n: number) => number) => ({ low: round(r.low), high: round(r.high) });
  return {
    heapUsedMb: round1(e.heapUsedMb), rssMb: round1(e.rssMb), busy: e.busy === null ? null : round1(e.busy),
    pauseSec: range(e.pauseSec, round1), extraMb: range(e.extraMb, Math.round), maxPauseSec: e.maxPauseSec, tooLong: e.tooLong,
  };
}

/** "Process" and "Memory" lines for `flambe record`'s summary. */
export function memoryLines(m: MemoryOf): string[] {
  const out: string[] = [];
  if (m.process) {
    const [cpu, mem] = processLines(m.process);
    out.push(`Process  ${cpu}`, `         ${mem}`);
  }
  // Worker threads' heaps are the process's own isolates; a child process's are said by the sentence itself.
  if (m.growth) out.push(`Memory   ${m.growth.sentence}${m.workers.some((w) => !isChildProcessName(w.thread)) ? ` ${WORKER_HEAPS_NOT_JUDGED}` : ''}`);
  else if (m.process) out.push('Memory   The burst was too short to judge whether memory grows: that needs at least 4 seconds of process samples.');
  if (m.growing) out.push(`Grows    ${growingSentence(m.growing) ?? growingEmptySentence(m.growing)}`);
  const a = m.allocations;
  if (a && a.rows.length) out.push(...allocatedLines('Allocated', 'on the JS heap during the profile', a));
  for (const w of m.workers) if (w.allocations.rows.length) out.push(...allocatedLines(`In ${w.thread}:`, 'on its heap', w.allocations));
  return out;
}

/** "Allocated 379 MB on the JS heap during the profile, 11 kB per request; most by:" and the three heaviest functions. */
function allocatedLines(lead: string, where: string, a: AllocationTable): string[] {
  const per = a.bytesPerRequest !== null ? `, ${formatBytes(a.bytesPerRequest)} per request` : '';
  // Background work (timers with no request behind them) is in the bytes, in no per-request figure.
  const bg = a.backgroundBytes > 0 ? ` (${formatBytes(a.backgroundBytes)} of it by background work, not per request)` : '';
  return [`${lead} ${lead.endsWith(':') ? 'allocated ' : ''}${formatBytes(a.bytes)} ${where}${per}${bg}; most by:`, ...a.rows.slice(0, 3).map((r) => {
    const place = allocationPlace(r);
    const perRow = r.bytesPerRequest !== null ? `, ${formatBytes(r.bytesPerRequest)} per request` : '';
    const bgRow = r.backgroundBytes <= 0 ? '' : r.backgroundBytes >= r.bytes ? ', background work' : `, ${formatBytes(r.backgroundBytes)} of it background work`;
    return `         ${r.function}${place ? ` (${shortPlace(place)})` : ''} ${formatBytes(r.bytes)} (${Math.round(r.percent)}%)${perRow}${bgRow}`;
  })];
}
