// The verdict's findings: the one to three things that matter in a profile,
// as structured data — what kind of work, which function, file and line (and
// its text), how much of the time and of the busy time, CPU ms per 1 000
// requests, and what to do (advice.ts). The UI's verdict and `flambe analyze`
// / `flambe record` render the same findings to sentences (verdict-text.ts).
//
// A finding is one of:
//   - a kind of work (buckets.ts: logging, JSON, regex, sync crypto, sync fs,
//     compression), named by the function of yours that led there, at the line
//     that did it when the profile knows it;
//   - a function of yours whose own code (not JSON/regex lines, already above) is heavy,
//     with the callbacks written on its hottest line (line-callbacks.ts);
//   - a dependency package that takes a big share;
//   - garbage collection.
// Only what takes at least MIN_BUSY_PERCENT of the busy time (the profile
// minus idle) counts — FUNCTION_MIN_BUSY_PERCENT for a function's own code;
// when nothing does, `spread` says where the time is instead.
import { bottomUp, type BottomUpRow } from '../profile/views/bottom-up.ts';
import { callbackCallee, foldLineCallbacks, type FunctionWork } from './line-callbacks.ts';
import { builtinCalls, builtinName, lineCalling } from './builtin-calls.ts';
import { callbackHost, hostedName, type CallbackHost } from './callback-host.ts';
import { adviceFor, builtinsMatter, type FindingKind, type LineCallback } from './advice.ts';
import { BUCKET_IDS, BUCKET_LABELS, frameBucket, type BucketId } from '../profile/buckets.ts';
import { bucketBreakdown, categoryBreakdown, type BucketCaller } from '../profile/views/categories.ts';
import { isCpuTime, msPerThousandRequests, perRequestOf } from '../profile/cpu-time.ts';
import type { CpuAccounting } from '../recording/cpu-accounting.ts';
import { hotLines, nodeLineBuckets, type HotLine } from '../profile/lines.ts';
import { displayFile, frameLocation, type Profile } from '../profile/model.ts';
import type { RegexCheck, RegexChecker } from './regex-check.ts';
import { allocationPlace, topAllocator, type AllocationTable } from '../memory/allocations.ts';
import { hotLinePattern, type RegexPattern } from './regex-source.ts';

export type { FindingKind, LineCallback };

export const FINDING_KINDS: readonly FindingKind[] = [...BUCKET_IDS, 'function', 'dependency', 'gc'];

export interface Finding {
  kind: FindingKind;
  /** What the work is: "synchronous crypto", "your code", "the express package", "garbage collection". */
  label: string;
  /** The function of yours (or the package's heaviest function) it comes from; '' when none. */
  function: string;
  /** Its script; '' when unknown. */
  url: string;
  /** 1-based: the line that did the work when known, else the function's first line; 0 when unknown. */
  line: number;
  /** The text of that line, when the profile has it (Flambé recordings do). */
  lineText: string | null;
  /** The frame to jump to in the views; -1 when none. */
  frame: number;
  /** "server.js:41"-style location of `line`, '' when unknown. */
  location: string;
  /** When a source map gave `location` (TypeScript, a bundle): where the code ran, and that line's text. */
  generated?: { location: string; lineText: string | null };
  ms: number;
  /** Of the profile's duration. */
  percent: number;
  /** Of the time the server was busy (not idle). */
  busyPercent: number;
  /** Ms per 1 000 requests (../profile/cpu-time.ts: of CPU from the OS clock, or sampled time); null without a request count. */
  msPer1kRequests: number | null;
  /** msPer1kRequests is CPU from the OS clock; false: sampled time, said as such. */
  cpuTime?: boolean;
  advice: string;
  /** For regex findings: the pattern the line runs, when it could be read. */
  pattern: RegexPattern | null;
  /** For regex findings whose pattern is known and a checker was given: the ReDoS check. */
  regex: RegexCheck | null;
  /** With worker threads: the thread it runs on ("main thread", "worker 1 (hash-worker.js)"). */
  thread?: string;
  /**
   * For a function: its own code and the built-ins it calls directly (builtin-calls.ts), which `ms` adds up.
   * `callee` names the heaviest built-in; `ownPercent`/`builtinPercent` are of the profile's duration.
   */
  split?: { ownMs: number; ownPercent: number; builtinMs: number; builtinPercent: number; callee: string };
  /**
   * For a function: the callbacks written on its hottest line and called from it (line-callbacks.ts), which `ms`
   * adds up with its own code: the heaviest one's name and column, the call they are passed to when the line
   * says ("Array.from"), and their time together.
   */
  callback?: LineCallback;
  /** For the GC finding, when the recording sampled allocations: what the function named above allocated. */
  /** `background`: the allocator is background work (how it runs: "run by a timer every 200 ms"), whose garbage the requests' collections sweep. */
  allocates?: { bytes: number; bytesPerRequest: number | null; percent: number; memoryGrows?: boolean; background?: string };
  /** For an anonymous function of yours: the named one that passes it on (callback-host.ts), which the sentences name. */
  host?: CallbackHost;
  /** About as much as the finding before it (aboutEqual): its 0-based index there; the order of the two says nothing. */
  tieWith?: number;
  /**
   * When it is the function that allocates the most (the recording sampled allocations): the collections its garbage
   * costs, which V8 samples as "(garbage collector)", not in it — the GC's time × its share of the bytes allocated.
   * A clock around the function counts them inside it (an allocation-bound builder read ×0.40–0.74 of it without them).
   */
  gcCaused?: { ms: number; percent: number; msPer1kRequests: number | null; allocatesPercent: number };
  /** On the first finding when it is most of the busy time: the largest other parts of that time (categories.ts names). */
  busyOthers?: { name: string; busyPercent: number }[];
}

