// The verdict: findings (findings.ts) plus the checks that say how far to
// trust them and what the load says (checks.ts) — and the sentences the UI and
// the CLI print for them, written once here.
import { loadChecks, trustChecks, type Check, type RecordingContext } from './checks.ts';
import type { Background } from '../recording/request-time.ts';
import type { HeapProfile } from '../recording/memory.ts';
import { RUN_BY } from '../request-time/sentence.ts';
import { findFindings, type FindingsOptions, FUNCTION_MIN_BUSY_PERCENT, MIN_BUSY_PERCENT, NEAR_TIE, type Finding, type FindingsResult, type LineCallback, type Spread } from './findings.ts';
import type { Profile } from '../profile/model.ts';
import type { NamedProfile } from '../profile/threads.ts';
import { builtinsMatter } from './advice.ts';
import { threadFindings, threadLabel, workerBusy, type ThreadBusy } from './threads-verdict.ts';
import { PLURAL_BUCKET_LABELS, type BucketId } from '../profile/buckets.ts';
import type { RegexChecker } from './regex-check.ts';
import { shortPlace } from '../profile/places.ts';
import { packageName } from '../profile/classify.ts';
import { allocationsWithoutBackground, withoutBackground } from '../profile/background.ts';
import { allocationTable } from '../memory/allocations.ts';
import { judgeMemoryGrowth } from '../memory/growth.ts';
import { formatBytes, formatMsInText } from '../number-format.ts';
import { routeCauseLines, routeCauses, type RouteCause } from './route-causes.ts';
import { hostedName } from './callback-host.ts';

export { shortPlace };

export interface Verdict extends FindingsResult {
  trust: Check[];
  load: Check[];
  /** With worker threads: each worker's busy share (threads-verdict.ts). */
  workers?: ThreadBusy[];
  /** A burst of several routes: each route's main cause, heaviest first (route-causes.ts). */
  routes?: RouteCause[];
}

/**
 * The verdict of a process: `profile` is its main thread (or the thread the
 * user looks at), `workers` its other threads — every thread is read, so a
 * worker pool that does the work is named, never "the load did not stress it".
 */
export function buildVerdict(profile: Profile, ctx: RecordingContext = {}, checkRegex?: RegexChecker, workers: readonly NamedProfile[] = []): Verdict {
  // Per-request figures are the requests' own: what background timers ran (and allocated) is left out of the findings.
  const background = ctx.requestTime?.background;
  const allocations = ctx.allocations ? allocationTable(allocationsWithoutBackground(ctx.allocations, background), ctx.requests ?? null) : null;
  const backgroundGarbage = ctx.allocations ? mostGarbageFromBackground(ctx.allocations, background) : null;
  const memoryGrows = !!judgeMemoryGrowth(ctx.samples ?? [], ctx.load?.phases?.burst)?.grows;
  const opts = { requests: ctx.requests, cpu: ctx.cpu ?? null, checkRegex, allocations, memoryGrows, cores: ctx.cores ?? null, backgroundGarbage };
  const requestWork = withoutBackground(profile, background?.spans);
  const result = workers.length > 0 ? threadFindings(requestWork, workers, opts) : findFindings(requestWork, opts);
  const busy = workers.length > 0 ? workerBusy(workers, profile, ctx.load?.phases?.burst) : [];
  return {
    ...result, trust: trustChecks(profile, ctx, result.findings, busy), load: loadChecks(profile, ctx, result.findings, busy),
    ...(busy.length ? { workers: busy } : {}),
    ...withRoutes(routeCauses(ctx.requestTime)),
  };
}

function withRoutes(routes: RouteCause[]): Pick<Verdict, 'routes'> {
  return routes.length > 0 ? { routes } : {};
}

/** When background callbacks allocated at least half of all the bytes, the first of them: the GC finding's allocator. */
function mostGarbageFromBackground(heap: HeapProfile, background: Background | undefined): FindingsOptions['backgroundGarbage'] {
  const f = background?.functions[0];
  if (!f) return null;
  const all = allocationTable(heap, null, background);
  if (all.bytes <= 0 || all.backgroundBytes < 0.5 * all.bytes) return null;
  return { function: f.function, url: f.url, line: f.line, bytes: all.backgroundBytes, percent: (all.backgroundBytes / all.bytes) * 100, runBy: RUN_BY[f.source](f.everyMs) };
}

