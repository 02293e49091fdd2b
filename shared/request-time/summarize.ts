// Where each request's wall time went, from what the collector recorded:
// each request's time from start to finish is cut into its own CPU (its code
// running on the main thread) and, for the rest, what it waited on — the wait
// that covered that moment (an outbound call before the socket under it, …),
// or the event loop busy with other requests (queueing), or nothing known.
// Time before the server read a request (the load generator measured it, the
// server could not) is queueing too: the loop was busy when it arrived.
import type { CodePlace, RequestTime, RequestTimeKind, RequestTimePart, RouteTime } from '../recording/request-time.ts';
import { CPU_TIMED_FIRST, CPU_TIMED_FIRST_OF_ROUTE, CPU_TIMED_ROUTES, CPU_TIMED_SHARE, type CollectedBatch, type WaitKind } from './collected.ts';
import { libraryOfStack, placeOfStack, socketName } from './wait-places.ts';
import { SYNC_CHILD } from './sync-child.ts';
import { callStatement } from './statements.ts';
import { BACKGROUND_QUEUE, BEFORE_READ } from './background-queue.ts';
import { profileWindow, requestsInProfile } from './in-profile.ts';
import { attributeSamples, type SampledProfile, type TimerSpan } from './samples.ts';
import { cpuThroughBurst } from './cost-trend.ts';

/** What the load generator measured, when Flambé sent the load: latency overall and per route (ms). */
export interface ClientLatency {
  p50: number;
  mean: number;
  routes?: readonly { method: string; path: string; latencyMs: { p50: number; mean: number } }[];
  /** The load generator's connections: at most this many requests can wait behind one busy stretch of the loop. */
  connections?: number;
}

/** cpuUs: the main thread's CPU time in its code, when the collector read it for this request (-1: not read). */
interface Req { id: number; method: string; path: string; start: number; end: number; cpuUs: number }
/** setup: a socket's connect, whose time is waiting on the socket but which is no call of its own when an exchange on it followed. */
interface Wait { req: number; kind: Exclude<WaitKind, 'connect'>; target: string; from: number; to: number; place: CodePlace | null; setup?: boolean; call?: Call; answeredTo?: number; continued?: boolean }
/** A database or cache call read from the wire: what it asked, of what server, through which library. */
interface Call { statement?: string; server?: string; via?: string }
interface Segment { req: number; from: number; to: number }

/** When two waits cover the same moment, the outer one is named: a call before the socket or DNS lookup under it. */
const PRECEDENCE: readonly Wait['kind'][] = ['http', 'socket', 'dns', 'threadpool', 'worker', 'ipc', 'child', 'fs', 'timer', 'queue'];
const MAX_ROUTES = 50;
/** A route's CPU per request is its requests' CPU time when at least this many had it read, else its code's wall time. */
const MIN_TIMED_REQUESTS = 5;

/** serial: calls that waited for the one before of the same statement (or were waited for): one after another. */
interface Acc { kind: RequestTimeKind; target: string; us: number; calls: number; serial: number; call?: Call; vias: Map<string, number>; places: Map<string, { place: CodePlace; n: number }> }
type Parts = Map<string, Acc>;

const partKey = (kind: RequestTimeKind, target: string, call?: Call) => `${kind}\u0000${target}\u0000${call?.statement ?? ''}`;

function add(parts: Parts, kind: RequestTimeKind, target: string, us: number, calls: number, place: CodePlace | null, call?: Call, serial = 0): void {
  const key = partKey(kind, target, call);
  let a = parts.get(key);
  if (!a) parts.set(key, (a = { kind, target, us: 0, calls: 0, serial: 0, call: call?.statement ? { statement: call.statement, server: call.server } : undefined, vias: new Map(), places: new Map() }));
  a.us += us;
  a.calls += calls;
  a.serial += serial;
  // The library most of its calls' stacks name (a pool's own housekeeping writes are few).
  if (call?.via && a.call && calls > 0) a.vias.set(call.via, (a.vias.get(call.via) ?? 0) + calls);
  if (place) {
    const pk = `${place.url}:${place.line}`;
    const p = a.places.get(pk);
    if (p) p.n++;
    else a.places.set(pk, { place, n: 1 });
  }
}

