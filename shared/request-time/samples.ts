// The CPU profile's samples tied to requests: a sample taken while a
// request's code ran (the collector's segments, on the profile's clock)
// belongs to that request and so to its route; a sample in a timer, interval
// or setImmediate callback that ran outside every request is background work.
// Idle samples belong to nobody.
import { isNodeInternal } from '../profile/classify.ts';
import { isCollectorWork } from '../profile/collector-work.ts';
import { shortPlace } from '../profile/places.ts';
import { ANONYMOUS_NAME, type Frame, type Profile } from '../profile/model.ts';
import { MAX_BACKGROUND_SPANS, type Background, type CodePlace } from '../recording/request-time.ts';
import { syncChildReader } from './sync-child.ts';

/**
 * What the attribution reads: the imported profile (shared/profile/model.ts),
 * whose samples are in time order and weighed by the one timing rule
 * (shared/profile/timing.ts) — not V8's raw samples and timeDeltas, which V8
 * sometimes writes out of order.
 */
export type SampledProfile = Profile;

export interface Span { from: number; to: number }
export interface RequestSpan extends Span { route: string }
export interface TimerSpan extends Span { source: 'timer' | 'interval' | 'immediate'; name: string; everyMs: number }

const IDLE = '(idle)';
/** V8's own entries: CPU, but no function of anyone's to name. */
const UNNAMED = new Set(['(program)', '(garbage collector)', '(root)']);

/** The span containing t, walking forward over spans sorted by start (the model's samples are in time order). */
function cursor<T extends Span>(spans: readonly T[]) {
  let i = 0;
  return (t: number): T | null => {
    while (i < spans.length && spans[i].to <= t) i++;
    return i < spans.length && spans[i].from <= t ? spans[i] : null;
  };
}

export interface SampleAttribution {
  /** Per route: the function of the user's code its samples were in most (the innermost one on each sample's stack). */
  topFunction: Map<string, string>;
  background: Background | null;
  /** Per route: sampled µs its requests spent in child processes run synchronously, by the user's function that ran them (sync-child.ts). */
  syncChild: Map<string, Map<string, { place: CodePlace; us: number }>>;
}

type BackgroundEntry = { function: string; url: string; line: number; source: Background['functions'][number]['source']; everyMs?: number; us: number };

/** Each sample's time on the V8 clock (µs): the first is at endTimeUs − durationMs, each next one a weight later (model.ts). */
export function sampleTimesUs(profile: Profile): Float64Array {
  const times = new Float64Array(profile.samples.length);
  let t = profile.endTimeUs - profile.durationMs * 1000;
  for (let i = 0; i < times.length; i++) {
    times[i] = t;
    t += profile.weightsMs[i] * 1000;
  }
  return times;
}

