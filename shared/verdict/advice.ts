// What to do about each kind of finding: specific to the work, in words a
// student can act on. The verdict (findings.ts) picks; this says.
import type { BucketId } from '../profile/buckets.ts';
import { regexCheckSentence, type RegexCheck } from './regex-check.ts';
import { scanLine } from '../profile/line-scan.ts';
import { packageName } from '../profile/classify.ts';

/** A function's time: its own code and the built-ins it calls directly (findings.ts). */
export interface FunctionSplit { ownMs: number; builtinMs: number; callee: string }

/** The callbacks written on a function's hottest line and called from it (findings.ts, line-callbacks.ts). */
export interface LineCallback {
  function: string;
  /** 1-based column of the heaviest one; 0 when unknown. */
  column: number;
  /** The call they are passed to, when the line says ("Array.from", "items.map"); null otherwise. */
  callee: string | null;
  ms: number;
  /** Of the profile's duration. */
  percent: number;
  count: number;
  /** Not written on its hottest line: anonymous functions it passes on (line-callbacks.ts), over lines of their own. */
  passed?: boolean;
}

/** Built-in time at least this share of the own code's: "not in what it calls" would be wrong. */
const OWN_ONLY = 0.1;

/** Whether a function's built-ins are worth naming beside its own code (the headline and the advice agree on it). */
export function builtinsMatter(split: FunctionSplit | undefined): boolean {
  return !!split && split.builtinMs > 0 && split.builtinMs >= OWN_ONLY * split.ownMs;
}

/** A built-in that reads the clock: called in a loop, it is a busy-wait. */
const CLOCK_CALL = /^(?:now|hrtime|bigint|Date|getTime|DateNow|valueOf) in |^(?:now|hrtime|Date)$/;
/** A built-in of node:buffer (Buffer.alloc, Buffer.from, Buffer.concat…): making and filling Buffers. */
const BUFFER_CALL = /\bin (?:node:)?buffer$|^(?:alloc|allocUnsafe|allocUnsafeSlow)$/;
/** A built-in that deep-copies a value (structuredClone; v8.serialize/deserialize is the same copy): every nested field, each call. */
const CLONE_CALL = /^structuredClone\b|^(?:serialize|deserialize) in (?:node:)?v8$/;
/** A built-in of an outbound call (fetch is undici inside Node; web streams read its body). */
const CALL_CALL = /^fetch\b|undici|internal\/webstreams|internal\/deps\/(?:undici|llhttp)/;

/** What the built-in time is, so the advice fits it: a clock polled, an outbound call's own CPU, or anything else. */
function functionCallsAdvice(name: string, split: FunctionSplit): string {
  const where = split.builtinMs >= split.ownMs ? 'Most of it is' : 'Part of it is';
  const callee = split.callee ? ` — the heaviest is ${split.callee}` : '';
  const lead = `${where} in the built-ins ${name} calls directly${callee}, not in its own lines.`;
  if (CALL_CALL.test(split.callee)) {
    return `${lead} That is the CPU of making the call — building the request, reading and parsing the answer — not the wait for it (where each request's time went says how long that took): `
      + 'make fewer calls per request (one call for many items), keep and reuse answers that do not change, and read only the part of the answer you need.';
  }
  if (CLOCK_CALL.test(split.callee)) {
    return `${lead} A loop that polls the clock (a busy-wait) holds the event loop: wait with a timer or an await instead.`;
  }
  if (CLONE_CALL.test(split.callee)) {
    return `${lead} A deep copy walks and rebuilds every nested field on each call — on a line run once per item, once per item: `
      + 'copy only what changes ({ ...item, price }), or clone once (outside the loop) instead of per item.';
  }
  if (BUFFER_CALL.test(split.callee)) {
    return `${lead} That is the work of making and filling Buffers: allocate less per request — reuse one buffer, make a constant one once at start-up, `
      + 'or stream instead of building the whole answer in memory.';
  }
  return `${lead} Look at why it calls them so often (its hot lines in Bottom-up): a call whose result could be computed once and kept; `
    + 'or, when it reads the clock or a value in a loop, a busy-wait that holds the event loop — wait with a timer or an await instead.';
}

