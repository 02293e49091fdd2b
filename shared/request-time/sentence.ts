// The verdict's sentence on where a request's time went, from the measured
// parts (summarize.ts): what it waited on, for how long, called from where,
// and its own CPU — waiting and queueing told apart by the measurement.
import { formatCount } from '../number-format.ts';
import type { RequestTime, RequestTimePart, RouteTime } from '../recording/request-time.ts';
import { placeText } from './wait-places.ts';
import { callNoun, statementAdvice, statementInText, statementLabel } from './statements.ts';
import { BACKGROUND_QUEUE, BEFORE_READ } from './background-queue.ts';
import { SYNC_CHILD } from './sync-child.ts';
import { routeCpuIsWide } from './route-cpu-text.ts';

/** Say it when most of a request's time was not its own CPU, and requests were not instant. */
export const WAITING_SHARE = 0.5;
export const WAITING_MIN_MS = 5;
/** Parts worth naming beside the first. */
const NAMED_SHARE = 0.1;

const ms = (x: number) => (x >= 100 ? `${Math.round(x)} ms` : x >= 1 ? `${Number(x.toPrecision(2))} ms` : `${Number(x.toPrecision(2))} ms`);

/** A part's short name, for tables and bars: "GET 127.0.0.1:4001/quote", "own code", "queued". */
export function partLabel(p: RequestTimePart): string {
  switch (p.kind) {
    case 'cpu': return 'own code';
    case 'http': return p.target || p.kind;
    case 'socket': return p.statement ? `${statementLabel(p.statement)} — ${p.target}` : p.target || p.kind;
    case 'fs': return 'file system';
    case 'dns': return 'DNS';
    case 'threadpool': return 'thread pool';
    case 'worker': return `worker pool (${p.target || 'worker threads'})`;
    case 'child': return p.target === SYNC_CHILD ? 'child process, run synchronously' : p.target ? `child process (${p.target})` : 'child process';
    case 'ipc': return p.target ? `child process over IPC (${p.target})` : 'child process over IPC';
    case 'timer': return p.target ? `${p.target} timer` : 'timer';
    case 'queue': return p.target === BACKGROUND_QUEUE ? 'queued behind background work' : 'queued';
    case 'other': return p.target === BEFORE_READ ? 'before the server read it' : 'not seen';
  }
}

/** "waiting on GET 127.0.0.1:4001/quote (from fetchQuote, quotes.js:17)" */
export function partText(p: RequestTimePart): string {
  const calls = p.callsPerRequest >= 1.5 ? `, ${Number(p.callsPerRequest.toPrecision(2))} ${p.kind === 'socket' ? callNoun(p.server, 2) : 'calls'} per request` : '';
  const via = p.via ? `, via ${p.via}` : '';
  const from = p.from ? ` (from ${placeText(p.from)}${via}${calls})` : calls || via ? ` (${(via + calls).slice(2)})` : '';
  switch (p.kind) {
    case 'http': return `waiting on ${p.target}${from}`;
    case 'socket': return p.statement ? `waiting on ${p.target} for ${statementInText(p.statement)}${from}` : `waiting on ${p.target || 'a socket'}${from}`;
    case 'fs': return `waiting on the file system${from}`;
    case 'dns': return `waiting on DNS lookups${from}`;
    case 'threadpool': return `waiting on the thread pool (async crypto, zlib)${from}`;
    case 'worker': return `waiting on the worker pool (${p.target || 'worker threads'}: queued for a worker, then its work)${from}`;
    case 'child': return p.target === SYNC_CHILD ? `waiting, with the event loop held, on a child process run synchronously${from}`
      : `waiting on a child process${p.target ? ` (${p.target})` : ''}${from}`;
    case 'ipc': return `waiting on a child process over IPC${p.target ? ` (${p.target}: queued for the child, then its work)` : ''}${from}`;
    case 'timer': return `waiting on a ${p.target ? `${p.target} ` : ''}timer${from}`;
    case 'queue': return p.target === BACKGROUND_QUEUE
      ? 'queued behind background work (the loop ran timers with no request behind them)'
      : 'queued behind other work on the event loop (arrived, but the loop was busy)';
    case 'other': return p.target === BEFORE_READ
      ? 'before the server read it (the load generator or the machine was slow to send it: the server\'s loop was not that busy)'
      : 'waiting on something the collector does not see';
    case 'cpu': return 'running its own code';
  }
}