export function attributeSamples(profile: SampledProfile, requests: readonly RequestSpan[], timers: readonly TimerSpan[]): SampleAttribution {
  const stacks = stackReader(profile);
  const times = sampleTimesUs(profile);
  const inRequest = cursor([...requests].sort((a, b) => a.from - b.from));
  const inTimer = cursor([...timers].sort((a, b) => a.from - b.from));
  const byRoute = new Map<string, Map<string, number>>();
  const syncChildOf = syncChildReader(profile);
  const syncChild = new Map<string, Map<string, { place: CodePlace; us: number }>>();
  const bg = new Map<string, BackgroundEntry>();
  const inRequests = new Set<number>();
  let busyUs = 0;
  let bgUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = profile.samples[i];
    const frame = stacks.frameOf(node);
    if (frame.name === IDLE) continue;
    const weight = profile.weightsMs[i] * 1000;
    busyUs += weight;
    if (stacks.inCollector(node)) continue;
    const name = frame.name;
    const t = times[i];
    const req = inRequest(t);
    if (req) {
      inRequests.add(node);
      const child = syncChildOf(node);
      if (child) addPlace(syncChild, req.route, child, weight);
      // Only the user's own code names a route's work: a sample in Node's HTTP machinery with none of it above
      // (checkIsHttpToken) is every route's overhead, not this route's cause (issue 35: /checkout's console.warn).
      const own = UNNAMED.has(name) ? '' : stacks.ownOf(node);
      if (!own) continue;
      let fns = byRoute.get(req.route);
      if (!fns) byRoute.set(req.route, (fns = new Map()));
      fns.set(own, (fns.get(own) ?? 0) + weight);
      continue;
    }
    // Outside every request and every timer: the HTTP machinery around requests (parsing, writing) as much as
    // anything else, so it is not called background.
    const timer = inTimer(t);
    if (!timer) continue;
    bgUs += weight;
    const callback = timerCallback(node, timer, stacks);
    // V8's own entries (GC, program) count in the background's share but name no function.
    if (UNNAMED.has(name) && !timer.name && !callback.anonymous) continue;
    const fn = timer.name || (callback.anonymous ? callback.anonymous.name : name);
    const source = timer.source;
    // Anonymous callbacks are told apart by their place.
    const key = `${source}\u0000${fn}${callback.anonymous ? `\u0000${callback.anonymous.url}:${callback.anonymous.line}` : ''}`;
    const e = bg.get(key);
    // The place is the callback's own frame; a sample taken before it ran (in Node's timer or async_hooks code) has none.
    const place = callback.named || callback.anonymous || !timer.name ? { url: callback.frame.url, line: callback.frame.line } : { url: '', line: 0 };
    if (e) {
      e.us += weight;
      if (!e.url && place.url) Object.assign(e, place);
    } else bg.set(key, { function: fn, ...place, source, ...(timer.everyMs ? { everyMs: timer.everyMs } : {}), us: weight });
  }
  const topFunction = new Map([...byRoute].map(([route, fns]) => [route, [...fns].sort((a, b) => b[1] - a[1])[0][0]]));
  return { topFunction, background: backgroundOf(withoutRequestWork(bg, inRequests, stacks), bgUs, busyUs, timers), syncChild };
}

function addPlace(into: Map<string, Map<string, { place: CodePlace; us: number }>>, route: string, place: CodePlace, us: number): void {
  let places = into.get(route);
  if (!places) into.set(route, (places = new Map()));
  const key = `${place.url}:${place.line}:${place.function}`;
  const e = places.get(key);
  if (e) e.us += us;
  else places.set(key, { place, us });
}

const placeKey = (url: string, line: number) => `${url}\u0000${line}`;

/**
 * Background callbacks that also ran inside requests left out of the named ones: a request handler's sample taken on
 * a span's edge (the handler of a request Node resumed in an immediate) once named the handler as background work,
 * and then every byte it allocated was set aside as background's (0 bytes per request). Background is only what no
 * request ran. Each node's stack is read once.
 */
function withoutRequestWork(bg: Map<string, BackgroundEntry>, inRequests: ReadonlySet<number>, { frameOf, parentOf }: ReturnType<typeof stackReader>): Map<string, BackgroundEntry> {
  if (bg.size === 0 || inRequests.size === 0) return bg;
  const places = new Set<string>();
  const seen = new Set<number>();
  for (const node of inRequests) {
    for (let at: number | undefined = node; at !== undefined && !seen.has(at); at = parentOf(at)) {
      seen.add(at);
      const f = frameOf(at);
      if (f.url) places.add(placeKey(f.url, f.line));
    }
  }
  return new Map([...bg].filter(([, e]) => !e.url || !places.has(placeKey(e.url, e.line))));
}

/** The user's own code: a script that is neither Node's nor a dependency's. */
const isOwnCode = (f: Frame) => !!f.url && !isNodeInternal(f.url) && !f.url.includes('/node_modules/');

/**
 * A profile's nodes read up their stacks (answers cached per node): the
 * innermost frame of the user's own code on a sample's stack, and whether the
 * sample is Flambé's request collector's own work.
 */