/** A line whose time is a callback run once per item (Array.from, map, forEach, reduce…) and the code around it. */
function lineCallbackAdvice(name: string, cb: LineCallback, lineText: string): string {
  if (cb.passed) {
    const parses = PARSES_TEXT.test(lineText) ? ` Its hottest line parses text by hand (${parsedWith(lineText)}): parse once and keep the rows when the text does not change, parse only the columns you use, or stream it (a CSV parser such as csv-parse reads it row by row).` : '';
    return `The time is in ${name} and the callback it passes on${cb.callee ? ` to ${cb.callee}` : ''}, which runs once per item.${parses || ' Build fewer items per request, keep what can be built once at start-up, or do less for each item.'}`;
  }
  const passed = cb.callee ? `the callback passed to ${cb.callee}` : 'the callback written there';
  return `The time is on one line of ${name}: its own code and ${passed}, which runs once per item. `
    + 'Build fewer items per request (paginate, or send only what the client needs), keep what can be built once at start-up, or do less for each item.';
}

/** A line that parses text by hand: splits it, and converts the pieces. */
const PARSES_TEXT = /\.\s*split\s*\(|\b(?:Number|parseInt|parseFloat)\s*\(/;
/** A call of an array method that runs a callback per item, on the line itself. */
const PER_ITEM_CALL = /\.\s*(?:filter|some|every|map|flatMap|forEach|find|findIndex|reduce)\s*\(\s*(?:\(?[\w$,\s{}[\]]*\)?\s*=>|function\b)/;

/** JSON written inside the callback of a per-item call on the line (after it: JSON.stringify(items.map(…)) is one big list). */
function jsonPerItem(line: string): boolean {
  const m = PER_ITEM_CALL.exec(line);
  return !!m && /\bJSON\s*\./.test(line.slice(m.index));
}

/** What a text-parsing line calls, for the advice: "split, Number". */
function parsedWith(line: string): string {
  const calls = [...new Set([...line.matchAll(/\.\s*(split)\s*\(|\b(Number|parseInt|parseFloat)\s*\(/g)].map((m) => m[1] ?? m[2]))];
  return calls.join(', ');
}

/** A regex literal that matches plain text: no class, group, quantifier, anchor or alternation (/&/g, /\.json$/ is not). */
const PLAIN_LITERAL = /^\/(?:[^\\[\]()*+?{}|^$.]|\\[^dDwWsSbB\d])+\/[dgimsuyv]*$/;

/**
 * What to do about a hot regex line, checked against the line (issue 35): a literal is compiled once already,
 * so "compile it once" fits only a pattern built per call (new RegExp); a chain of .replace(/x/g, …) over plain
 * characters walks the whole text once per call — one pass does the job.
 */
function regexLineAdvice(line: string): string {
  const literals = scanLine(line).regexLiterals;
  const replaces = (line.match(/\.\s*replace(?:All)?\s*\(/g) ?? []).length;
  if (literals.length > 1 && replaces > 1 && literals.every((l) => PLAIN_LITERAL.test(l))) {
    return `The patterns are literals of plain characters (V8 compiles each once), but the line runs ${replaces} .replace calls: each walks the whole text again and builds a new string. `
      + 'Replace in one pass — one pattern and a lookup, s.replace(/[&<>"\']/g, (c) => map[c]) — or do it less often (keep the escaped text when it does not change).';
  }
  const compile = literals.length > 0 ? '' : 'Compile the pattern once (outside the handler), ';
  return `${compile}${compile ? 'try' : 'Try'} a plain string method (startsWith, includes, indexOf) where it does the job, and check the pattern for nested quantifiers.`;
}

/**
 * The crypto in an Express app that calls none: its automatic ETag (res.send hashes every body with sha1 through the
 * etag package). An unseen NestJS-on-Express catalog was told "pbkdf2Sync … fewer iterations" for it.
 */
const ETAG_ADVICE = 'This is Express\'s automatic ETag: for every response it hashes the whole body (sha1, in the etag package) so a client can reuse '
  + 'what it has. For big responses, turn it off (app.set(\'etag\', false)) or set a cheap one yourself (a version number of the data), or send smaller bodies (pagination).';

/** What a finding is about: a kind of work (buckets.ts), a function, a dependency, or garbage collection. */
export type FindingKind = BucketId | 'function' | 'dependency' | 'gc';

/** The advice for a finding of `kind`; `lineText` and `regex` make it specific when known. */
export function adviceFor(kind: FindingKind, detail: {
  name?: string; url?: string; lineText?: string | null; regex?: RegexCheck | null; split?: FunctionSplit; callback?: LineCallback; memoryGrows?: boolean;
  /** Whether the profile has a frame of this function: one called on the hot line and never seen ran inlined. */
  framed?: (name: string) => boolean;
} = {}): string {
  const line = detail.lineText ?? '';
  switch (kind) {
    case 'logging':
      // To a pipe Node writes asynchronously; to a terminal or a file synchronously (the Output line says which it was).
      return 'console.log formats every line on the event loop, and to a terminal or a file it also writes it synchronously: every request pays for it. '
        + 'Log less per request (one line per request, not one per step; no objects dumped), or use an asynchronous logger such as pino.';
    case 'crypto':
      if (detail.url && packageName(detail.url) === 'etag') return ETAG_ADVICE;
      return 'Synchronous crypto (pbkdf2Sync, scryptSync, hashing big data) blocks the event loop while it runs. '
        + 'Use the asynchronous API (crypto.pbkdf2 with a callback, or util.promisify), fewer iterations where that is safe, or a worker thread.';
    case 'json':
      // JSON called in a callback per item (records.filter((r) => … JSON.stringify(v) …)) is small values many times, not one big object.
      if (jsonPerItem(line)) {
        return 'JSON runs here once per item of a list, on every request: it is not one big object but many small ones. '
          + 'Compare the fields themselves instead of their JSON text, or build what you search or compare (a lower-cased text per record) once, when the data changes, and keep it.';
      }
      return /\bJSON\s*\.\s*parse\b/.test(line)
        ? 'Parsing big JSON on every request blocks the event loop. Parse it once and keep the result, limit the size of request bodies, or stream-parse large inputs.'
        : 'Serialising a big object on every request blocks the event loop. Cache the serialised string when the data changes rarely, '
          + 'send only what the client needs (pagination), stream it, or use a schema-based serializer such as fast-json-stringify.';
    case 'regex':
      if (detail.regex?.status === 'vulnerable') {
        return `${regexCheckSentence(detail.regex)} Rewrite it without nested or overlapping quantifiers (e.g. (a+)+ → a+), limit the input's length before matching, or use a linear-time engine such as re2.`;
      }
      return `${detail.regex ? `${regexCheckSentence(detail.regex)} ` : ''}${regexLineAdvice(line)}`;
    case 'compression':
      return "zlib's *Sync functions block the event loop. Use the asynchronous zlib (zlib.gzip with a callback, or a stream), "
        + 'compress a response that does not change once and keep it, or let the proxy in front (nginx, a CDN) compress.';
    case 'fs':
      return 'Synchronous file access on every request blocks the event loop while the disk answers. '
        + 'Read the file once at start-up and keep it in memory, or use fs.promises (readFile) when it must be read each time.';
    case 'childProcess':
      return 'A child process run synchronously (execSync, spawnSync, execFileSync) holds the event loop until the program ends: no other request is served meanwhile. '
        + 'Run it once at start-up and keep the answer, or use the asynchronous execFile (with a callback, or util.promisify).';
    case 'function':
      if (detail.callback) return lineCallbackAdvice(detail.name ?? 'this function', detail.callback, line);
      if (detail.split && builtinsMatter(detail.split)) return functionCallsAdvice(detail.name ?? 'this function', detail.split);
      if (PARSES_TEXT.test(line)) {
        // Checked against the line (issue 35): a CSV parser's split and Number is parsing text, not "a loop over many items".
        return `The time is in ${detail.name ?? 'this function'}'s own code, and its hottest line parses text by hand (${parsedWith(line)}): `
          + 'every request splits and converts the same kind of text again. Parse once and keep the rows when the text does not change, '
          + 'parse only the columns you use, or stream it (a CSV parser such as csv-parse reads it row by row).';
      }
      {
        // A function the profile never saw running on its own: its time is the caller's, compiled into it.
        const callee = calledFunction(line);
        if (callee && detail.framed && !detail.framed(callee)) return inlinedCallAdvice(detail.name ?? 'this function', callee);
      }
      return `The time is in ${detail.name ?? 'this function'}'s own code, not in what it calls. Look at its hot lines (Bottom-up): a loop over many items, `
        + 'work that could be done once at start-up and kept, or an algorithm that does more than it needs.';
    case 'dependency':
      return `Most of this time is inside the ${detail.name ?? ''} package. Check how you call it (options, work repeated per request that could be done once), `
        + 'and whether a lighter package or a cache in front of it would do.';
    case 'gc':
      // Memory that grows makes every full collection mark more: what is kept is the fix, not short-lived garbage (the memory finding says which memory).
      if (detail.memoryGrows) {
        return 'Find what the server keeps and never lets go — a cache, Map, array or session store that only grows, listeners or timers added per request — '
          + 'and bound it (a size limit, an expiry, removal when done): every full garbage collection has to go through all of it.';
      }
      return 'The server creates many short-lived objects. Avoid copying big strings and arrays per request, reuse buffers, '
        + 'and build large responses once; the heap timeline shows how fast memory is churned.';
  }
}

/** Globals a line may call that are no function of the app's. */
const GLOBAL_CALLS = new Set(['require', 'parseInt', 'parseFloat', 'Number', 'String', 'Boolean', 'Array', 'Object', 'Date', 'Math', 'JSON', 'Promise',
  'Symbol', 'BigInt', 'RegExp', 'Error', 'encodeURIComponent', 'decodeURIComponent', 'encodeURI', 'decodeURI', 'isNaN', 'isFinite', 'setTimeout',
  'setImmediate', 'setInterval', 'queueMicrotask', 'structuredClone', 'fetch', 'Buffer', 'Map', 'Set', 'WeakMap', 'URL', 'await', 'if', 'for', 'while',
  'switch', 'return', 'typeof', 'function', 'catch', 'super', 'import']);

/**
 * The function of the app's that a hot line calls by name ("const html = renderComments(comments)" → "renderComments"),
 * null when it calls none (a method, a global, a keyword). Only a line that is one such call: its time in the caller's
 * own code is that function's, compiled into the caller.
 */
function calledFunction(line: string): string | null {
  const calls = [...line.matchAll(/(^|[^.\w$])([A-Za-z_$][\w$]*)\s*\(/g)].map((m) => m[2]).filter((n) => !GLOBAL_CALLS.has(n));
  return calls.length === 1 && !/\b(for|while)\b/.test(line) ? calls[0] : null;
}

/**
 * "page's own code" on a line that calls renderComments: V8 inlined the callee (compiled it into the caller), so the
 * profile has no frame of it and its time is the caller's own — an unseen TypeScript server read "The time is in
 * page's own code, not in what it calls" on `const html = renderComments(…)`.
 */
function inlinedCallAdvice(name: string, callee: string): string {
  return `The hottest line of ${name} calls ${callee}(): V8 compiled ${callee} into ${name} for speed (inlined it), so its time shows as ${name}'s own. `
    + `Look at ${callee}: a loop over many items, work that could be done once at start-up and kept, or an algorithm that does more than it needs.`;
}

/**
 * How a saturated worker pool's advice ends: more workers help only while
 * there are cores for them. With as many workers as cores (2 workers on a
 * 2-core machine) "add workers" would only make them share the cores.
 */
export function moreWorkersClause(workers: number, cores: number | null): string {
  if (cores === null) return ', or add workers (up to the number of cores)';
  if (workers >= cores) return ` — ${workers} workers already have this machine's ${cores} cores: more would only share them`;
  return `, or add workers (up to this machine's ${cores} cores)`;
}
