// Lines: where inside a function its time went, and what those lines say.
//
// V8 gives builtins such as JSON.parse, JSON.stringify and RegExp.prototype.test
// no frame of their own in a CPU profile: their time is the self time of the
// JavaScript function that called them. But V8 also records, per node, on
// which line of the script each sample was (positionTicks) — for a builtin,
// the line that called it. A recording reads the text of its hot lines from
// the target (the recorder asks the inspector for the scripts' sources) and
// stores it in the profile; from there:
//
//   jsonRoute  self 1022 ms   line 37  5640 ticks  send(res, 200, 'application/json', JSON.stringify(catalogue));
//                                                   └── calls JSON.stringify: the JSON bucket gets those 1022 ms
//
// A node's self time is split between its lines in proportion to their ticks
// (positionTicks count samples; weights vary a little between samples, so
// this is the exact split of the samples, spread over their mean weight).
//
// What a line's text says is read by lineBucket(): a call of JSON.parse or
// JSON.stringify is JSON; a regular expression at work (a regex literal, new
// RegExp, .test/.exec/.match/.matchAll with an argument, or a regex passed to
// .replace/.split/.search) is regular expressions — but a split on a simple
// separator (`split(/\s+/)`) is string work, and so is V8's compiled code of
// that pattern when the hot lines use it only so. A line that does both counts
// as JSON. Strings are read as strings ('/regex' is a path), and only the lines
// of your code and your dependencies count: Node's own lines are Node's work.
import { callNodeTable, nodeSelfTimes } from './call-nodes.ts';
import { frameClasses } from './frame-classes.ts';
import { isCut, MAX_LINE_TEXT, scanLine, storedLineText } from './line-scan.ts';
import type { BucketId } from './buckets.ts';
import { classifyFrame } from './classify.ts';
import { sourceLineKey, type Frame, type Profile } from './model.ts';
import { functionLineKey } from './original-frames.ts';
import type { SourceLines } from '../recording/profile-extras.ts';

export { MAX_LINE_TEXT, storedLineText } from './line-scan.ts';

/**
 * The hot-line texts of a profile file. They are hints, not numbers: an entry
 * that is not { url: { line: text } } is skipped, never a reason to refuse a profile.
 */
export function readSourceLines(value: unknown): Map<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out = new Map<string, string>();
  for (const [url, lines] of Object.entries(value)) {
    if (typeof lines !== 'object' || lines === null || Array.isArray(lines)) continue;
    for (const [key, text] of Object.entries(lines)) {
      const line = Number(key);
      if (typeof text === 'string' && Number.isInteger(line) && line > 0) out.set(sourceLineKey(url, line), text.length > MAX_LINE_TEXT ? storedLineText(text) : text);
    }
  }
  return out.size > 0 ? out : undefined;
}

/** The hot-line texts as a profile's sourceLines addition (readSourceLines reads it back). */
export function writeSourceLines(lines: ReadonlyMap<string, string>): SourceLines {
  const out: SourceLines = {};
  for (const [key, text] of lines) {
    const cut = key.indexOf('\u0000');
    (out[key.slice(cut + 1)] ??= {})[key.slice(0, cut)] = text;
  }
  return out;
}

