// Two kinds of one-sentence checks shown with the verdict:
//   trust — is this profile good enough to believe its percentages?
//   load  — what the load and the process timeline say, joined to the
//           profile's findings (the way clinic doctor reads a run, but naming functions).
// Each applies only when its condition holds; the thresholds are written here once.
import { PROCESS_ROLE_PLURAL } from '../recording/processes.ts';
import type { CpuAccounting } from '../recording/cpu-accounting.ts';
import { cpuPerSampledMs } from '../profile/cpu-time.ts';
import type { LoadSummary } from '../recording/load.ts';
import { periodicSamples, type ProcessSample } from '../recording/process-samples.ts';
import { failingRequestsSentence } from './failing-requests.ts';
import type { HeapProfile } from '../recording/memory.ts';
import { judgeMemoryGrowth, type MemoryGrowth } from '../memory/growth.ts';
import { growingIsFinding, growingSentence } from '../memory/growing-sentence.ts';
import type { Growing } from '../recording/growing.ts';
import { allocationPlace, allocationTable, topAllocator } from '../memory/allocations.ts';
import { formatBytes } from '../number-format.ts';
import { categoryBreakdown } from '../profile/views/categories.ts';
import type { Finding } from './findings.ts';
import { displayFile, type Profile } from '../profile/model.ts';
import { shortPlace } from '../profile/places.ts';
import type { ThreadBusy } from './threads-verdict.ts';
import type { RequestTime } from '../recording/request-time.ts';
import { BACKGROUND_PERCENT, backgroundSentence, queueMs, RUN_BY, waitingSentence as measuredWaitingSentence } from '../request-time/sentence.ts';

import { outputAdvice, outputIsHigh, type OutputVolume } from '../recording/output.ts';
import { listenerSentence, type ListenerGrowth } from '../recording/listeners.ts';
import { risingCostSentence } from '../request-time/cost-trend.ts';
import { moreWorkersClause } from './advice.ts';
import { MAIN_THREAD_NAME } from '../profile/threads.ts';
import { onChildProcesses } from './process-findings.ts';
import { formatMsInText } from '../number-format.ts';

export interface Check {
  id: 'orphans' | 'orphan-samples' | 'failing' | 'few-samples' | 'interval' | 'idle' | 'no-warmup' | 'saturated' | 'gc' | 'loop-blocked' | 'waiting' | 'gc-pressure' | 'workers-saturated' | 'background' | 'memory-growth' | 'log-volume' | 'listener-leak' | 'cost-rises';
  text: string;
}

/** What Flambé knows about how a profile was recorded; every field is optional (an imported profile has none). */
export interface RecordingContext {
  requests?: number | null;
  /** The recording's CPU accounting (shared/recording/cpu-accounting.ts): per-request figures are then CPU from the OS clock. */
  cpu?: CpuAccounting | null;
  /** The sampling interval asked for, µs. */
  samplingIntervalUs?: number | null;
  /** Seconds of load before profiling; null when unknown. */
  warmupSec?: number | null;
  /** The target served load just before, in the same run (a sweep's earlier level): its code was warm without a warm-up of its own. */
  warmedByEarlierLoad?: boolean | null;
  samples?: readonly ProcessSample[];
  load?: LoadSummary | null;
  /** Where each request's time went, measured in the target: the waiting sentence names what, instead of guessing. */
  requestTime?: RequestTime | null;
  /** The sampling heap profile of the burst, when the recording has one (shared/recording/memory.ts). */
  allocations?: HeapProfile | null;
  /** Lines written to stdout/stderr during the burst. */
  output?: OutputVolume | null;
  /** What grew between two heap snapshots after the burst (find what grows), when asked for. */
  growing?: Growing | null;
  /** The cores of the machine it ran on: whether adding workers can help. */
  cores?: number | null;
  /** Listeners the burst added to one emitter and event and left there (listener-counter.ts). */
  listeners?: readonly ListenerGrowth[] | null;
}

/**
 * What Flambé did about a sampler that fell behind (issue 31): the shares
 * rest on fewer samples, and a thread waiting for a core is charged to what
 * it was running — so the ms per request come from the OS clock where it was
 * read (shared/profile/cpu-time.ts), and say they are sampled time where not.
 */
