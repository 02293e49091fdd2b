// Importer for Chrome trace-event JSON carrying a CPU profile: what DevTools'
// Performance panel saves ("Save profile…"), and Node's trace files.
// The profile travels in pieces (category disabled-by-default-v8.cpu_profiler):
//   {"ph":"P","name":"Profile","id":"0x1","args":{"data":{"startTime":…}}}
//   {"ph":"P","name":"ProfileChunk","id":"0x1","args":{"data":{
//      "cpuProfile":{"nodes":[{"id","callFrame","parent"}…],"samples":[…]},
//      "timeDeltas":[…], "lines"?:[…], "endTime"?:…}}}
// Nodes name their parent (some writers list children instead: both are read);
// Chrome ≥ 141 adds a last ProfileChunk without data. Chunks of one profile
// share the Profile event's id (unique per process). Older traces carry one
// whole .cpuprofile in a "CpuProfile" event instead. "lines" gives each
// sample the line its function was on (0 = unknown): they become the nodes'
// positionTicks, as a .cpuprofile has them.
// Every profile of the trace is read: importChromeTraceThreads gives one per
// thread (Flambé's own trace export has the main thread and each worker;
// DevTools' has the page and its workers), the main thread first — the one
// named "main thread", else the busiest; importChromeTrace gives that one.
// Flambé's own additions (shared/recording/profile-extras.ts, under the keys
// they have in a .cpuprofile) ride in the Profile event's data.
// Format: https://docs.google.com/document/d/1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU
import { buildProfile, type RawProfile } from '../build-model.ts';
import { ProfileFormatError } from '../format-error.ts';
import type { Profile } from '../model.ts';
import { MAIN_THREAD_NAME, type NamedProfile } from '../threads.ts';
import { rawExtrasOf } from '../../recording/profile-extras.ts';

interface TraceEvent { name?: unknown; ph?: unknown; pid?: unknown; tid?: unknown; id?: unknown; ts?: unknown; args?: unknown }

interface Candidate {
  thread: string;
  raw: RawProfile;
  nodes: unknown[];
  samples: unknown[];
  timeDeltas: unknown[];
  /** One per sample when every chunk had them; null as soon as one did not. */
  lines: unknown[] | null;
  sampleCount: number;
}

function traceEvents(data: unknown): unknown[] | null {
  if (Array.isArray(data)) return data;
  if (typeof data === 'object' && data !== null && Array.isArray((data as { traceEvents?: unknown }).traceEvents)) {
    return (data as { traceEvents: unknown[] }).traceEvents;
  }
  return null;
}

const isProfileEvent = (e: unknown) => {
  const name = (e as TraceEvent | null)?.name;
  return name === 'Profile' || name === 'ProfileChunk' || name === 'CpuProfile';
};

/** Content detection: a trace-event list (or {traceEvents}) holding profile events. */
export function isChromeTrace(data: unknown): boolean {
  const events = traceEvents(data);
  if (!events || events.length === 0) return false;
  const first = events[0];
  if (typeof first !== 'object' || first === null || !('ph' in first)) return false;
  return events.some(isProfileEvent);
}

const dataOf = (e: TraceEvent): Record<string, unknown> | undefined => {
  const args = e.args as { data?: unknown } | undefined;
  return typeof args?.data === 'object' && args.data !== null ? (args.data as Record<string, unknown>) : undefined;
};

function appendAll(into: unknown[], from: unknown, what: string, index: number): number {
  if (from === undefined || from === null) return 0;
  if (!Array.isArray(from)) throw new ProfileFormatError(`Trace event ${index} (ProfileChunk) has ${what} that is not a list.`);
  for (const x of from) into.push(x);
  return from.length;
}

/** Chrome trace (parsed JSON) → model of its main thread's CPU profile (see above). Throws ProfileFormatError. */
export function importChromeTrace(data: unknown): Profile {
  return importChromeTraceThreads(data, false)[0].profile;
}

/**
 * Chrome trace (parsed JSON) → one profile per thread that has samples, the
 * main thread first. A profile of another thread that cannot be read is left
 * out; the main thread's problem is thrown (ProfileFormatError). `all` false:
 * only the main thread is built.
 */