const JSON_CALL = /\bJSON\s*\.\s*(?:parse|stringify)\s*\(/;
const REGEX_CONSTRUCTOR = /\bRegExp\s*\(/;
// Regex methods, called with an argument: .test(s), .exec(s), .match(re), .matchAll(re).
// `.exec(` is also a query's (mongoose's `.exec()`, no argument), a database's
// or a shell's (left out by their receiver). `.search(` is left to the literal
// rule: search indexes have `.search(query)` too.
const REGEX_METHOD = /\.\s*(?:test|match|matchAll)\s*\(\s*[^\s)]|(?<!\b(?:db|sql|database|conn|connection|client|pool|shell|cp|childProcess|child_process|stmt|statement|redis|multi|pipeline|tx|transaction))\.\s*exec\s*\(\s*[^\s)]/;

/** What a line's text can put its own ticks in. */
export type LineBucket = Extract<BucketId, 'json' | 'regex' | 'logging'>;

const CONSOLE_CALL = /\bconsole\s*\.\s*(?:log|info|warn|error|debug|trace|dir|table)\s*\(/;

/** The bucket a line's own work belongs to, from its text: 'logging' (a console.* call), 'json', 'regex' or null. */
export function lineBucket(text: string): LineBucket | null {
  if (isCut(text)) return null;
  const { code, regexLiterals, splitSeparators } = scanLine(text);
  // Building a console.* call's arguments (a template string, a Date, a JSON.stringify) is what the logging costs
  // before console's own frames start: the line is logging, as a logger that stringifies is (buckets.ts).
  if (CONSOLE_CALL.test(code)) return 'logging';
  if (JSON_CALL.test(code)) return 'json';
  // A split on a simple separator is string work (isSplitSeparator): only the line's other patterns count.
  if (regexLiterals.length > splitSeparators.length || REGEX_METHOD.test(code) || REGEX_CONSTRUCTOR.test(code)) return 'regex';
  return null;
}

const LOGGING_CALL = /\bconsole\s*\.\s*\w+\s*\(|\b(?:log|logger)\s*\.\s*\w+\s*\(/;

/**
 * A one-line guarded statement — `if (cond) body`, `cond && body` — split in
 * its condition and its body (as code, strings dropped); null for any other line.
 */
export function guardedStatement(text: string): { condition: string; body: string } | null {
  const { code } = scanLine(text);
  const m = /^\s*(?:\}\s*else\s+)?if\s*\(/.exec(code);
  if (m) {
    let depth = 1;
    for (let i = m[0].length; i < code.length; i++) {
      if (code[i] === '(') depth++;
      else if (code[i] === ')' && --depth === 0) {
        const body = code.slice(i + 1).trim();
        return body && body !== '{' ? { condition: code.slice(m[0].length, i), body } : null;
      }
    }
    return null;
  }
  const and = /^\s*([^=;]*?)\s*&&\s*(.+)$/.exec(code);
  return and && LOGGING_CALL.test(and[2]) ? { condition: and[1], body: and[2] } : null;
}

/**
 * The bucket of a line's own ticks, where the line is a guarded statement whose
 * body logs: the body ran only when the function's node called the logger
 * (`bodyLogged`); else every tick of the line was its condition's
 * (`if (process.env.LOG === '1') console.log(JSON.stringify(req.headers))`
 * with LOG unset spends its ticks reading process.env, not in JSON). A guarded
 * body that makes no call of its own leaves no trace: the whole line decides.
 */
export function guardedLineBucket(text: string, bodyLogged: boolean): LineBucket | null {
  const g = guardedStatement(text);
  if (!g || isCut(text) || bodyLogged || !LOGGING_CALL.test(g.body)) return lineBucket(text);
  return lineBucket(g.condition);
}

/** The text of a line, if the profile has it. */
export function sourceLineText(profile: Profile, url: string, line: number): string | undefined {
  return profile.sourceLines?.get(sourceLineKey(url, line));
}

export interface NodeLineShare {
  node: number;
  /** The file of the line as shown: the frame's file, or the generated script's for a line of mapped code no map names. */
  url: string;
  /** The line as shown: in the frame's file (the original file when a source map mapped it). */
  line: number;
  /** The line V8 reported, in the script that ran, when a source map moved it (original-frames.ts). */
  generatedLine?: number;
  ms: number;
}

const sharesCache = new WeakMap<Profile, NodeLineShare[]>();

/**
 * The file and line a generated line (V8's positionTicks) stands for: the
 * original line when the recording mapped it into the very file the frame
 * shows (line by line, or function by function for a line that holds many);
 * else the line of the script that ran (for a mapped frame, its generated
 * script: never a generated number under an original file's name). Null when
 * the script that ran has the original file's very name (tsx runs a .ts file
 * as one line under the .ts name) and the line could not be placed: which of
 * the function's lines took the time is unknown, and line 2 of the .ts file
 * is not it.
 */
export function shownLine(profile: Profile, frame: Frame, generatedLine: number): { url: string; line: number } | null {
  const ran = frame.generated?.url ?? frame.url;
  const o = profile.originalLines?.get(sourceLineKey(ran, generatedLine))
    ?? (frame.generated ? profile.originalLines?.get(functionLineKey(ran, generatedLine, frame.generated.column)) : undefined);
  if (o && o[0] === frame.url) return { url: o[0], line: o[1] };
  if (frame.generated && ran === frame.url) return null;
  return { url: ran, line: generatedLine };
}

/** Every node's self time split between its lines (nodes without positionTicks or self time are left out). */
export function nodeLineShares(profile: Profile): NodeLineShare[] {
  let shares = sharesCache.get(profile);
  if (shares) return shares;
  shares = [];
  const lt = profile.lineTicks;
  if (lt) {
    const self = nodeSelfTimes(profile);
    for (let i = 0; i < profile.nodeFrame.length; i++) {
      const from = lt.start[i];
      const to = lt.start[i + 1];
      if (from === to || self[i] <= 0) continue;
      let sum = 0;
      for (let k = from; k < to; k++) sum += lt.ticks[k];
      if (sum <= 0) continue;
      const frame = profile.frames[profile.nodeFrame[i]];
      for (let k = from; k < to; k++) {
        if (lt.ticks[k] <= 0) continue;
        const ms = (self[i] * lt.ticks[k]) / sum;
        const shown = shownLine(profile, frame, lt.line[k]);
        if (!shown) continue;
        const { url, line } = shown;
        shares.push(url === frame.url && line === lt.line[k] ? { node: i, url, line, ms } : { node: i, url, line, generatedLine: lt.line[k], ms });
      }
    }
  }
  sharesCache.set(profile, shares);
  return shares;
}

/** Lines whose text decides a bucket: your code's and your dependencies' — not Node's, not native code. */
function lineOwner(frame: Frame): boolean {
  const kind = classifyFrame(frame).kind;
  return kind === 'user' || kind === 'dependency';
}

export interface LineBucketShare {
  bucket: LineBucket;
  /** The line as shown (NodeLineShare). */
  url: string;
  line: number;
  ms: number;
}

const bucketCache = new WeakMap<Profile, Map<number, LineBucketShare[]>>();

/**
 * For each node whose lines call JSON or regex builtins: how much of its self
 * time they took, line by line. A line of mapped code is read in its original
 * text — what you wrote, what the verdict quotes, and short where a bundle's
 * line is minified; the generated text decides only when the original is missing.
 */
export function nodeLineBuckets(profile: Profile): Map<number, LineBucketShare[]> {
  let out = bucketCache.get(profile);
  if (out) return out;
  out = new Map();
  if (profile.sourceLines) {
    const known = new Map<string, LineBucket | null>();
    const logged = loggingUnder(profile);
    for (const s of nodeLineShares(profile)) {
      const frame = profile.frames[profile.nodeFrame[s.node]];
      // Node's own lines (header validation's `tokenRegExp.test(val)` under
      // res.writeHead) are Node's work: node:* modules get buckets by module (buckets.ts).
      if (!lineOwner(frame)) continue;
      // A guarded line's bucket depends on the node: did its body run there (guardedLineBucket)?
      const bodyLogged = logged(s.node);
      const key = `${sourceLineKey(s.url, s.line)}\u0000${bodyLogged}`;
      let bucket = known.get(key);
      if (bucket === undefined) {
        const text = profile.sourceLines.get(sourceLineKey(s.url, s.line)) ?? (s.generatedLine !== undefined ? profile.sourceLines.get(sourceLineKey(frame.generated?.url ?? frame.url, s.generatedLine)) : undefined);
        bucket = text === undefined ? null : guardedLineBucket(text, bodyLogged);
        known.set(key, bucket);
      }
      if (!bucket) continue;
      let list = out.get(s.node);
      if (!list) out.set(s.node, (list = []));
      list.push({ bucket, url: s.url, line: s.line, ms: s.ms });
    }
  }
  bucketCache.set(profile, out);
  return out;
}

/** Whether a profile node has logging (a console or logger frame with time) anywhere under it. */
function loggingUnder(profile: Profile): (node: number) => boolean {
  const t = callNodeTable(profile);
  const { bucket } = frameClasses(profile);
  const cache = new Map<number, boolean>();
  return (node) => {
    const c = t.nodeToCallNode[node];
    let yes = cache.get(c);
    if (yes === undefined) {
      yes = false;
      for (let d = c + 1; d < t.subtreeEnd[c] && !yes; d++) yes = bucket[t.frame[d]] === 'logging' && t.totalMs[d] > 0;
      cache.set(c, yes);
    }
    return yes;
  };
}

export interface HotLine {
  /** The line's file: the function's (its original file when a source map mapped it). */
  url: string;
  /** 1-based line in that file. */
  line: number;
  ms: number;
  /** Of the profile's duration. */
  percent: number;
  /** Of the function's own (self) time. */
  percentOfSelf: number;
  text: string | null;
  bucket: LineBucket | null;
  /** Where the code ran, when a source map moved the line: the generated script's line (the heaviest, when several map here) and its text. */
  generated?: { url: string; line: number; text: string | null };
}

/** Where a function's self time went, line by line, heaviest first. Empty when the profile has no positionTicks. */
export function hotLines(profile: Profile, frame: number): HotLine[] {
  const byLine = new Map<string, { url: string; line: number; ms: number; generated: Map<number, number> }>();
  let self = 0;
  // Did the function log anywhere (the body of a guarded line ran: guardedLineBucket)?
  const logged = loggingUnder(profile);
  let bodyLogged = false;
  for (const s of nodeLineShares(profile)) {
    if (profile.nodeFrame[s.node] !== frame) continue;
    bodyLogged ||= logged(s.node);
    const key = sourceLineKey(s.url, s.line);
    let entry = byLine.get(key);
    if (!entry) byLine.set(key, (entry = { url: s.url, line: s.line, ms: 0, generated: new Map() }));
    entry.ms += s.ms;
    if (s.generatedLine !== undefined) entry.generated.set(s.generatedLine, (entry.generated.get(s.generatedLine) ?? 0) + s.ms);
    self += s.ms;
  }
  const ran = profile.frames[frame]?.generated?.url;
  return [...byLine.values()].sort((a, b) => b.ms - a.ms || a.line - b.line).map(({ url, line, ms, generated }) => {
    const text = sourceLineText(profile, url, line) ?? null;
    const out: HotLine = {
      url, line, ms,
      percent: profile.durationMs > 0 ? (ms / profile.durationMs) * 100 : 0,
      percentOfSelf: self > 0 ? (ms / self) * 100 : 0,
      text, bucket: text === null ? null : guardedLineBucket(text, bodyLogged),
    };
    if (generated.size > 0 && ran && url !== ran) {
      const [gLine] = [...generated].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
      const gText = sourceLineText(profile, ran, gLine) ?? null;
      out.generated = { url: ran, line: gLine, text: gText };
      if (text === null && gText !== null) out.bucket = guardedLineBucket(gText, bodyLogged);
    }
    return out;
  });
}