const pct = (p: number) => (p >= 10 ? `${Math.round(p)}%` : `${p.toFixed(1)}%`);

/** ", 12 ms of CPU per 1 000 requests" (of sampled time where no OS clock was read: ../profile/cpu-time.ts), or ''. */
function per1kText(f: Finding): string {
  return f.msPer1kRequests !== null ? `, ${formatMsInText(f.msPer1kRequests)} ${f.cpuTime === false ? 'of sampled time' : 'of CPU'} per 1 000 requests` : '';
}

/** A finding's function as a sentence names it: an anonymous callback with the function of yours that passes it on. */
function shownName(f: Finding): string {
  return hostedName(f.function, f.host ?? null);
}

/**
 * " (85% of the busy time)" where it differs from the share of the time; on a finding that is most of the busy time,
 * also what the rest of it is — "84 %" of a busy-wait read as "16 % missing" (issue 31).
 */
function busyNote(f: Finding): string {
  const parts = f.busyOthers?.map((o) => `${o.name} ${pct(o.busyPercent)}`).join(', ') ?? '';
  if (Math.abs(f.busyPercent - f.percent) < 1) return parts ? ` (the rest of the busy time is ${parts})` : '';
  return ` (${pct(f.busyPercent)} of the busy time${parts ? `; the rest of it is ${parts}` : ''})`;
}

/**
 * "Plus 0.4 ms of CPU per 1 000 requests collecting the garbage it allocates (…)": the collections its allocations
 * cause, which the profile shows apart as "(garbage collector)" (findings.ts gcCaused); '' when under a twentieth of it.
 */
export function gcCausedSentence(f: Finding): string {
  const g = f.gcCaused;
  if (!g || g.ms < 0.05 * f.ms) return '';
  const amount = g.msPer1kRequests !== null
    ? `${formatMsInText(g.msPer1kRequests)} ${f.cpuTime === false ? 'of sampled time' : 'of CPU'} per 1 000 requests`
    : `${pct(g.percent)} of the time`;
  return `Plus about ${amount} collecting the garbage it allocates (${pct(g.allocatesPercent)} of the bytes allocated), which the profile shows apart as “(garbage collector)”.`;
}

/** The headline of a finding: what, how much (and the garbage collection it causes). */
export function findingHeadline(f: Finding): string {
  const gc = gcCausedSentence(f);
  const h = headlineOf(f) + (gc ? ` ${gc}` : '');
  if (!f.thread) return h;
  return `On ${threadLabel(f.thread)}, ${f.kind === 'function' ? h : h.charAt(0).toLowerCase() + h.slice(1)}`;
}

function headlineOf(f: Finding): string {
  if (f.kind === 'function' && f.callback) return callbackHeadline(f, f.callback);
  if ((f.kind === 'function' || f.kind === 'dependency') && f.split && builtinsMatter(f.split)) {
    // Own code and the built-ins it calls: both shares, so "its own code" never hides where the time is.
    const per1kCalls = per1kText(f);
    const busyCalls = busyNote(f);
    const who = f.kind === 'function' ? shownName(f) : capitalize(f.label);
    const own = f.kind === 'function' ? 'its own code' : 'its own functions';
    return `${who} ${verbTakes(f)} ${pct(f.percent)} of the time with the built-ins it calls${busyCalls}${per1kCalls}: ${own} ${pct(f.split.ownPercent)}, the built-ins ${pct(f.split.builtinPercent)}${f.split.callee ? ` (heaviest: ${f.split.callee})` : ''}.`;
  }
  const what = f.kind === 'function' ? `${shownName(f)}'s own code` : capitalize(f.label);
  // A synchronous child process is the loop waiting for another program, not CPU of this one: say it as a wait per request.
  const per1k = f.kind === 'childProcess' && f.msPer1kRequests !== null
    ? `: the event loop waited ${formatMsInText(f.msPer1kRequests / 1000)} per request for them`
    : per1kText(f);
  const busy = busyNote(f);
  return `${what} ${verbTakes(f)} ${pct(f.percent)} of the time${busy}${per1k}.`;
}