function samplerBehindDone(cpu: CpuAccounting | null): string {
  const thread = cpu?.mainThread;
  if (!cpu || !thread || !(cpu.sampledBusyMs > 0)) {
    return 'The percentages rest on fewer samples; the ms per request are sampled time here (the operating system\'s CPU clock of the thread could not be read), which also counts the time the thread waited for a core, so they read high.';
  }
  const ran = Math.min(100, (thread.cpuMs / cpu.sampledBusyMs) * 100);
  // The rate every figure uses (cpu-time.ts): the requests' own code's where the collector timed it, said with it.
  const rate = cpuPerSampledMs(cpu);
  const code = cpu.requestCode && rate !== null && rate < ran / 100 - 0.005
    ? ` Its requests' own code got ${ms1(cpu.requestCode.cpuMs)} of CPU over the ${ms1(cpu.requestCode.wallMs)} it ran (${p0(rate * 100)}): each sampled ms counts as that share of a ms of CPU.` : '';
  return `The percentages rest on fewer samples. The thread ran ${ms1(thread.cpuMs)} on a CPU while it was sampled busy for ${ms1(cpu.sampledBusyMs)} (${p0(ran)}), so Flambé counts each ms per request from that CPU time, measured by the operating system, not from the samples' wall time.${code}`;
}

/** The no-warm-up check when the user sent the load: Flambé recorded from their first request. */
export const OWN_LOAD_NO_WARMUP = 'No warm-up: Flambé recorded your load from its first request, on cold code, so compiling JavaScript is counted as work ((program) and V8 time). '
  + 'To leave it out, load the server once before recording: start it yourself, send your load, then record with --attach or --pid while you send it again (in the app, record a second time on the same target).';

export const FEW_SAMPLES = 1000;
export const IDLE_PERCENT = 50;
/** Delivered vs requested sampling interval: beyond twice (or half), say so (1.5× is common on a loaded machine). */
export const INTERVAL_RATIO = 2;
export const SATURATED_CPU_PERCENT = 90;
export const HIGH_GC_BUSY_PERCENT = 20;
export const BLOCKED_ELU = 0.9;
export const BLOCKED_LOOP_DELAY_MS = 50;
export const WAITING_CPU_PERCENT = 50;
export const WAITING_P99_MS = 100;
/** Also waiting: p50 at least this long, and this many times the CPU one request took (an awaited 20 ms call: 21 ms for 0.1 ms of CPU). */
export const WAITING_MIN_P50_MS = 5;
export const WAITING_LATENCY_TO_CPU = 10;
/** Worker threads busy at least this share of the time on average: the pool is saturated. */
export const WORKERS_SATURATED_PERCENT = 80;

const p0 = (x: number) => `${Math.round(x)}%`;
// The one milliseconds-in-a-sentence rule (thousands grouped: the walk at 1024×700 found "2271 ms" here).
const ms1 = formatMsInText;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** The 95% interval of a share p (0..1) measured from n samples (normal approximation, clamped to 0..1). */
export function shareInterval(p: number, n: number): [number, number] {
  if (n <= 0) return [0, 1];
  const half = 1.96 * Math.sqrt((p * (1 - p)) / n);
  return [Math.max(0, p - half), Math.min(1, p + half)];
}

/** "the children's heaviest work: renderInvoice (pool.js:20) on 2 forked children (pid 7, 8), 66% of their busy time" — what a wait on them over IPC was. */
function childWorkText(findings: readonly Finding[]): string | null {
  const f = findings.find((x) => x.function !== '' && x.kind !== 'gc' && onChildProcesses(x.thread));
  return f ? `the children's heaviest work: ${f.function}${f.location ? ` (${shortPlace(f.location)})` : ''} on ${f.thread}, ${p0(f.busyPercent)} of their busy time` : null;
}

/**
 * Requests that spend their time waiting, not computing: the process well
 * under a core while latency is high (p99 ≥ 100 ms), or long next to the CPU
 * one request takes (p50 ≥ 5 ms and ≥ 10× that CPU). Its sentence; null when not.
 */