/** A worker's wait is named by its script when the profile knows it ("thread 2" → "hasher.js"), so a pool's threads add up as one. */
export type WorkerScripts = ReadonlyMap<string, string>;

function waitTarget(kind: WaitKind, target: string, workers: WorkerScripts): string {
  if (kind === 'queue') return '';
  if (kind === 'socket') return socketName(target);
  if (kind === 'worker') return workers.get(target) ?? target.replace(/^thread /, 'worker ');
  return target;
}

function merged(batches: readonly CollectedBatch[], workers: WorkerScripts) {
  const requests: Req[] = [];
  const segments: Segment[] = [];
  const waits: Wait[] = [];
  const timers: TimerSpan[] = [];
  let dropped = 0;
  for (const b of batches) {
    dropped += b.dropped;
    const bg = b.background;
    for (let i = 0; i + 4 < bg.length; i += 5) {
      const [source, from, to, name, every] = bg.slice(i, i + 5);
      if ((source === 'timer' || source === 'interval' || source === 'immediate') && typeof from === 'number' && typeof to === 'number') {
        timers.push({ source, from, to, name: String(name), everyMs: Number(every) || 0 });
      }
    }
    for (const [id, method, path, start, end, , , cpuUs] of b.requests) if (end >= start) requests.push({ id, method, path, start, end, cpuUs: cpuUs ?? -1 });
    for (let i = 0; i + 2 < b.segments.length; i += 3) segments.push({ req: b.segments[i], from: b.segments[i + 1], to: b.segments[i + 2] });
    for (const [req, kind, target, from, to, stack, server, statements, answeredTo, continued] of b.waits) {
      const frames = stack >= 0 ? b.stacks[stack] : undefined;
      const place = frames ? placeOfStack(frames) : null;
      if (kind === 'connect') waits.push({ req, kind: 'socket', target: waitTarget('socket', target, workers), from, to, place, setup: true });
      else if (kind === 'socket') {
        const call: Call = { statement: callStatement(statements ?? []) ?? undefined, server: server || undefined, via: frames ? libraryOfStack(frames) ?? undefined : undefined };
        waits.push({
          req, kind, target: socketName(target, server), from, to, place, call,
          ...(answeredTo !== undefined && answeredTo > to ? { answeredTo } : {}), ...(continued ? { continued: true } : {}),
        });
      } else waits.push({ req, kind, target: waitTarget(kind, target, workers), from, to, place });
    }
  }
  segments.sort((a, b) => a.from - b.from);
  timers.sort((a, b) => a.from - b.from);
  return { requests, segments, waits, timers, dropped };
}

function groupBy<T>(xs: readonly T[], key: (x: T) => number): Map<number, T[]> {
  const m = new Map<number, T[]>();
  for (const x of xs) {
    const k = key(x);
    const l = m.get(k);
    if (l) l.push(x);
    else m.set(k, [x]);
  }
  return m;
}

/**
 * Time in [x, y] covered by `spans` (sorted by start, never overlapping: one main thread runs one thing at a time)
 * for which `counts` holds: other requests' code, or background callbacks.
 */
function busyWithin<S extends { from: number; to: number }>(spans: readonly S[], x: number, y: number, counts: (s: S) => boolean = () => true): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid].to <= x) lo = mid + 1;
    else hi = mid;
  }
  let busy = 0;
  for (let i = lo; i < spans.length && spans[i].from < y; i++) {
    if (counts(spans[i])) busy += Math.max(0, Math.min(y, spans[i].to) - Math.max(x, spans[i].from));
  }
  return busy;
}

/**
 * One request's time, cut into parts (µs) added to `parts`. A moment it neither ran nor waited on anything is
 * queueing when the loop ran other requests' code or background work then (each measured, apart), else not seen.
 */