const ADVICE: Record<RequestTimePart['kind'], string> = {
  http: 'Make that call faster, cache its answer, or start it earlier alongside other work.',
  socket: 'Make that query faster, cache its answer, or send it alongside other work.',
  fs: 'Read the file once and keep it in memory, or read less of it per request.',
  dns: 'Look the name up once (or use the address), and keep connections alive so it is not looked up per request.',
  threadpool: 'Node runs this on a pool of 4 threads by default (UV_THREADPOOL_SIZE): do less of it per request, cache its result, or raise the pool size.',
  worker: 'Make each task cheaper in the worker, send it less data, or add workers (up to the number of cores); the worker threads\' own profile says where their time goes.',
  child: 'Starting a program per request costs its whole run: run it once and keep its answer, do the work in Node (a library), or run it beside the request instead of before the answer.',
  ipc: 'Make each job cheaper in the child, send it less data, or add children (up to the number of cores).',
  timer: 'Is that timer needed on every request? Shorten it or take it out.',
  queue: 'Shorten the JavaScript that holds the event loop (the functions below), or move it to a worker thread.',
  other: 'Look at what the slow requests await.',
  cpu: '',
};

const isSyncChild = (p: RequestTimePart) => p.kind === 'child' && p.target === SYNC_CHILD;
/** The requests' time on the loop was more waiting for synchronous child processes than running code. */
const heldBySyncChild = (v: TimeView) => (v.parts.find(isSyncChild)?.msPerRequest ?? 0) > (v.parts.find((p) => p.kind === 'cpu')?.msPerRequest ?? 0);
const SYNC_CHILD_ADVICE = 'No other request is served while it runs: run it once at start-up and keep its answer, or use the asynchronous execFile (with a callback, or util.promisify).';

/** What a waiting sentence reads: the whole burst's parts and latency, or one route's. */
type TimeView = Pick<RequestTime, 'perRequestMs' | 'parts'>;

/** Most of the time not its own CPU, and not instant: the view's requests waited. */
function waited(v: TimeView): boolean {
  const waits = v.parts.filter((p) => p.kind !== 'cpu');
  return v.perRequestMs.p50 >= WAITING_MIN_MS && v.perRequestMs.mean > 0 && waits.length > 0 && waits.reduce((s, p) => s + p.share, 0) >= WAITING_SHARE;
}

/**
 * "Each request took 217 ms (p50): 201 ms waiting on GET …, 2.6 ms in its own code. Make that call faster, …"; null
 * when requests mostly computed. A burst of several routes is said by the route that waited most in all, with its own
 * counts: the whole burst's parts are means over every route, and "×7.5 per request" over a route making 15 queries
 * and one making none is a number no request had (issue 35). `childWork`: what the recorded child processes spent
 * their time on, said beside a wait on them over IPC.
 */
export function waitingSentence(rt: RequestTime, childWork: string | null = null): string | null {
  if (!waited(rt)) return null;
  const routes = rt.byRoute.filter((r) => r.requests > 0);
  if (routes.length < 2) return viewSentence(rt, rt, 'Each request', childWork);
  // Ranked by the waits a route started itself (queueing behind other routes is theirs), then by all its waits.
  const waitMs = (r: RouteTime, own: boolean) => r.parts.filter((p) => p.kind !== 'cpu' && (!own || (p.kind !== 'queue' && p.kind !== 'other')))
    .reduce((s, p) => s + p.msPerRequest, 0) * r.requests;
  const route = routes.filter(waited).sort((a, b) => waitMs(b, true) - waitMs(a, true) || waitMs(b, false) - waitMs(a, false))[0];
  // Every route waited less than half its time while the burst's mean did: no route's own counts to say, no mean's either.
  if (!route) return `Requests spent most of their time waiting, not computing, on different things per route: each route's own cause is in its line below.`;
  const all = routes.reduce((s, r) => s + r.requests, 0);
  return `${viewSentence(rt, route, `Each ${route.method} ${route.path} request (${formatCount(route.requests)} of ${formatCount(all)})`, childWork)} Each route's own cause is in its line below.`;
}