export function importChromeTraceThreads(data: unknown, all = true): NamedProfile[] {
  const events = traceEvents(data);
  if (!events) throw new ProfileFormatError('This is not a Chrome trace: it has no list of trace events.');
  const threadNames = new Map<string, string>();
  for (const e of events as TraceEvent[]) {
    if (e && e.ph === 'M' && e.name === 'thread_name') {
      const name = (e.args as { name?: unknown } | undefined)?.name;
      if (typeof name === 'string') threadNames.set(`${e.pid}:${e.tid}`, name);
    }
  }
  const candidates = new Map<string, Candidate>();
  // Where each thread's events first stand in the file: threads are listed in
  // the file's order (not by start time), so an export read back keeps its order.
  const firstSeen = new Map<Candidate, number>();
  const candidate = (key: string, thread: string, at: number): Candidate => {
    let c = candidates.get(key);
    if (c) firstSeen.set(c, Math.min(firstSeen.get(c)!, at));
    if (!c) {
      c = { thread, nodes: [], samples: [], timeDeltas: [], lines: [], sampleCount: 0, raw: { nodes: null, links: 'parent', samples: null, timeDeltas: null, startTime: undefined, endTime: undefined } };
      candidates.set(key, c);
      firstSeen.set(c, at);
    }
    return c;
  };
  // Chunks are concatenated in time order; the sort is stable, so equal times keep file order.
  const ordered = events.map((e, i) => ({ e: e as TraceEvent, i })).filter(({ e }) => isProfileEvent(e));
  ordered.sort((a, b) => (Number(a.e.ts) || 0) - (Number(b.e.ts) || 0) || a.i - b.i);
  for (const { e, i } of ordered) {
    const d = dataOf(e);
    // Chrome ≥ 141 ends each profile with a ProfileChunk carrying no data: nothing to add.
    if (!d && e.name === 'ProfileChunk') continue;
    if (!d) throw new ProfileFormatError(`Trace event ${i} (${String(e.name)}) has no data.`);
    const key = `${e.pid}:${String(e.id ?? e.tid)}`;
    if (e.name === 'CpuProfile') {
      const cpu = d.cpuProfile as Record<string, unknown> | undefined;
      const c = candidate(`${key}:${i}`, `${e.pid}:${e.tid}`, i);
      c.raw = { nodes: cpu?.nodes, links: 'children', samples: cpu?.samples, timeDeltas: cpu?.timeDeltas ?? d.timeDeltas, startTime: cpu?.startTime, endTime: cpu?.endTime };
      c.sampleCount = Array.isArray(cpu?.samples) ? cpu.samples.length : 0;
      continue;
    }
    const c = candidate(key, `${e.pid}:${e.tid}`, i);
    if (e.name === 'Profile') {
      c.thread = `${e.pid}:${e.tid}`;
      c.raw.startTime = d.startTime ?? e.ts;
      const { sourceLines, lastSampleUs, originalFrames, originalLines } = rawExtrasOf(d);
      Object.assign(c.raw, { sourceLines, lastSampleUs, originalFrames, originalLines });
      continue;
    }
    const cpu = (d.cpuProfile ?? {}) as Record<string, unknown>;
    appendAll(c.nodes, cpu.nodes, 'nodes', i);
    const added = appendAll(c.samples, cpu.samples, 'samples', i);
    c.sampleCount += added;
    if (c.lines && Array.isArray(d.lines) && d.lines.length === added) appendAll(c.lines, d.lines, 'lines', i);
    else if (added > 0) c.lines = null;
    appendAll(c.timeDeltas, d.timeDeltas, 'timeDeltas', i);
    const end = d.endTime ?? cpu.endTime;
    if (end !== undefined) c.raw.endTime = end;
    if (c.raw.startTime === undefined && cpu.startTime !== undefined) c.raw.startTime = cpu.startTime;
  }
  let best: Candidate | undefined;
  for (const c of candidates.values()) if (!best || c.sampleCount > best.sampleCount) best = c;
  if (!best) {
    throw new ProfileFormatError('This Chrome trace has no CPU profile in it (no Profile or ProfileChunk events): record it with JavaScript samples on.');
  }
  const list = [...candidates.values()].sort((a, b) => firstSeen.get(a)! - firstSeen.get(b)!);
  const main = list.find((c) => threadNames.get(c.thread) === MAIN_THREAD_NAME) ?? best;
  const nameOf = (c: Candidate) => (c === main ? MAIN_THREAD_NAME : threadNames.get(c.thread) ?? `thread ${c.thread}`);
  const out: NamedProfile[] = [{ name: nameOf(main), profile: buildCandidate(main, threadNames) }];
  if (!all) return out;
  for (const c of list) {
    if (c === main || c.sampleCount === 0) continue;
    try {
      out.push({ name: nameOf(c), profile: buildCandidate(c, threadNames) });
    } catch (e) {
      if (!(e instanceof ProfileFormatError)) throw e; // another thread's damaged profile does not cost the main one
    }
  }
  return out;
}