function stackReader(profile: Profile) {
  const { nodeParent, nodeFrame, frames } = profile;
  const frameOf = (node: number): Frame => frames[nodeFrame[node]];
  const parentOf = (node: number): number | undefined => (nodeParent[node] >= 0 ? nodeParent[node] : undefined);
  // The innermost frame of the user's own code (not Node's, not node_modules): what a route's request runs.
  const ownFrame = new Map<number, string>();
  const ownOf = (id: number): string => {
    const known = ownFrame.get(id);
    if (known !== undefined) return known;
    // A named function before an anonymous one (a handler's arrow function is the route itself, not its work).
    let name = '';
    for (let at: number | undefined = id; at !== undefined; at = parentOf(at)) {
      const f = frameOf(at);
      if (!isOwnCode(f)) continue;
      if (f.name !== ANONYMOUS_NAME) { name = f.name; break; }
      // With none named, the innermost anonymous one by its place: "most in (anonymous)" named nothing a user can find.
      // Mapped code (TypeScript, a bundle) by the place the source map gives, as every frame of the model already is.
      name ||= anonymousName(f);
    }
    ownFrame.set(id, name);
    return name;
  };
  // Flambé's request collector's own work (and what it calls: threadCpuUsage) is nobody's: no route's function, no background.
  const collectorWork = new Map<number, boolean>();
  const inCollector = (id: number): boolean => {
    const path: number[] = [];
    let found = false;
    for (let at: number | undefined = id; at !== undefined; at = parentOf(at)) {
      const known = collectorWork.get(at);
      if (known !== undefined) { found = known; break; }
      path.push(at);
      const f = frameOf(at);
      if (isCollectorWork({ name: f.name, url: f.url })) { found = true; break; }
    }
    for (const at of path) collectorWork.set(at, found);
    return found;
  };
  return { frameOf, parentOf, ownOf, inCollector };
}

/** "(anonymous) (shop.js:35)": an anonymous function by the file and line it is written at (the model's, 1-based). */
export function anonymousName(f: Pick<Frame, 'url' | 'line'>): string {
  return f.url && f.line > 0 ? `${ANONYMOUS_NAME} (${shortPlace(`${f.url}:${f.line}`)})` : ANONYMOUS_NAME;
}

/**
 * The frame that names a background sample's callback. A named timer: its
 * callback's frame up the sample's stack (`named`: found). An anonymous
 * callback (`setInterval(() => …)`): the outermost frame of the user's code
 * on the stack is the callback itself (Node's timer code and Flambé's wrapper
 * sit above it) — not the built-in it spends its time in (a Fastify app's
 * hashing interval read "digest (hash:164)").
 */
function timerCallback(node: number, timer: TimerSpan, { frameOf, parentOf }: ReturnType<typeof stackReader>): { frame: Frame; named: boolean; anonymous: Frame | null } {
  if (timer.name) {
    for (let id: number | undefined = node; id !== undefined; id = parentOf(id)) {
      if (frameOf(id).name === timer.name) return { frame: frameOf(id), named: true, anonymous: null };
    }
    return { frame: frameOf(node), named: false, anonymous: null };
  }
  let anonymous: Frame | null = null;
  for (let id: number | undefined = node; id !== undefined; id = parentOf(id)) {
    if (isOwnCode(frameOf(id))) anonymous = frameOf(id);
  }
  return { frame: anonymous ?? frameOf(node), named: false, anonymous };
}

/** The background's share of the busy time, its top 10 functions and when it ran; null with no busy time. */
function backgroundOf(bg: Map<string, BackgroundEntry>, bgUs: number, busyUs: number, timers: readonly TimerSpan[]): Background | null {
  if (!(busyUs > 0)) return null;
  const pct = (us: number) => Math.round((us / busyUs) * 1000) / 10;
  const spans = backgroundSpans(timers);
  return {
    percent: pct(bgUs),
    cpuMs: Math.round(bgUs / 100) / 10,
    functions: [...bg.values()].sort((a, b) => b.us - a.us).slice(0, 10)
      .map(({ us, ...f }) => ({ ...f, percent: pct(us) })),
    ...(spans.length ? { spans } : {}),
  };
}

/** When background callbacks ran, flat [from, to, …], sorted, touching ones joined, at most MAX_BACKGROUND_SPANS. */
export function backgroundSpans(timers: readonly Span[]): number[] {
  const sorted = [...timers].sort((a, b) => a.from - b.from);
  const out: number[] = [];
  for (const t of sorted) {
    if (out.length && t.from <= out[out.length - 1]) out[out.length - 1] = Math.max(out[out.length - 1], t.to);
    else if (out.length < 2 * MAX_BACKGROUND_SPANS) out.push(t.from, t.to);
  }
  return out;
}