function viewSentence(rt: RequestTime, v: TimeView, subject: string, childWork: string | null): string {
  const cpu = v.parts.find((p) => p.kind === 'cpu')?.msPerRequest ?? 0;
  const waits = v.parts.filter((p) => p.kind !== 'cpu');
  const named = waits.filter((p, i) => i === 0 || p.share >= NAMED_SHARE).slice(0, 3);
  const seenWaits = waits.some((p) => p.kind !== 'other' && p.kind !== 'queue');
  const list = named.map((p) => `${ms(p.msPerRequest)} ${isBackgroundQueue(p) ? behindBackgroundText(rt) : isQueue(p) ? queueText(rt)
    : isRepeated(p) ? repeatedText(v.parts, p) : p.kind === 'other' && seenWaits && p.target !== BEFORE_READ ? NOT_TIED : p.kind === 'ipc' && childWork ? `${partText(p)}; ${childWork}` : partText(p)}`);
  // Every wait the time table shows is in the sentence: the smaller ones together, each by name (an "…" would leave
  // out a server the table shows beside it).
  const rest = waits.filter((p) => !named.includes(p) && p.share >= SHOWN_SHARE && p.kind !== 'queue' && p.kind !== 'other');
  if (rest.length) list.push(`${ms(rest.reduce((t, p) => t + p.msPerRequest, 0))} on smaller waits (${rest.map(partLabel).join('; ')})`);
  // The parts are means: when the median is far from the mean, say the mean first so the numbers add up.
  const { p50, mean } = v.perRequestMs;
  const took = Math.abs(mean - p50) > 0.1 * p50 || named[0].msPerRequest > p50 ? `${ms(mean)} on average (${ms(p50)} p50)` : `${ms(p50)} (p50)`;
  return `${subject} took ${took}: ${list.join(', ')}, ${ms(cpu)} in its own code${cpuClockText(rt, v, cpu)}. ${leadAdvice(rt, v, named[0])}${childProfileText(named[0], childWork)}${repeatedAfterQueue(named)}`;
}

/** Where the children's work is, beside a wait on them over IPC — only when their profiles were recorded (childWork). */
function childProfileText(lead: RequestTimePart, childWork: string | null): string {
  return lead.kind === 'ipc' && childWork ? ' The children\'s own profile says where their time goes.' : '';
}

/** What to do about the largest wait. */
function leadAdvice(rt: RequestTime, v: TimeView, lead: RequestTimePart): string {
  return isBackgroundQueue(lead) ? BACKGROUND_QUEUE_ADVICE
    : isSyncChild(lead) ? SYNC_CHILD_ADVICE
    // Queued behind a loop held mostly by programs run synchronously (the route's own, or others'): those are what to change.
    : isQueue(lead) && heldBySyncChild(v) ? `What holds the event loop is a child process run synchronously. ${SYNC_CHILD_ADVICE}`
    : lead.kind === 'other' && lead.target === BEFORE_READ ? BEFORE_READ_ADVICE
    : isQueue(lead) && heavyBackground(rt) ? `${ADVICE.queue} The background work is part of what holds it: make it shorter, run it less often, or move it to a worker thread too.`
      : callAdvice(lead);
}

function callAdvice(p: RequestTimePart): string {
  return p.kind === 'socket' && p.statement ? statementAdvice(p.statement, p.server, isRepeated(p))
    : p.kind === 'http' && isRepeated(p) ? REPEATED_HTTP_ADVICE
      : ADVICE[p.kind];
}

