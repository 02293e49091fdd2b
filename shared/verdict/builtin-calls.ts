// The time a function of yours spends in the runtime's built-ins it calls
// directly: `performance.now()` in a busy-wait, `Buffer.from`, `Date`,
// `util.format`… V8 and Node give those frames of their own (node:internal/…,
// or native code without a URL), so a function's self time leaves them out —
// and "17% in its own code" hid the 56% it spent polling the clock. The
// function owns that time: it decided to make those calls.
//
// The rule (the bucket rule's sibling, buckets.ts): read a sample's stack from
// the leaf up through Node-internal and native frames; when the first frame of
// anything else is your function, and no frame of the run is a bucket
// (logging, sync crypto… count there, never twice), the sample is that
// function's built-in time. Node's I/O and dispatch machinery (http, net,
// streams, events, timers, workers) is not a built-in your function computes
// with: `res.end()` hands the response to Node, whose writing is the server's
// work, not the handler's — a run whose first Node frame is there counts for
// no one. `structuredClone` lives in node:internal/worker/js_transferable but
// is no worker I/O: it deep-copies a value on the calling thread (issue 35: a
// pricing function cloning every line item read "Node internals 77%" and never
// named), so that module is a built-in like Buffer's.
//
// A dependency's functions own the built-ins they call the same way (issue
// 31: a package "takes 31 % of the time" counting only its own frames, where
// with the built-ins it computes with it is 64 %): the package finding adds
// them (findings.ts).
import { callNodeTable } from '../profile/call-nodes.ts';
import { frameClasses } from '../profile/frame-classes.ts';
import type { Profile } from '../profile/model.ts';
import type { HotLine } from '../profile/lines.ts';
import { isFlambeUrl } from '../profile/classify.ts';

const IO_MODULE = /^(?:node:)?(?:_http_\w+|https?|net|tls|_tls_\w+|dgram|dns|stream|events|timers|child_process|worker_threads|cluster|internal\/(?:streams\/|stream_base_commons|http|net|tls|dns|timers|process\/task_queues|child_process|worker(?!\/js_transferable)|event_target|async_hooks|cluster|fs\/promises|fs\/streams))/;

export interface BuiltinCalls {
  /** Built-in time per frame of your code or of a dependency, ms (indexed by frame). */
  ms: Float64Array;
  /** Per frame of your code: the built-in frames it calls directly, with the time under each, heaviest first. */
  callees: Map<number, { frame: number; ms: number }[]>;
  /** Per frame of your code: its built-in time by the category of the frames that ran it ('node', 'native'), ms. */
  byKind: Map<number, Map<string, number>>;
}

const cache = new WeakMap<Profile, BuiltinCalls>();
/** A call node of the request collector's wrapper right under your function: look through it. */
const WRAPPED = -2;

/** Whether a frame is a built-in a function computes with (see above). */
function isBuiltin(kind: string, url: string): boolean {
  return kind === 'native' || (kind === 'node' && !IO_MODULE.test(url));
}

export function builtinCalls(profile: Profile): BuiltinCalls {
  let out = cache.get(profile);
  if (out) return out;
  const t = callNodeTable(profile);
  const { cls, bucket } = frameClasses(profile);
  // Per call node: the call node of your function that owns it (-1: none), and the built-in it called directly.
  const owner = new Int32Array(t.count).fill(-1);
  const callee = new Int32Array(t.count).fill(-1);
  const ms = new Float64Array(profile.frames.length);
  const byCallee = new Map<number, Map<number, number>>();
  const byKind = new Map<number, Map<string, number>>();
  for (let c = 1; c < t.count; c++) {
    const f = t.frame[c];
    const p = t.parent[c];
    const kind = cls[f].kind;
    if (kind === 'user' || kind === 'dependency') {
      owner[c] = c;
      continue;
    }
    if (p < 0 || owner[p] < 0 || bucket[f] !== null) continue;
    if (owner[p] === p || callee[p] === WRAPPED) {
      // Flambé's request collector wraps fetch and socket writes: it is not what your function called, the
      // frame under it is (a socket write is Node's I/O; fetch is undici). Its own code counts for no one.
      if (isFlambeUrl(profile.frames[f].url)) {
        owner[c] = owner[p];
        callee[c] = WRAPPED;
        continue;
      }
      // The first frame under your function decides: a built-in, not Node's I/O.
      if (!isBuiltin(kind, profile.frames[f].url)) continue;
      callee[c] = f;
    } else {
      if (kind !== 'node' && kind !== 'native') continue;
      callee[c] = callee[p];
    }
    owner[c] = owner[p];
    if (t.selfMs[c] <= 0) continue;
    const fn = t.frame[owner[c]];
    ms[fn] += t.selfMs[c];
    let m = byCallee.get(fn);
    if (!m) byCallee.set(fn, (m = new Map()));
    m.set(callee[c], (m.get(callee[c]) ?? 0) + t.selfMs[c]);
    let k = byKind.get(fn);
    if (!k) byKind.set(fn, (k = new Map()));
    k.set(kind, (k.get(kind) ?? 0) + t.selfMs[c]);
  }
  const callees = new Map<number, { frame: number; ms: number }[]>();
  for (const [fn, m] of byCallee) callees.set(fn, [...m].map(([frame, v]) => ({ frame, ms: v })).sort((a, b) => b.ms - a.ms || a.frame - b.frame));
  out = { ms, callees, byKind };
  cache.set(profile, out);
  return out;
}

/** How a built-in is named in a sentence: "now in node:internal/perf/performance", or its name alone for native code. */
export function builtinName(profile: Profile, frame: number): string {
  const f = profile.frames[frame];
  return f.url ? `${f.name} in ${f.url}` : f.name;
}

/**
 * The line of a function that calls a built-in, by its text ("const line = structuredClone(item);"): the profile
 * gives the built-in a frame but not the line it was called from, and a finding about the built-in's time must
 * point at that call, not at the function's busiest line of its own code. Undefined when no hot line calls it.
 */
export function lineCalling(lines: readonly HotLine[], profile: Profile, builtin: number): HotLine | undefined {
  const name = profile.frames[builtin]?.name;
  if (!name || !/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
  const call = new RegExp(`(?:^|[^\\w$])${name}\\s*\\(`);
  return lines.find((l) => l.text !== null && call.test(l.text));
}