function waitingSentence(ctx: RecordingContext, findings: readonly Finding[] = []): string | null {
  if (ctx.requestTime) return measuredWaitingSentence(ctx.requestTime, childWorkText(findings));
  const samples = periodicSamples(ctx.samples ?? []);
  if (samples.length === 0 || !ctx.load) return null;
  const cpu = mean(samples.map((s) => s.cpuPercent));
  // A blocked loop (loop-blocked) queues requests behind running JavaScript: they were not waiting on
  // something else, even when the process got little of a core (a busy machine shares its cores).
  if (cpu >= WAITING_CPU_PERCENT || loopBlocked(samples)) return null;
  const tail = ' A CPU profile does not show waiting — look at what the slow requests call or await.';
  const p99 = ctx.load.latencyMs.p99;
  if (p99 >= WAITING_P99_MS) return `CPU was only ${p0(cpu)} of a core while p99 latency was ${ms1(p99)}: requests were waiting on something else (a database, the network, a timer, the disk).${tail}`;
  const p50 = ctx.load.latencyMs.p50;
  // The process's CPU per request (every thread, as in "the process at 15% of a core"), over the load's duration.
  const requests = ctx.load.requests;
  const cpuPerRequest = requests > 0 && ctx.load.durationSec > 0 ? (cpu / 100) * ctx.load.durationSec * 1000 / requests : null;
  if (cpuPerRequest !== null && p50 >= WAITING_MIN_P50_MS && p50 >= WAITING_LATENCY_TO_CPU * cpuPerRequest) {
    const cpuText = cpuPerRequest >= 1 ? ms1(cpuPerRequest) : `${Number(cpuPerRequest.toPrecision(2))} ms`;
    return `Each request took ${ms1(p50)} (p50) but only ${cpuText} of CPU, with the process at ${p0(cpu)} of a core: requests spent their time waiting on something else (a database, the network, a timer, the disk), not computing.${tail}`;
  }
  return null;
}

/** The worker pool was saturated: its threads' mean busy share. */
function workersSaturated(workers: readonly ThreadBusy[]): boolean {
  return workers.length > 0 && mean(workers.map((w) => w.busyPercent)) >= WORKERS_SATURATED_PERCENT;
}