function cutRequest(r: Req, own: readonly Segment[], waits: readonly Wait[], all: readonly Segment[], timers: readonly TimerSpan[], parts: Parts): number {
  let cpu = 0;
  const gaps: [number, number][] = [];
  let at = r.start;
  const inside = waits.filter((w) => w.to > r.start && w.from < r.end);
  const answers = inside.filter((w) => w.answeredTo !== undefined);
  for (const s of own) {
    const from = Math.max(s.from, at);
    const to = Math.min(s.to, r.end);
    if (to <= from) continue;
    if (from > at) gaps.push([at, from]);
    cpu += to - from - chargeAnswers(answers, from, to, parts);
    at = to;
  }
  if (r.end > at) gaps.push([at, r.end]);
  add(parts, 'cpu', '', cpu, 0, null);
  // A call is one request-response exchange: opening a socket and then writing a query on it is one call, not two.
  const exchanged = new Set(inside.filter((w) => w.kind === 'socket' && !w.setup).map((w) => w.target));
  const serial = oneAfterAnother(inside);
  for (const w of inside) {
    if (w.kind !== 'queue' && !(w.setup && exchanged.has(w.target)) && !w.continued) add(parts, w.kind, w.target, 0, 1, w.place, w.call, serial.has(w) ? 1 : 0);
  }
  for (const [a, b] of gaps) {
    const cuts = new Set([a, b]);
    for (const w of inside) {
      if (w.from > a && w.from < b) cuts.add(w.from);
      if (w.to > a && w.to < b) cuts.add(w.to);
    }
    const points = [...cuts].sort((p, q) => p - q);
    for (let i = 0; i + 1 < points.length; i++) {
      const [x, y] = [points[i], points[i + 1]];
      let best: Wait | null = null;
      for (const w of inside) {
        if (w.from <= x && w.to >= y && (!best || PRECEDENCE.indexOf(w.kind) < PRECEDENCE.indexOf(best.kind))) best = w;
      }
      if (best) {
        add(parts, best.kind, best.target, y - x, 0, null, best.call);
        continue;
      }
      const busy = busyWithin(all, x, y, (s) => s.req !== r.id);
      const behindBackground = Math.min(y - x - busy, busyWithin(timers, x, y));
      if (busy > 0) add(parts, 'queue', '', busy, 0, null);
      if (behindBackground > 0) add(parts, 'queue', BACKGROUND_QUEUE, behindBackground, 0, null);
      if (y - x - busy - behindBackground > 0) add(parts, 'other', '', y - x - busy - behindBackground, 0, null);
    }
  }
  return cpu;
}

/**
 * The calls of one request that ran one after another: a call of the same statement (or HTTP target) that started
 * only once the one before had its answer, and that one. Calls started together (Promise.all) are not.
 */
function oneAfterAnother(waits: readonly Wait[]): Set<Wait> {
  const out = new Set<Wait>();
  const bySame = new Map<string, Wait[]>();
  for (const w of waits) {
    if (w.setup || w.continued || (w.kind !== 'socket' && w.kind !== 'http')) continue;
    const k = `${w.kind}\u0000${w.target}\u0000${w.call?.statement ?? ''}`;
    const l = bySame.get(k);
    if (l) l.push(w);
    else bySame.set(k, [w]);
  }
  for (const l of bySame.values()) {
    l.sort((a, b) => a.from - b.from);
    for (let i = 1; i < l.length; i++) if (l[i].from >= l[i - 1].to) { out.add(l[i - 1]); out.add(l[i]); }
  }
  return out;
}

/**
 * The driver's handling of a call's answer (the read that brought it, until that callback ended) is part of the
 * call as the app times it: that CPU goes to the call's part. Returns how much of [from, to] went so.
 */
function chargeAnswers(answers: readonly Wait[], from: number, to: number, parts: Parts): number {
  let charged = 0;
  for (const w of answers) {
    const overlap = Math.min(to, w.answeredTo!) - Math.max(from, w.to);
    if (overlap <= 0) continue;
    add(parts, w.kind, w.target, overlap, 0, null, w.call);
    charged += overlap;
  }
  return Math.min(charged, to - from);
}

const quantile = (sorted: readonly number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0);
const round = (x: number, digits = 3) => Number(x.toFixed(digits));