/** Where the time is when no single thing stands out. */
export interface Spread {
  /** The heaviest function (any code) by self time, in % of the busy time. */
  top: { name: string; location: string; busyPercent: number } | null;
  /** The next heaviest when within NEAR_TIE of `top`: both are named, a near tie is no winner. */
  tie?: { name: string; location: string; busyPercent: number };
  /** The heaviest categories (your code, Node internals, V8 and native…), in % of the busy time. */
  categories: { name: string; busyPercent: number }[];
  /** Background work set aside (profile/background.ts), in % of the busy time, when it is as much as a function finding needs: "nothing of yours" would then be wrong — it is of the requests' own work. */
  backgroundPercent?: number;
}

export interface FindingsResult {
  durationMs: number;
  busyMs: number;
  /** Most important first, at most MAX_FINDINGS. */
  findings: Finding[];
  /** Set when there are no findings. */
  spread: Spread | null;
}

export interface FindingsOptions {
  /** Requests served during the profile: adds ms per 1 000 requests. */
  requests?: number | null;
  /** The recording's CPU accounting: those ms are CPU from the OS clock (../profile/cpu-time.ts); absent: sampled time. */
  cpu?: CpuAccounting | null;
  /** The thread the profile is ('main thread' unless a worker's): whose CPU clock applies. */
  thread?: string;
  /** Checks hot regexes for catastrophic backtracking (regex-check.ts); without it, regex findings say nothing of it. */
  checkRegex?: RegexChecker;
  /** Which functions allocated (shared/memory/allocations.ts): the GC finding names the first of yours. */
  allocations?: AllocationTable | null;
  /** Memory grew over the burst (shared/memory/growth.ts): the collections then also work through what is kept. */
  memoryGrows?: boolean;
  /** Background work that allocated most of the bytes: the GC finding names it, not a request's small allocator. */
  backgroundGarbage?: { function: string; url: string; line: number; bytes: number; percent: number; runBy: string } | null;
  /** The machine's cores: work in a worker pool is told to add workers only while there are cores for them. */
  cores?: number | null;
}

export const MIN_BUSY_PERCENT = 5;
/** A function's own code needs more to be a finding: every server has a handler with a few % of plain work. */
export const FUNCTION_MIN_BUSY_PERCENT = 10;
export const MAX_FINDINGS = 3;
/** A function under this share of the busy time is not looked at as a callback of another finding's line. */
const CALLBACK_MIN_BUSY_PERCENT = 1;
/** Two amounts within this share of the larger one are a near tie (2 783 ms vs 2 808 ms): both are named, never one of them. */
export const NEAR_TIE = 0.05;