export function trustChecks(profile: Profile, ctx: RecordingContext, findings: readonly Finding[], workers: readonly ThreadBusy[] = []): Check[] {
  const out: Check[] = [];
  const n = profile.samples.length;
  const cats = categoryBreakdown(profile);
  const idle = cats.find((c) => c.kind === 'idle')?.percent ?? 0;
  const busyMs = profile.durationMs * (1 - idle / 100);
  if (profile.orphans) {
    const { count, example } = profile.orphans;
    out.push({ id: 'orphans', text: `${count} call-tree node${count === 1 ? '' : 's'} named a parent missing from the file (${example}): Flambé attached ${count === 1 ? 'it' : 'them'} to the root, so ${count === 1 ? 'its' : 'their'} time is counted but ${count === 1 ? 'its callers are' : 'their callers are'} unknown.` });
  }
  if (profile.orphanSamples) {
    const { count, example } = profile.orphanSamples;
    out.push({ id: 'orphan-samples', text: `${count} sample${count === 1 ? '' : 's'} named a call-tree node missing from the file (${example}): Flambé put ${count === 1 ? 'it' : 'them'} on the root of the call tree (no function), as Chrome DevTools does.` });
  }
  if (n > 0 && n < FEW_SAMPLES) {
    const share = (findings[0]?.percent ?? 10) / 100;
    const [lo, hi] = shareInterval(share, n);
    out.push({ id: 'few-samples', text: `Only ${n} samples: a share measured as ${p0(share * 100)} could really be anywhere from ${p0(lo * 100)} to ${p0(hi * 100)}. Record longer (or sample more often) for firmer numbers.` });
  }
  if (ctx.samplingIntervalUs && n > 1) {
    const deliveredUs = (profile.durationMs * 1000) / n;
    const ratio = deliveredUs / ctx.samplingIntervalUs;
    if (ratio > INTERVAL_RATIO || ratio < 1 / INTERVAL_RATIO) {
      out.push({ id: 'interval', text: `Samples came every ${ms1(deliveredUs / 1000)} on average, not every ${ms1(ctx.samplingIntervalUs / 1000)} as asked: the process or the machine was too busy to sample on time. ${samplerBehindDone(ctx.cpu ?? null)}` });
    }
  }
  // An idle server whose requests wait (the 'waiting' load check) or fail (the 'failing' one) was not under-loaded: that check says why.
  // Nor was a process whose workers were busy (the main thread only hands them the work), or whose CPU or event loop was busy (its other threads, or the sampler's view of the loop): those checks say so.
  if (idle >= IDLE_PERCENT && ctx.load && !waitingSentence(ctx) && !failingRequestsSentence(ctx.load) && !processBusy(periodicSamples(ctx.samples ?? []))
    && !workers.some((w) => w.busyPercent >= IDLE_PERCENT)) {
    out.push({ id: 'idle', text: ctx.load.measuredInServer
      // The user's load: Flambé recorded the whole window, before and after their tool ran, and has no connections to add.
      ? `The server was idle ${p0(idle)} of the recording: your load did not keep it busy, or came for part of it only. Send more at once (more connections in your tool), or stop recording when your tool is done.`
      : `The server was idle ${p0(idle)} of the time during the burst: the load did not stress it. Use more connections, or the load generator (on the same machine) is the bottleneck.` });
  }
  // Under the user's own load Flambé never warms up (it sends nothing), whatever the warm-up setting says.
  if (ctx.load?.measuredInServer && !ctx.warmedByEarlierLoad) {
    out.push({ id: 'no-warmup', text: OWN_LOAD_NO_WARMUP });
  } else if (ctx.warmupSec === 0 && !ctx.warmedByEarlierLoad) {
    out.push({ id: 'no-warmup', text: 'No warm-up: the first requests ran on cold code, so compiling JavaScript is counted as work ((program) and V8 time). A warm-up of a few seconds leaves it out.' });
  }
  const cpu = periodicSamples(ctx.samples ?? []).map((s) => s.cpuPercent);
  if (cpu.length > 0 && mean(cpu) >= SATURATED_CPU_PERCENT) {
    out.push({ id: 'saturated', text: `The process used ${p0(mean(cpu))} of a CPU core on average: it was saturated, so latency is mostly requests queueing for the CPU — faster code lowers it directly.` });
  }
  const gc = cats.find((c) => c.kind === 'gc')?.ms ?? 0;
  // One GC sentence: the finding when shown, else the load check (it has the heap), else this one.
  const gcSaid = findings.some((f) => f.kind === 'gc') || (ctx.samples ?? []).length > 0;
  if (busyMs > 0 && (gc / busyMs) * 100 >= HIGH_GC_BUSY_PERCENT && !gcSaid) {
    out.push({ id: 'gc', text: `Garbage collection took ${p0((gc / busyMs) * 100)} of the busy time: the functions above are partly paying for memory churn, not only for their own work.` });
  }
  return out;
}

/** The GC-pressure check's last sentence: who allocates, when the recording sampled allocations. */
function whoAllocates(ctx: RecordingContext): string {
  const top = ctx.allocations ? topAllocator(allocationTable(ctx.allocations, ctx.requests ?? null, ctx.requestTime?.background ?? null)) : null;
  if (!top) return 'A CPU profile cannot say which functions allocate; the ones above that build big strings or arrays per request are the first suspects.';
  const amount = top.bytesPerRequest !== null ? `${formatBytes(top.bytesPerRequest)} per request` : `${p0(top.percent)} of all the bytes allocated`;
  return `${top.function} (${shortPlace(allocationPlace(top))}) allocates the most: ${amount}.`;
}

/** The process saturated a core, or its event loop was blocked: not an under-loaded server. */
function processBusy(samples: readonly ProcessSample[]): boolean {
  return loopBlocked(samples) !== null || (samples.length > 0 && mean(samples.map((s) => s.cpuPercent)) >= SATURATED_CPU_PERCENT);
}

/** The event loop busy nearly all the time, or held for long stretches. */
function loopBlocked(samples: readonly ProcessSample[]): { elu: number; maxDelay: number } | null {
  const elu = mean(samples.map((s) => s.elu));
  const delays = samples.map((s) => s.loopDelayP99Ms).filter((d): d is number => d !== null);
  const maxDelay = delays.length ? Math.max(...delays) : 0;
  return samples.length > 0 && (elu >= BLOCKED_ELU || maxDelay >= BLOCKED_LOOP_DELAY_MS) ? { elu, maxDelay } : null;
}