function partsOut(parts: Parts, requests: number, totalMs: number): RequestTimePart[] {
  return [...parts.values()]
    .map((a) => {
      const msPerRequest = a.us / 1000 / requests;
      // The user's own code first: a stack sampled without the tick that ran the write names only the library.
      const own = (p: { place: CodePlace }) => (p.place.url.includes('/node_modules/') ? 0 : 1);
      const top = [...a.places.values()].sort((p, q) => own(q) - own(p) || q.n - p.n)[0];
      return {
        kind: a.kind, target: a.target, callsPerRequest: round(a.calls / requests, 2), msPerRequest: round(msPerRequest),
        share: totalMs > 0 ? round(Math.min(1, msPerRequest / totalMs)) : 0, from: top ? top.place : null,
        ...(a.call?.statement ? { statement: a.call.statement } : {}), ...(a.call?.server ? { server: a.call.server } : {}),
        ...(a.vias.size ? { via: [...a.vias].sort((p, q) => q[1] - p[1])[0][0] } : {}), ...(a.serial > 0 ? { oneAfterAnotherPerRequest: round(a.serial / requests, 2) } : {}),
      };
    })
    .filter((p) => p.msPerRequest > 0 || p.callsPerRequest > 0)
    .sort((p, q) => q.msPerRequest - p.msPerRequest);
}

/**
 * Adds the time before the server read the requests (the client saw it, the server did not). It is queueing behind
 * the loop only as far as the loop was busy: each busy stretch holds back at most one request per connection, so all
 * requests together queued at most connections × the loop's busy time (`queueCapUs`). The rest was spent outside the
 * server's loop — the load generator or the machine slow to deliver (beside a CPU hog a worker-pool server's loop
 * was idle and read 6 ms a request against the load generator's 41: it was said "queued behind other work on the
 * event loop" at 78 %) — and is said as not seen.
 */
function withQueueBeforeRead(parts: Parts, clientMeanMs: number | null, serverMeanMs: number, requests: number, queueCapUs = Infinity): number {
  if (clientMeanMs === null || clientMeanMs <= serverMeanMs) return serverMeanMs;
  const beforeReadUs = (clientMeanMs - serverMeanMs) * 1000 * requests;
  const queuedUs = Math.min(beforeReadUs, queueCapUs);
  if (queuedUs > 0) add(parts, 'queue', '', queuedUs, 0, null);
  if (beforeReadUs > queuedUs) add(parts, 'other', BEFORE_READ, beforeReadUs - queuedUs, 0, null);
  return clientMeanMs;
}

/**
 * A route's time in child processes run synchronously (sampled µs, by the user's function that ran them) moved from
 * its own CPU to a wait on a child process: the loop was held, but by waiting for a program, not by running code.
 */
function withSyncChild(parts: Parts, places: ReadonlyMap<string, { place: CodePlace; us: number }> | undefined): void {
  const cpu = parts.get(partKey('cpu', ''));
  if (!places || !cpu) return;
  const all = [...places.values()];
  const moved = Math.min(cpu.us, all.reduce((t, p) => t + p.us, 0));
  if (!(moved > 0)) return;
  cpu.us -= moved;
  const top = all.filter((p) => p.place.function).sort((a, b) => b.us - a.us)[0];
  add(parts, 'child', SYNC_CHILD, moved, 0, top ? top.place : null);
}

/** The most all requests together can have queued before being read: connections × the loop's measured busy time, µs. */
function queueCap(client: ClientLatency | null, segments: readonly Segment[], timers: readonly TimerSpan[]): number {
  if (!client?.connections) return Infinity;
  return client.connections * coveredUs([...segments, ...timers]);
}

/** The time some span covers, µs: spans that overlap (a callback inside another's) count once — the loop runs one at a time. */
function coveredUs(spans: readonly { from: number; to: number }[]): number {
  const sorted = [...spans].sort((a, b) => a.from - b.from);
  let covered = 0;
  let end = -Infinity;
  for (const s of sorted) {
    if (s.to <= end) continue;
    covered += s.to - Math.max(s.from, end);
    end = s.to;
  }
  return covered;
}