function buildCandidate(c: Candidate, threadNames: ReadonlyMap<string, string>): Profile {
  const nodes = c.raw.links === 'parent' ? withParents(withLineTicks(c.nodes, c.samples, c.lines)) : null;
  const orphans = nodes ? onRootWhenMissing(nodes, c.samples) : null;
  const raw = nodes ? { ...c.raw, nodes, samples: orphans?.samples ?? c.samples, timeDeltas: c.timeDeltas } : c.raw;
  try {
    const profile = buildProfile(raw);
    if (orphans) profile.orphanSamples = { count: orphans.count, example: orphans.example };
    return profile;
  } catch (e) {
    if (e instanceof ProfileFormatError) {
      const thread = threadNames.get(c.thread);
      throw new ProfileFormatError(`In the trace's CPU profile${thread ? ` of thread ${thread}` : ''}: ${e.message}`);
    }
    throw e;
  }
}

/**
 * A ProfileChunk sample may name a node no chunk declares (Chrome 141 writes
 * such traces, the node's chunk lost). DevTools' CPUProfileDataModel maps a
 * sample through the ids of the nodes it built; an unknown id then stands on
 * no function (its timeline shows nothing there) — so it goes to the root here,
 * which the timing rule counts as (program), and the profile checks say how
 * many. Null when every sample names a node (the usual case: nothing copied).
 */
function onRootWhenMissing(nodes: unknown[], samples: unknown[]): { samples: unknown[]; count: number; example: string } | null {
  const ids = new Set<unknown>();
  let root: unknown;
  for (const n of nodes) {
    if (typeof n !== 'object' || n === null) continue;
    const { id, parent } = n as { id?: unknown; parent?: unknown };
    ids.add(id);
    if (root === undefined && parent === undefined) root = id;
  }
  // Only whole-number ids are attached: anything else is a damaged file, refused by buildProfile.
  const orphan = (s: unknown) => typeof s === 'number' && Number.isInteger(s) && !ids.has(s);
  const first = samples.findIndex(orphan);
  if (first < 0 || root === undefined) return null;
  let count = 0;
  const fixed = samples.map((s) => (orphan(s) ? (count++, root) : s));
  return { samples: fixed, count, example: `samples[${first}] is ${String(samples[first])}` };
}

/**
 * Nodes that list their children instead of naming their parent (rspack's
 * traces do; DevTools' CPUProfileDataModel accepts both) get the parent the
 * list gives them (new node objects; a parent the node names wins).
 */
function withParents(nodes: unknown[]): unknown[] {
  const parentOf = new Map<unknown, unknown>();
  for (const n of nodes) {
    const children = typeof n === 'object' && n !== null ? (n as { children?: unknown }).children : undefined;
    if (Array.isArray(children)) for (const c of children) if (!parentOf.has(c)) parentOf.set(c, (n as { id?: unknown }).id);
  }
  if (parentOf.size === 0) return nodes;
  return nodes.map((n) => {
    if (typeof n !== 'object' || n === null) return n;
    const rest: Record<string, unknown> = { ...(n as Record<string, unknown>) };
    delete rest.children;
    const id = (n as { id?: unknown }).id;
    return rest.parent === undefined && parentOf.has(id) ? { ...rest, parent: parentOf.get(id) } : rest;
  });
}

/** Per-sample lines → each node's positionTicks (new node objects; the trace is left as it was). */
function withLineTicks(nodes: unknown[], samples: unknown[], lines: unknown[] | null): unknown[] {
  if (!lines || lines.length !== samples.length || lines.length === 0) return nodes;
  const ticks = new Map<unknown, Map<number, number>>();
  for (let i = 0; i < samples.length; i++) {
    const line = lines[i];
    if (typeof line !== 'number' || !Number.isInteger(line) || line < 1) continue;
    let byLine = ticks.get(samples[i]);
    if (!byLine) ticks.set(samples[i], (byLine = new Map()));
    byLine.set(line, (byLine.get(line) ?? 0) + 1);
  }
  if (ticks.size === 0) return nodes;
  return nodes.map((n) => {
    const byLine = typeof n === 'object' && n !== null ? ticks.get((n as { id?: unknown }).id) : undefined;
    return byLine ? { ...(n as object), positionTicks: [...byLine].map(([line, t]) => ({ line, ticks: t })) } : n;
  });
}