export function nearTie(a: number, b: number): boolean {
  const hi = Math.max(a, b);
  return hi > 0 && Math.abs(a - b) <= NEAR_TIE * hi;
}
const GC_MIN_BUSY_PERCENT = 10;

/**
 * Two findings the samples cannot order (issue 35: an HTML escaper and gzipSync, 37–40 % each, came in opposite
 * orders on two runs): a near tie, or shares closer than twice their sampling error (95 %, n samples).
 */
export function aboutEqual(aMs: number, bMs: number, durationMs: number, samples: number): boolean {
  if (nearTie(aMs, bMs)) return true;
  if (!(durationMs > 0) || samples <= 0) return false;
  const pa = aMs / durationMs;
  const pb = bMs / durationMs;
  return Math.abs(pa - pb) <= 1.96 * Math.sqrt((pa * (1 - pa) + pb * (1 - pb)) / samples);
}

// The calls that do a kind of work, to find the caller's line when frames (not lines) decided the bucket.
const CALL_OF: Partial<Record<BucketId, RegExp>> = {
  logging: /\bconsole\s*\.|\b(?:log|logger|debug)\s*[.(]|process\.std(?:out|err)\.write/,
  crypto: /\bcrypto\b|\b(?:pbkdf2|scrypt|createHash|createHmac|randomBytes|sign|verify|hash)\w*\s*\(/,
  fs: /\b\w+Sync\s*\(/,
  compression: /\bzlib\b|\b(?:gzip|gunzip|deflate|inflate|brotli\w*|unzip)\w*\s*\(/i,
  childProcess: /\b(?:execSync|execFileSync|spawnSync)\s*\(/,
};

export function findFindings(profile: Profile, opts: FindingsOptions = {}): FindingsResult {
  const durationMs = profile.durationMs;
  const categories = categoryBreakdown(profile);
  const idleMs = categories.find((c) => c.kind === 'idle')?.ms ?? 0;
  const busyMs = Math.max(0, durationMs - idleMs);
  const per = perRequestOf(opts.requests, opts.cpu, opts.thread);
  const busyPct = (ms: number) => (busyMs > 0 ? (ms / busyMs) * 100 : 0);
  const pct = (ms: number) => (durationMs > 0 ? (ms / durationMs) * 100 : 0);
  const numbers = (ms: number) => ({ ms, percent: pct(ms), busyPercent: busyPct(ms), msPer1kRequests: per ? msPerThousandRequests(ms, per) : null, cpuTime: isCpuTime(per) });
  // A synchronous child process blocks the thread without running it: its figure is the wall time the loop waited, never CPU.
  const waitNumbers = (ms: number) => ({ ...numbers(ms), msPer1kRequests: per ? msPerThousandRequests(ms, { ...per, cpuPerSampledMs: null }) : null, cpuTime: false });
  const counts = (ms: number) => busyMs > 0 && busyPct(ms) >= MIN_BUSY_PERCENT;
  const out: Finding[] = [];

  for (const b of bucketBreakdown(profile)) {
    if (!counts(b.ms)) continue;
    const where = callerPlace(profile, b.id, b.callers.find((c) => c.frame >= 0));
    const pattern = b.id === 'regex' && where.lineText !== null ? hotLinePattern(profile, where.url, where.line) : null;
    const regex = pattern && opts.checkRegex ? opts.checkRegex(pattern) : null;
    out.push({
      kind: b.id, label: BUCKET_LABELS[b.id], ...where, ...(b.id === 'childProcess' ? waitNumbers(b.ms) : numbers(b.ms)), pattern, regex,
      advice: adviceFor(b.id, { name: where.function, url: where.url, lineText: where.lineText, regex }),
    });
  }

  // Your functions' own code, less the JSON/regex lines a bucket already counted, plus the built-ins they call directly.
  const builtins = builtinCalls(profile);
  const lineWork = new Float64Array(profile.frames.length);
  for (const [node, list] of nodeLineBuckets(profile)) for (const w of list) lineWork[profile.nodeFrame[node]] += w.ms;
  const rows = bottomUp(profile, { by: 'function' });
  const work: (Omit<FunctionWork, 'hot'> & { row: BottomUpRow; own: number; inBuiltins: number; hot(): HotLine | undefined })[] = [];
  for (const r of rows) {
    if (r.category !== 'user' || busyMs <= 0) continue;
    const own = r.selfMs - lineWork[r.frame];
    const inBuiltins = builtins.ms[r.frame];
    // Under this share a function is neither a finding nor a callback that changes one.
    if (busyPct(own + inBuiltins) < CALLBACK_MIN_BUSY_PERCENT) continue;
    // Hot lines read a pass over the profile: only for the functions that need them (a finding, a callback's host).
    let hot: HotLine | undefined | null = null;
    work.push({ frame: r.frame, ms: own + inBuiltins, row: r, own, inBuiltins, hot: () => (hot === null ? (hot = hotLines(profile, r.frame).find((l) => l.bucket === null)) : hot) });
  }
  // One line, one finding: a callback written on a function's hottest line is counted with it (line-callbacks.ts).
  for (const { fn, callbacks, passed } of foldLineCallbacks(profile, work)) {
    const { row: r, own, inBuiltins } = fn;
    const callbackMs = callbacks.reduce((sum, c) => sum + c.ms, 0);
    if (busyPct(own + inBuiltins + callbackMs) < FUNCTION_MIN_BUSY_PERCENT) continue;
    const callee = builtins.callees.get(r.frame)?.[0];
    const split = { ownMs: own, ownPercent: pct(own), builtinMs: inBuiltins, builtinPercent: pct(inBuiltins), callee: callee ? builtinName(profile, callee.frame) : '' };
    // When the built-ins are the time, the line to show is the one that calls the heaviest (issue 35).
    const hot = (callee && builtinsMatter(split) && callbacks.length === 0 ? lineCalling(hotLines(profile, r.frame), profile, callee.frame) : undefined) ?? fn.hot();
    const url = hot?.url ?? r.url;
    const line = hot?.line ?? r.line;
    const callback = callbacks.length > 0 ? {
      function: callbacks[0].row.name, column: profile.frames[callbacks[0].frame].column,
      callee: passed ? callbackHost(profile, callbacks[0].frame)?.via || null : callbackCallee(hot?.text ?? null),
      ms: callbackMs, percent: pct(callbackMs), count: callbacks.length, ...(passed ? { passed: true } : {}),
    } : undefined;
    out.push({
      kind: 'function', label: 'your code', function: r.name, url, line, lineText: hot?.text ?? null, frame: r.frame,
      location: url ? frameLocation({ ...profile.frames[r.frame], url, line }) : '', ...generatedOf(hot), ...numbers(own + inBuiltins + callbackMs), pattern: null, regex: null,
      advice: adviceFor('function', { name: hostedName(r.name, callbackHost(profile, r.frame)), split, callback, lineText: hot?.text ?? null, framed: (n) => profile.frames.some((f) => f.name === n) }),
      split, ...(callback ? { callback } : {}),
    });
  }

  const dependency = categories.find((c) => c.kind === 'dependency');
  // Its lines that a kind of work counted (fastify's serialize: `return JSON.stringify(data)`) are that finding's, not the package's too.
  const dependencyMs = dependency ? dependency.ms - rows.reduce((sum, r) => sum + (r.category === 'dependency' && r.categoryName === dependency.name ? lineWork[r.frame] : 0), 0) : 0;
  // With the built-ins its functions call (builtin-calls.ts): a package's share says what it costs, not its own frames alone.
  const packageBuiltinMs = dependency ? rows.reduce((sum, r) => sum + (r.category === 'dependency' && r.categoryName === dependency.name ? builtins.ms[r.frame] : 0), 0) : 0;
  if (dependency && counts(dependencyMs + packageBuiltinMs)) {
    const heaviest = rows.find((r) => r.category === 'dependency' && r.categoryName === dependency.name);
    // A logging or JSON package is already a kind of work above.
    if (!heaviest || frameBucket(profile.frames[heaviest.frame]) === null) {
      const split = { ownMs: dependencyMs, ownPercent: pct(dependencyMs), builtinMs: packageBuiltinMs, builtinPercent: pct(packageBuiltinMs), callee: '' };
      out.push({
        kind: 'dependency', label: `the ${dependency.name} package`, function: heaviest?.name ?? '', url: heaviest?.url ?? '', line: heaviest?.line ?? 0,
        lineText: null, frame: heaviest?.frame ?? -1, location: heaviest?.location ?? '', ...numbers(dependencyMs + packageBuiltinMs), pattern: null, regex: null,
        advice: adviceFor('dependency', { name: dependency.name }), ...(packageBuiltinMs > 0 ? { split } : {}),
      });
    }
  }

  const gc = categories.find((c) => c.kind === 'gc');
  if (gc && busyPct(gc.ms) >= GC_MIN_BUSY_PERCENT) {
    const bg = opts.backgroundGarbage ?? null;
    const allocator = bg ? null : opts.allocations ? topAllocator(opts.allocations) : null;
    const where: Place = bg
      ? { function: bg.function, url: bg.url, line: bg.line, lineText: null, frame: frameOf(profile, { function: bg.function, url: bg.url, line: bg.line }), location: bg.url ? `${bg.url}:${bg.line}` : '' }
      : allocator
      ? { function: allocator.function, url: allocator.url, line: allocator.line, lineText: null, frame: frameOf(profile, allocator), location: allocationPlace(allocator) }
      : { function: '', url: '', line: 0, lineText: null, frame: -1, location: '' };
    out.push({
      kind: 'gc', label: 'garbage collection', ...where, ...numbers(gc.ms), pattern: null, regex: null,
      advice: adviceFor('gc', { memoryGrows: opts.memoryGrows }),
      ...(allocator ? { allocates: { bytes: allocator.bytes, bytesPerRequest: allocator.bytesPerRequest, percent: allocator.percent, ...(opts.memoryGrows ? { memoryGrows: true } : {}) } } : {}),
      ...(bg ? { allocates: { bytes: bg.bytes, bytesPerRequest: null, percent: bg.percent, background: bg.runBy, ...(opts.memoryGrows ? { memoryGrows: true } : {}) } } : {}),
    });
  }

  withGcCaused(profile, out, gc?.ms ?? 0, opts.backgroundGarbage ? null : opts.allocations ? topAllocator(opts.allocations) : null, numbers);
  out.sort((a, b) => b.ms - a.ms);
  // A finding in a near tie with the last one shown is shown too.
  let shown = Math.min(out.length, MAX_FINDINGS);
  while (shown < out.length && nearTie(out[shown].ms, out[shown - 1].ms)) shown++;
  const findings = out.slice(0, shown);
  for (const f of findings) {
    const host = f.frame >= 0 && (f.kind === 'function' || BUCKET_IDS.includes(f.kind as BucketId)) ? callbackHost(profile, f.frame) : null;
    if (host) f.host = host;
  }
  if (findings[0]) withBusyOthers(findings[0], categories, builtins.byKind.get(findings[0].frame), busyPct);
  for (let i = 1; i < findings.length; i++) if (aboutEqual(findings[i].ms, findings[i - 1].ms, durationMs, profile.samples.length)) findings[i].tieWith = i - 1;
  let spread: Spread | null = null;
  if (findings.length === 0 && busyMs > 0) {
    const [top, next] = rows.filter((r) => r.category !== 'idle' && r.kind !== 'program' && r.selfMs > 0);
    spread = {
      top: top ? { name: top.name, location: top.location, busyPercent: busyPct(top.selfMs) } : null,
      ...(top && next && nearTie(top.selfMs, next.selfMs) ? { tie: { name: next.name, location: next.location, busyPercent: busyPct(next.selfMs) } } : {}),
      categories: categories.filter((c) => c.kind !== 'idle').slice(0, 4).map((c) => ({ name: c.name, busyPercent: busyPct(c.ms) })),
    };
    const background = categories.find((c) => c.id === 'background');
    // Only background work that a function of yours could be behind (as much as a finding would need) changes the lead.
    if (background && busyPct(background.ms) >= FUNCTION_MIN_BUSY_PERCENT) spread.backgroundPercent = busyPct(background.ms);
  }
  return { durationMs, busyMs, findings, spread };
}

/** The top allocator's finding (the same frame) gets the collections its garbage costs: GC × its share of the bytes. */
function withGcCaused(profile: Profile, out: Finding[], gcMs: number, allocator: ReturnType<typeof topAllocator>, numbers: (ms: number) => Pick<Finding, 'percent' | 'msPer1kRequests'>): void {
  if (!allocator || gcMs <= 0) return;
  const frame = frameOf(profile, allocator);
  const f = frame >= 0 ? out.find((x) => x.frame === frame && x.kind !== 'gc' && x.kind !== 'dependency') : undefined;
  if (!f) return;
  const ms = gcMs * (allocator.percent / 100);
  const { percent, msPer1kRequests } = numbers(ms);
  f.gcCaused = { ms, percent, msPer1kRequests, allocatesPercent: allocator.percent };
}

/** A finding that is most of the busy time: its share counts its own work, and the rest is named (issue 31: "84 %" read as "16 % missing"). */
const BUSY_OTHERS_FROM = 50;
function withBusyOthers(f: Finding, categories: ReturnType<typeof categoryBreakdown>, builtinsByKind: ReadonlyMap<string, number> | undefined, busyPct: (ms: number) => number): void {
  // A kind of work spans categories (JSON is Node's and V8's code called from yours): only a function's is taken apart.
  if (f.kind !== 'function' || f.busyPercent < BUSY_OTHERS_FROM) return;
  // Its own code and its callbacks are your code's category, the built-ins it calls Node's or V8's: what is left of each is another part.
  const counted = new Map<string, number>(builtinsByKind);
  counted.set('user', (f.split?.ownMs ?? f.ms) + (f.callback?.ms ?? 0));
  const others = categories.filter((c) => c.kind !== 'idle' && c.kind !== 'dependency').map((c) => ({ name: c.name, ms: c.ms - (counted.get(c.kind) ?? 0) }))
    .filter((c) => busyPct(c.ms) >= 1).sort((a, b) => b.ms - a.ms).slice(0, 3);
  if (others.length > 0) f.busyOthers = others.map((c) => ({ name: c.name, busyPercent: busyPct(c.ms) }));
}

/** The CPU profile's frame of a function the allocation profile names (the views jump to it); -1 when the CPU profile never saw it run. */
function frameOf(profile: Profile, f: { function: string; url: string; line: number }): number {
  // The CPU profile names a CommonJS script by its file:// URL, the heap profile by its path: the same file either way.
  const file = displayFile(f.url);
  return profile.frames.findIndex((fr) => fr.name === f.function && fr.line === f.line && displayFile(fr.url) === file);
}

type Place = Pick<Finding, 'function' | 'url' | 'line' | 'lineText' | 'frame' | 'location' | 'generated'>;

/** A hot line's generated location, as a finding keeps it ("dist/work.js:17"). */
function generatedOf(hot: HotLine | undefined): Pick<Finding, 'generated'> {
  return hot?.generated ? { generated: { location: frameLocation({ name: '', url: hot.generated.url, line: hot.generated.line, column: 0, kind: 'js' }), lineText: hot.generated.text } } : {};
}

/** The caller's function and the line that did the work: the line a bucket counted, or the caller's hot line that makes such a call. */
function callerPlace(profile: Profile, bucket: BucketId, caller: BucketCaller | undefined): Place {
  if (!caller) return { function: '', url: '', line: 0, lineText: null, frame: -1, location: '' };
  const frame = profile.frames[caller.frame];
  if (caller.line) {
    const { url, line } = caller.line;
    const hot = frame.generated ? hotLines(profile, caller.frame).find((l) => l.url === url && l.line === line) : undefined;
    return { function: caller.name, url, line, lineText: caller.line.text, frame: caller.frame, location: caller.line.location, ...generatedOf(hot) };
  }
  const call = CALL_OF[bucket];
  const hot = call ? hotLines(profile, caller.frame).find((l) => l.text !== null && call.test(l.text)) : undefined;
  const url = hot?.url ?? frame.url;
  const line = hot?.line ?? frame.line;
  return {
    function: caller.name, url, line, lineText: hot?.text?.trim() ?? null, frame: caller.frame,
    location: url ? frameLocation({ ...frame, url, line }) : '', ...generatedOf(hot),
  };
}