/** A function with the callbacks on its hottest line: one finding, both shares ("its own code 30%, the callback 29%"). */
function callbackHeadline(f: Finding, cb: LineCallback): string {
  const per1k = per1kText(f);
  const busy = busyNote(f);
  const which = cb.count > 1 ? `the ${cb.count} callbacks` : 'the callback';
  const passed = cb.passed ? `${which} it passes on${cb.callee ? ` to ${cb.callee}` : ''}`
    : cb.callee ? `${which} it passes to ${cb.callee} on its hottest line` : `${which} written on its hottest line${cb.column > 0 && cb.count === 1 ? ` (column ${cb.column})` : ''}`;
  return `${shownName(f)} takes ${pct(f.percent)} of the time${busy}${per1k}, with ${passed}: its own code ${pct(f.percent - cb.percent)}, ${cb.count > 1 ? 'the callbacks' : 'the callback'} ${pct(cb.percent)}.`;
}

/** Subject–verb agreement: "Regular expressions take", "Logging takes", "f's own code takes". */
function verbTakes(f: Finding): string {
  return PLURAL_BUCKET_LABELS.has(f.kind as BucketId) ? 'take' : 'takes';
}

/**
 * The package whose file a kind of work was found in ("etag"), '' for the app's own: "index.js:39" alone reads as the
 * app's file. A dependency finding names its package already.
 */
export function findingPackage(f: Pick<Finding, 'kind' | 'url'>): string {
  return f.kind !== 'dependency' && f.url ? packageName(f.url) : '';
}

/** Where it comes from, in words: "From cryptoRoute in server.js:41: “const key = …”." */
export function findingWhere(f: Finding): string {
  if (f.kind === 'gc') return f.allocates ? allocatorSentence(f, f.allocates) : '';
  if (!f.function) return f.kind === 'dependency' ? '' : 'Not called from your code.';
  // Mapped code (TypeScript, a bundle) names what you wrote, then where it ran.
  const pkg = findingPackage(f);
  const where = f.location ? ` in ${shortPlace(f.location)}${pkg ? ` (the ${pkg} package)` : ''}${f.generated ? ` (ran as ${shortPlace(f.generated.location)})` : ''}` : '';
  const text = f.lineText ? `: “${f.lineText.length > 100 ? `${f.lineText.slice(0, 99)}…` : f.lineText}”` : '';
  return f.kind === 'function' ? `Hottest line${where}${text}.` : `${f.kind === 'dependency' ? 'Heaviest function' : 'From'} ${shownName(f)}${where}${text}.`;
}

/** Who the GC finding says allocates: "buildRows (report.js:23) allocates 9.6 MB per request — build less per request, reuse buffers, or stream." */
function allocatorSentence(f: Finding, a: NonNullable<Finding['allocates']>): string {
  const place = f.location ? ` (${shortPlace(f.location)})` : '';
  return `${f.function}${place} allocates ${allocatesText(a)}`;
}

/** "9.6 MB per request — build less per request, reuse buffers, or stream." (the UI puts the function before it as a link); memory that grows is named first. */
export function allocatesText(a: NonNullable<Finding['allocates']>): string {
  const amount = a.bytesPerRequest !== null ? `${formatBytes(a.bytesPerRequest)} per request` : `${formatBytes(a.bytes)}, ${pct(a.percent)} of all the bytes allocated`;
  if (a.background && !a.memoryGrows) return `${amount}, as background work ${a.background}: the collections its garbage needs run between requests too — allocate less in it, or run it less often.`;
  // Memory that grows makes every full collection mark more: what is kept, not what is allocated, comes first.
  if (a.memoryGrows) return `${amount}, but memory keeps growing (above): what the server keeps is the first suspect, then what it allocates.`;
  return `${amount} — build less per request, reuse buffers, or stream.`;
}