/**
 * Memory that grows, in one text: the growth rule's sentence, then what the heap snapshots found growing and what
 * holds it. What the snapshots found is said alone only where the rule could not tell (or had no burst long enough
 * to judge) and it is more than the rule's floor — never against a rule that said memory did not grow.
 */
function memoryGrowthText(growth: MemoryGrowth | null, growing: Growing | null): string | null {
  const what = growing ? growingSentence(growing) : null;
  if (growth?.grows) return what ? `${growth.sentence} ${what}` : growth.sentence;
  if (!what || !growingIsFinding(growing!) || (growth && !growth.undecided)) return null;
  return growth ? `${growth.sentence} ${what}` : what;
}

/**
 * " The heaviest work on it: …" — the function of the first finding that names the work that ran (a GC finding
 * names who allocated, and its share is the collector's), or background work when a timer took more of the busy
 * time than that: requests queue behind a timer's callback as behind any other code.
 */
function heaviestWorkText(profile: Profile, findings: readonly Finding[], rt: RequestTime | null): string {
  // Only the main thread's work holds its event loop: a worker thread's or a child process's runs beside it.
  const finding = findings.find((f) => f.function !== '' && f.kind !== 'gc' && (f.thread === undefined || f.thread === MAIN_THREAD_NAME));
  const idle = categoryBreakdown(profile).find((c) => c.kind === 'idle')?.ms ?? 0;
  const busyMs = profile.durationMs - idle;
  const bg = rt?.background;
  const timer = bg && bg.functions[0] && busyMs > 0 ? { f: bg.functions[0], busyPercent: (bg.functions[0].percent / 100) * profile.durationMs / busyMs * 100 } : null;
  if (timer && timer.busyPercent >= BACKGROUND_PERCENT && (!finding || timer.busyPercent > finding.busyPercent)) {
    return ` The heaviest work on it: ${timer.f.function}${timer.f.url ? ` (${shortPlace(`${displayFile(timer.f.url)}:${timer.f.line}`)})` : ''}, background work ${RUN_BY[timer.f.source](timer.f.everyMs)}, ${p0(timer.busyPercent)} of the busy time.`;
  }
  return finding ? ` The heaviest work on it: ${finding.function}${finding.location ? ` (${shortPlace(finding.location)})` : ''}, ${p0(finding.busyPercent)} of the busy time.` : '';
}

/**
 * "The worker pool was saturated — worker 1 busy 95% …" for worker threads; child processes are said as what they are
 * — "The 2 cluster workers were saturated — process 4242 busy 89% …: requests queued for a free one" — never a
 * "worker pool" of threads (an unseen cluster read the threads' sentence).
 */
function saturatedSentence(workers: readonly ThreadBusy[], cores: number | null): string {
  const roles = new Set(workers.map((w) => /^process \d+ \((.+)\)$/.exec(w.name)?.[1] ?? ''));
  const role = roles.size === 1 ? [...roles][0] : '';
  if (!role) {
    const each = workers.map((w) => `${w.name} busy ${p0(w.busyPercent)}`).join(', ');
    return `The worker pool was saturated — ${each} of the time: requests queued for a free worker while the main thread waited. Make each task cheaper${moreWorkersClause(workers.length, cores)}.`;
  }
  const each = workers.map((w) => `${w.name.replace(/ \(.+\)$/, '')} busy ${p0(w.busyPercent)}`).join(', ');
  const who = workers.length === 1 ? `The ${role} was` : `The ${workers.length} ${(PROCESS_ROLE_PLURAL as Record<string, string>)[role] ?? `${role}s`} were`;
  const queued = role === 'cluster worker' ? 'requests queued for a free one' : 'jobs queued for a free one while the parent waited';
  return `${who} saturated — ${each} of the time: ${queued}. Make each ${role === 'cluster worker' ? 'request' : 'job'} cheaper${moreWorkersClause(workers.length, cores)}.`;
}