function mergeInto(into: Parts, from: Parts): void {
  for (const a of from.values()) {
    add(into, a.kind, a.target, a.us, a.calls, null, a.call, a.serial);
    const acc = into.get(partKey(a.kind, a.target, a.call))!;
    for (const [via, n] of a.vias) acc.vias.set(via, (acc.vias.get(via) ?? 0) + n);
    const places = acc.places;
    for (const [k, p] of a.places) places.set(k, { place: p.place, n: (places.get(k)?.n ?? 0) + p.n });
  }
}

const routeKey = (method: string, path: string) => `${method} ${path}`;

/**
 * A route's CPU per request: the mean CPU time of the requests whose thread CPU the collector read (a busy
 * machine's descheduling is not in it), else the wall time its code ran (`wallUs` over all its requests) — with
 * the mean's standard error, and the clock's step when the route is under it (cpuSpread).
 */
function cpuPerRequest(reqs: readonly Req[], wallUs: number, certain: ReadonlySet<number>): Pick<RouteTime, 'cpuMsPerRequest' | 'cpuTimedRequests' | 'cpuErrorMs' | 'cpuClockStepMs'> {
  const timed = reqs.filter((r) => r.cpuUs >= 0);
  if (timed.length < MIN_TIMED_REQUESTS) return { cpuMsPerRequest: round(wallUs / 1000 / reqs.length) };
  // Each weighed by 1 / its chance of being read (collected.ts): a plain mean over-weighed the first requests.
  const weight = (r: Req) => (certain.has(r.id) ? 1 : 1 / CPU_TIMED_SHARE);
  const sum = timed.reduce((s, r) => s + weight(r) * r.cpuUs, 0);
  const weights = timed.reduce((s, r) => s + weight(r), 0);
  const meanUs = sum / weights;
  return { cpuMsPerRequest: round(meanUs / 1000), cpuTimedRequests: timed.length, ...cpuSpread(timed, weight, meanUs, weights) };
}

/**
 * The standard error of a weighed mean of the reads (√(Σ w²(x − mean)²) / Σ w, with n / (n − 1) for a sample's
 * spread), and the clock's step when the mean is under it. Why: this machine's thread clock moves in 4 ms ticks, so
 * a 0.9 ms route's requests read 0 or 4 ms, and ~50 reads put its mean anywhere from 0.45 to 1.3 ms — the figure
 * must say how far it can be trusted (route-cpu-text.ts).
 */
function cpuSpread(timed: readonly Req[], weight: (r: Req) => number, meanUs: number, weights: number): Pick<RouteTime, 'cpuErrorMs' | 'cpuClockStepMs'> {
  const n = timed.length;
  const squares = timed.reduce((s, r) => s + (weight(r) * (r.cpuUs - meanUs)) ** 2, 0);
  const errorMs = Math.sqrt((squares * n) / (n - 1)) / weights / 1000;
  const stepUs = timed.reduce((min, r) => (r.cpuUs > 0 && r.cpuUs < min ? r.cpuUs : min), Infinity);
  return { cpuErrorMs: round(errorMs, 4), ...(stepUs < Infinity && meanUs < stepUs ? { cpuClockStepMs: round(stepUs / 1000) } : {}) };
}

/**
 * The requests whose CPU the collector read for certain, not by chance (collected.ts, request-collector.ts): the
 * first CPU_TIMED_FIRST of the recording, and the first CPU_TIMED_FIRST_OF_ROUTE of each of its first CPU_TIMED_ROUTES
 * routes, in the order the server began them (their ids).
 */
function readForCertain(requests: readonly Req[]): Set<number> {
  const ofRoute = new Map<string, number>();
  const certain = new Set<number>();
  for (const r of [...requests].sort((a, b) => a.id - b.id)) {
    const key = routeKey(r.method, r.path);
    const n = ofRoute.has(key) || ofRoute.size < CPU_TIMED_ROUTES ? (ofRoute.get(key) ?? 0) + 1 : Infinity;
    if (n !== Infinity) ofRoute.set(key, n);
    if (r.id <= CPU_TIMED_FIRST || n <= CPU_TIMED_FIRST_OF_ROUTE) certain.add(r.id);
  }
  return certain;
}

const throughBurst = (reqs: readonly Req[]) => {
  const t = cpuThroughBurst(reqs);
  return t ? { cpuThroughBurst: t } : {};
};