/** A finding in one sentence; given the list it is in, a tie with the finding before it is said (tieSentence). */
export function findingSentence(f: Finding, all?: readonly Finding[]): string {
  const tie = all && f.tieWith !== undefined && all[f.tieWith] ? tieSentence(all[f.tieWith], f.tieWith) : '';
  return [findingHeadline(f), findingWhere(f), tie].filter(Boolean).join(' ');
}

/** Said after a finding about as heavy as the one before it: the samples cannot tell which is heavier. */
export function tieSentence(before: Finding, index: number): string {
  const what = before.kind === 'function' ? before.function : before.label;
  return `About as much as ${index + 1} (${what}): the samples cannot tell which of the two costs more — either may come first in another recording.`;
}

export function spreadSentence(s: Spread): string {
  const fn = (t: NonNullable<Spread['top']>) => `${t.name}${/:\d+$/.test(t.location) ? ` in ${shortPlace(t.location)}` : ''} (${pct(t.busyPercent)})`;
  const top = !s.top ? '' : s.tie
    ? ` The heaviest functions are ${fn(s.top)} and ${fn(s.tie)}: within ${Math.round(NEAR_TIE * 100)}% of each other, neither is the one culprit.`
    : ` The heaviest function is ${fn(s.top)}.`;
  const over = s.categories.map((c) => `${c.name} ${pct(c.busyPercent)}`).join(', ');
  // The findings leave background work out (buildVerdict): what does not stand out is the requests' own work, not everything of yours.
  const lead = s.backgroundPercent ? 'Nothing stands out in the requests’ own work (work with no request behind it, such as a timer’s, is counted apart)' : 'Nothing of yours stands out';
  return `${lead}: no kind of work (logging, JSON, regex, sync crypto, sync fs, compression, sync child processes) takes ${MIN_BUSY_PERCENT}% of the busy time, and no function of your code ${FUNCTION_MIN_BUSY_PERCENT}%. The time is spread over ${over}.${top}`;
}

/**
 * What the verdict says when there is no finding and no spread: either every
 * sample sits at one instant (a profile with no time: nothing can be split),
 * or the server was idle throughout.
 */
export function emptyVerdictSentence(v: Pick<Verdict, 'durationMs'>): string {
  return v.durationMs > 0
    ? 'The server was idle for the whole profile: there is nothing to say about its CPU time.'
    : 'Every sample of this profile is at the same instant: it holds no time, so there is nothing to say about its CPU time.';
}

/**
 * The check that says more than the findings, shown first: requests that
 * failed (the profile is of the error path), a saturated worker pool (the
 * main thread idles while requests queue for a worker), or requests that wait
 * (slow for a reason no CPU finding names).
 */
export function leadCheck(v: Pick<Verdict, 'load'>): Check | null {
  for (const id of ['failing', 'workers-saturated', 'waiting'] as const) {
    const c = v.load.find((x) => x.id === id);
    if (c) return c;
  }
  return null;
}

/** The verdict as plain text lines, most important first (the CLI prints these). */
export function verdictLines(v: Verdict): string[] {
  const lines: string[] = [];
  const lead = leadCheck(v);
  if (lead) lines.push(lead.text);
  // Memory that grows is said before the CPU findings: it is what takes a server down.
  const growth = v.load.find((c) => c.id === 'memory-growth');
  if (growth) lines.push(growth.text);
  const leak = v.load.find((c) => c.id === 'listener-leak');
  if (leak) lines.push(leak.text);
  const rising = v.load.find((c) => c.id === 'cost-rises');
  if (rising) lines.push(rising.text);
  lines.push(...routeCauseLines(v.routes ?? []));
  v.findings.forEach((f, i) => {
    lines.push(`${i + 1}. ${findingSentence(f, v.findings)}`);
    lines.push(`   What to do: ${f.advice}`);
  });
  if (v.spread) lines.push(spreadSentence(v.spread));
  else if (v.findings.length === 0) lines.push(emptyVerdictSentence(v));
  for (const c of [...v.load, ...v.trust]) if (c !== lead && c !== growth && c !== leak && c !== rising) lines.push(`• ${c.text}`);
  return lines;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