export function loadChecks(profile: Profile, ctx: RecordingContext, findings: readonly Finding[], workers: readonly ThreadBusy[] = []): Check[] {
  const out: Check[] = [];
  const failing = failingRequestsSentence(ctx.load);
  if (failing) out.push({ id: 'failing', text: failing });
  const saturated = workersSaturated(workers);
  if (saturated) {
    out.push({ id: 'workers-saturated', text: saturatedSentence(workers, ctx.cores ?? null) });
  }
  const samples = periodicSamples(ctx.samples ?? []);
  const blocked = loopBlocked(samples);
  const named = heaviestWorkText(profile, findings, ctx.requestTime ?? null);
  if (blocked) {
    const { elu, maxDelay } = blocked;
    // Measured queueing says whether requests really queued behind it (not when they waited on something else).
    const queued = ctx.requestTime ? queueMs(ctx.requestTime) : null;
    // What held the loop: a child process run synchronously is no JavaScript running (an unseen execSync route read
    // "queued 106 ms behind running JavaScript" beside "the event loop waited 11 ms per request for them").
    const behind = findings.find((f) => f.thread === undefined || f.thread === MAIN_THREAD_NAME)?.kind === 'childProcess'
      ? 'child processes run synchronously' : 'running JavaScript';
    const why = queued === null ? `: requests queued behind ${behind}.`
      : queued >= 0.1 * ctx.requestTime!.perRequestMs.mean ? `: each request queued ${ms1(queued)} behind ${behind}.` : '.';
    out.push({ id: 'loop-blocked', text: `The event loop was busy ${p0(elu * 100)} of the time${maxDelay > 0 ? ` and waited up to ${ms1(maxDelay)} (loop delay p99)` : ''}${why}${named}` });
  }
  // Requests queued for a busy worker are not "waiting on something else": the pool's check says what they waited for.
  // A wait on child processes over IPC is measured in the request itself: said beside a saturated pool of them.
  const overIpc = !!ctx.requestTime?.parts.some((p) => p.kind === 'ipc');
  const waiting = saturated && !overIpc ? null : waitingSentence(ctx, findings);
  if (waiting) out.push({ id: 'waiting', text: waiting });
  const background = ctx.requestTime ? backgroundSentence(ctx.requestTime) : null;
  if (background) out.push({ id: 'background', text: background });
  const cats = categoryBreakdown(profile);
  const idle = cats.find((c) => c.kind === 'idle')?.ms ?? 0;
  const busy = profile.durationMs - idle;
  const gc = cats.find((c) => c.kind === 'gc')?.ms ?? 0;
  // All the samples: the growth rule reads the two taken after Flambé's full collections too.
  const growth = judgeMemoryGrowth(ctx.samples ?? [], ctx.load?.phases?.burst);
  const memory = memoryGrowthText(growth, ctx.growing ?? null);
  if (memory) out.unshift({ id: 'memory-growth', text: memory });
  // Listeners left behind by the burst: a leak by count, said with memory, whatever memory could tell in the time.
  const leak = ctx.listeners?.[0];
  if (leak) out.splice(memory ? 1 : 0, 0, { id: 'listener-leak', text: listenerSentence(leak, ctx.requests ?? null, (url, line) => shortPlace(`${displayFile(url)}:${line}`)) });
  // A request cost that rose through the burst: said beside the leak and memory, whatever memory could tell.
  const rising = ctx.requestTime ? risingCostSentence(ctx.requestTime.byRoute) : null;
  if (rising) out.splice((memory ? 1 : 0) + (leak ? 1 : 0), 0, { id: 'cost-rises', text: rising });
  if (samples.length > 0 && busy > 0 && (gc / busy) * 100 >= 10 && !findings.some((f) => f.kind === 'gc')) {
    const heap = samples.map((s) => s.heapUsedMb);
    const range = heap.length > 1 ? ` (heap used between ${Math.round(Math.min(...heap))} and ${Math.round(Math.max(...heap))} MiB)` : '';
    out.push({ id: 'gc-pressure', text: `Garbage collection takes ${p0((gc / busy) * 100)} of the busy time${range}: the server allocates fast. ${whoAllocates(ctx)}` });
  }
  if (ctx.output && outputIsHigh(ctx.output)) out.push({ id: 'log-volume', text: outputAdvice(ctx.output) });
  return out;
}