/**
 * Queueing is how long a request waited for the others' turns on the loop: it grows with the load's concurrency and
 * the machine's other work, and beside a CPU hog it outgrew an N+1 of 21 memcached gets it was level with (5.6 ms
 * against 5.1 ms), whose way out then went unsaid. A named N+1 behind a queue keeps its own advice.
 */
function repeatedAfterQueue(named: readonly RequestTimePart[]): string {
  const n1 = isQueue(named[0]) ? named.find(isRepeated) : undefined;
  if (!n1) return '';
  const advice = callAdvice(n1);
  return ` For the ${n1.kind === 'http' ? 'calls' : callNoun(n1.server, 2)} one after another: ${advice[0].toLowerCase()}${advice.slice(1)}`;
}

/** Under this share of the wall time in a request's code, its CPU from the thread's clock is said beside it. */
const CPU_SAID_BELOW = 0.8;

/**
 * " (2.3 ms of it on a CPU: …)" beside the wall time a request spent in its own code, from the route's CPU clock
 * (the collector's thread-clock reads around the route's code) when that clock is read well enough to say and is
 * well under the wall time — beside a CPU hog, "10 ms of its own CPU" was said of code that had 2.3 ms of CPU. '' else.
 */
function cpuClockText(rt: RequestTime, v: TimeView | RouteTime, wallMs: number): string {
  // The whole burst's view is its one route's when it had one.
  const route = 'cpuMsPerRequest' in v ? v : rt.byRoute.length === 1 ? rt.byRoute[0] : null;
  // Without timed requests the route's figure is the same wall time (no thread clock in that Node): nothing to add.
  if (!route || !route.cpuTimedRequests || route.cpuMsPerRequest <= 0 || routeCpuIsWide(route) || route.cpuMsPerRequest >= CPU_SAID_BELOW * wallMs) return '';
  return ` (${ms(route.cpuMsPerRequest)} of it on a CPU: the rest it waited for a core the machine's other programs had)`;
}

/** Parts the time table shows (renderer/src/result/RequestTime.tsx): the sentence names each. */
const SHOWN_SHARE = 0.005;
/** Calls one after another per request from which the sentence says so (an N+1). */
export const REPEATED_CALLS = 3;
const NOT_TIED = 'waiting on something the collector could not tie to any call it saw';
const BEFORE_READ_ADVICE = 'The server was not what held it: record again with fewer programs running beside it, or send the load from another machine.';
const REPEATED_HTTP_ADVICE = 'They wait for each other: start them together (Promise.all), or fetch them in one call.';
const isRepeated = (p: RequestTimePart) => (p.kind === 'socket' || p.kind === 'http') && (p.oneAfterAnotherPerRequest ?? 0) >= REPEATED_CALLS;

/**
 * "on 21 queries per request to 127.0.0.1:5433 (postgres), one after another: `SELECT … WHERE id = $1` ×20 from
 * loadProduct (cart.js:12, via pg)" — the same statement (or HTTP call) many times per request, each waiting for the last.
 */
function repeatedText(parts: readonly RequestTimePart[], p: RequestTimePart): string {
  const all = parts.filter((q) => q.kind === p.kind && q.target === p.target).reduce((t, q) => t + q.callsPerRequest, 0);
  const n = (x: number) => Number(x.toPrecision(2));
  const what = p.kind === 'socket' ? `${n(all)} ${callNoun(p.server, n(all))} per request to ${p.target}` : `${n(all)} calls per request`;
  const name = p.kind === 'socket' ? (p.statement ? statementInText(p.statement) : `\`${p.target}\``) : p.target;
  const from = p.from ? ` from ${p.from.function} (${placeText(p.from).replace(/^[^,]*, /, '')}${p.via ? `, via ${p.via}` : ''})` : '';
  return `on ${what}, one after another: ${name} ×${n(p.callsPerRequest)}${from}`;
}