/** The recording's `requestTime` from the collector's batches; null when no request finished. */
export function summarizeRequestTime(
  batches: readonly CollectedBatch[], client: ClientLatency | null = null, profile: SampledProfile | null = null, workers: WorkerScripts = new Map(),
): RequestTime | null {
  const { requests, segments, waits, timers, dropped } = merged(batches, workers);
  if (requests.length === 0) return null;
  const segsOf = groupBy(segments, (s) => s.req);
  const waitsOf = groupBy(waits, (w) => w.req);
  const all: Parts = new Map();
  const routes = new Map<string, { method: string; path: string; reqs: Req[]; parts: Parts; cpuUs: number }>();
  for (const r of requests) {
    const key = routeKey(r.method, r.path);
    let route = routes.get(key);
    if (!route) routes.set(key, (route = { method: r.method, path: r.path, reqs: [], parts: new Map(), cpuUs: 0 }));
    route.reqs.push(r);
    route.cpuUs += cutRequest(r, segsOf.get(r.id) ?? [], waitsOf.get(r.id) ?? [], segments, timers, route.parts);
  }
  // The profile's samples, tied to the requests that ran: each route's top function, its synchronous child processes,
  // and the CPU outside them.
  const routeOf = new Map(requests.map((r) => [r.id, routeKey(r.method, r.path)]));
  const sampled = profile ? attributeSamples(profile, segments.map((s) => ({ from: s.from, to: s.to, route: routeOf.get(s.req) ?? '' })), timers) : null;
  for (const [key, route] of routes) withSyncChild(route.parts, sampled?.syncChild.get(key));
  const durations = (rs: readonly Req[]) => rs.map((r) => (r.end - r.start) / 1000).sort((a, b) => a - b);
  const meanOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const certain = readForCertain(requests);
  const cap = queueCap(client, segments, timers);
  const clientRoutes = new Map((client?.routes ?? []).map((r) => [routeKey(r.method, r.path), r.latencyMs]));
  const byRoute: RouteTime[] = [...routes.values()]
    .sort((a, b) => b.reqs.length - a.reqs.length)
    .slice(0, MAX_ROUTES)
    .map((route) => {
      const d = durations(route.reqs);
      const n = route.reqs.length;
      // The load generator's latency for this route: its own, or the whole burst's when it had one route.
      const seen = clientRoutes.get(routeKey(route.method, route.path)) ?? (client && routes.size === 1 ? client : null);
      const mean = withQueueBeforeRead(route.parts, seen ? seen.mean : null, meanOf(d), n, cap);
      mergeInto(all, route.parts);
      return {
        method: route.method, path: route.path, requests: n,
        perRequestMs: { p50: round(seen ? seen.p50 : quantile(d, 0.5)), mean: round(mean) },
        parts: partsOut(route.parts, n, mean), ...cpuPerRequest(route.reqs, route.cpuUs, certain), ...throughBurst(route.reqs), topFunction: null,
      };
    });
  // Requests of routes beyond the kept ones still count in the whole.
  for (const route of [...routes.values()].sort((a, b) => b.reqs.length - a.reqs.length).slice(MAX_ROUTES)) mergeInto(all, route.parts);
  const d = durations(requests);
  const counted = [...all.values()].reduce((sum, a) => sum + a.us, 0) / 1000 / requests.length;
  // The burst's latency, when no route had its own: what it saw beyond the server's time queued before being read.
  const meanMs = withQueueBeforeRead(all, client ? client.mean : null, counted, requests.length, cap);
  for (const r of byRoute) r.topFunction = sampled?.topFunction.get(routeKey(r.method, r.path)) ?? null;
  return {
    ...(sampled?.background ? { background: sampled.background } : {}),
    requests: requests.length,
    ...(profile ? { inProfile: requestsInProfile(requests, segsOf, profileWindow(profile)) } : {}),
    perRequestMs: { p50: round(client ? client.p50 : quantile(d, 0.5)), mean: round(meanMs) },
    serverMs: { p50: round(quantile(d, 0.5)), p99: round(quantile(d, 0.99)), mean: round(meanOf(d)) },
    parts: partsOut(all, requests.length, meanMs),
    byRoute,
    dropped,
  };
}