const isBackgroundQueue = (p: RequestTimePart) => p.kind === 'queue' && p.target === BACKGROUND_QUEUE;
const isQueue = (p: RequestTimePart) => p.kind === 'queue' && p.target !== BACKGROUND_QUEUE;
const heavyBackground = (rt: RequestTime) => !!rt.background?.functions[0] && rt.background.percent >= BACKGROUND_PERCENT;

/**
 * Queueing before the server read a request cannot be split by what held the loop (only the load generator saw
 * it begin), so the loop's measured work is said beside it: a timer's share of the CPU, when it is large.
 */
function queueText(rt: RequestTime): string {
  const plain = partText({ kind: 'queue', target: '', callsPerRequest: 0, msPerRequest: 0, share: 0, from: null });
  if (!heavyBackground(rt)) return plain;
  const f = rt.background!.functions[0];
  const bgPct = rt.background!.percent;
  return `${plain.slice(0, -1)}; background work — ${f.function}${f.url ? ` (${placeText(f).replace(/^[^,]*, /, '')})` : ''}, ${RUN_BY[f.source](f.everyMs)} — used ${bgPct >= 10 ? Math.round(bgPct) : bgPct.toFixed(1)}% of the CPU)`;
}
const BACKGROUND_QUEUE_ADVICE = 'Requests wait while that background work runs: make it shorter, run it less often, or move it to a worker thread.';

/** "queued behind background work (signPrices, feed.js:9, run by a timer every 250 ms)": the callback the loop ran meanwhile, when known. */
function behindBackgroundText(rt: RequestTime): string {
  const f = rt.background?.functions[0];
  if (!f) return partText({ kind: 'queue', target: BACKGROUND_QUEUE, callsPerRequest: 0, msPerRequest: 0, share: 0, from: null });
  return `queued behind background work (${f.function}${f.url ? `, ${placeText(f).replace(/^[^,]*, /, '')}` : ''}, ${RUN_BY[f.source](f.everyMs)})`;
}

/** "573 requests seen by the server on port 3000 (577 to its other ports left out)". */
export function requestsSeenText(rt: RequestTime): string {
  const on = rt.ports?.length ? ` on port ${rt.ports.join(', ')}` : '';
  const other = rt.otherPorts ? ` (${formatCount(rt.otherPorts)} to its other ports left out)` : '';
  return `${formatCount(rt.requests)} requests seen by the server${on}${other}`;
}

/** Say it when background work takes at least this share of the CPU. */
export const BACKGROUND_PERCENT = 10;

const pct = (p: number) => (p >= 10 ? `${Math.round(p)}%` : `${p.toFixed(1)}%`);
/** How a background callback came to run: "run by a timer every 250 ms". */
export const RUN_BY: Record<string, (everyMs?: number) => string> = {
  interval: (every) => `run by a timer every ${every} ms`,
  timer: () => 'run by a timer',
  immediate: () => 'run by setImmediate',
  startup: () => 'started at start-up',
  other: () => 'outside any request',
};

/** "Background work, not caused by requests: signPrices (feed.js:12), run by a timer every 250 ms, 47% of the CPU." */
export function backgroundSentence(rt: RequestTime): string | null {
  const bg = rt.background;
  if (!bg || bg.percent < BACKGROUND_PERCENT || bg.functions.length === 0) return null;
  const named = bg.functions.filter((f, i) => i === 0 || f.percent >= BACKGROUND_PERCENT).slice(0, 2);
  const list = named.map((f) => `${f.function}${f.url ? ` (${placeText(f).replace(/^[^,]*, /, '')})` : ''}, ${RUN_BY[f.source](f.everyMs)}, ${pct(f.percent)} of the CPU`);
  return `Background work, not caused by requests: ${list.join('; ')}. Every per-request figure leaves it out (where each request's time went, the findings' CPU per 1 000 requests).`;
}

/** Measured queueing per request (ms), for the sentences that say requests queued. */
export function queueMs(rt: RequestTime): number {
  return rt.parts.filter((p) => p.kind === 'queue').reduce((s, p) => s + p.msPerRequest, 0);
}
