// What "find what grows" says (shared/recording/growing.ts): "24 000 Buffers
// (+230 MB) held by `sent` (an Array) in feed.js:4", one clause per growing
// kind, and where the objects still alive were allocated.
import { formatBytes, groupThousands } from '../number-format.ts';
import { shortPlace } from '../profile/places.ts';
import type { Growing, GrowingHolder, GrowingKind } from '../recording/growing.ts';
import { FLOOR_MB } from './growth.ts';
import { MIN_BYTES_DELTA, MIN_COUNT_DELTA } from './heap-growth.ts';

const NAMED: Record<string, [one: string, many: string]> = {
  '(string)': ['string', 'strings'], '(closure)': ['function', 'functions'], '(regexp)': ['regular expression', 'regular expressions'],
  '(symbol)': ['symbol', 'symbols'], '(bigint)': ['BigInt', 'BigInts'],
};

/** "Buffers", "strings", "Objects". */
export function kindWords(kind: string, n: number): string {
  const named = NAMED[kind];
  if (named) return Math.abs(n) === 1 ? named[0] : named[1];
  return Math.abs(n) === 1 || /s$/.test(kind) ? kind : `${kind}s`;
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** "`sent` (an Array) in feed.js:4", "the `cache` property (a Map) of a PriceService". */
export function holderText(h: GrowingHolder): string {
  const what = `${article(h.kind)} ${h.kind}`;
  const where = h.url ? ` in ${shortPlace(h.line ? `${h.url}:${h.line}` : h.url)}` : '';
  return h.via === 'variable' ? `\`${h.name}\` (${what})${where}` : `the \`${h.name}\` property (${what}) of ${article(h.owner ?? 'object')} ${h.owner ?? 'object'}`;
}

/** "24 000 Buffers (+230 MB) held by `sent` (an Array) in feed.js:4". */
export function growingKindText(k: GrowingKind): string {
  const count = `${k.countDelta > 0 ? '' : '−'}${groupThousands(Math.abs(k.countDelta))} ${kindWords(k.kind, k.countDelta)}`;
  const held = k.holder ? ` held by ${holderText(k.holder)}` : ', held by nothing Flambé could name (no variable or property on the path that keeps them)';
  return `${count} (+${formatBytes(k.bytesDelta)})${held}`;
}

/** The whole finding, or null when nothing grew past the thresholds (or it could not be found). */
export function growingSentence(g: Growing): string | null {
  if (g.error || g.kinds.length === 0) return null;
  const secs = g.seconds >= 10 ? Math.round(g.seconds) : Number(g.seconds.toFixed(1));
  const kinds = g.kinds.slice(0, 3).map(growingKindText);
  return `Between two heap snapshots ${secs} s apart under load, the process gained ${kinds.join('; ')}.${allocatedText(g)}${pausesText(g)}`;
}

const secText = (s: number) => `${Number(s.toFixed(1))} s`;

/** " The snapshots paused the process 0.4 s and 0.5 s; 11 846 requests were served under that load." */
function pausesText(g: Growing): string {
  const served = g.requests !== null ? `; ${groupThousands(g.requests)} ${g.requests === 1 ? 'request was' : 'requests were'} served under that load` : '';
  return ` The snapshots paused the process ${secText(g.pausedSec.first)} and ${secText(g.pausedSec.second)}${served}.`;
}

/** " They were allocated by (anonymous) (feed.js:6): 1.2 MB still alive." — when the sampling saw it. */
function allocatedText(g: Growing): string {
  // Your code first: V8's own constructors and Node's internals are where it happened, not where to look.
  const yours = g.allocatedAlive.find((a) => a.category === 'user') ?? g.allocatedAlive.find((a) => a.category === 'dependency');
  if (!yours) return '';
  const place = yours.url ? ` (${shortPlace(yours.line ? `${yours.url}:${yours.line}` : yours.url)})` : '';
  return ` What your code allocated between them and was still alive at the second was allocated most by ${yours.function}${place} (${formatBytes(yours.bytes)} on the JS heap, V8's sampled estimate).`;
}

/** What grew is worth a finding of its own (when the growth rule did not already say memory grows): at least the rule's floor. */
export function growingIsFinding(g: Growing): boolean {
  return !g.error && g.kinds.length > 0 && g.kinds[0].bytesDelta >= FLOOR_MB * 1024 * 1024;
}

/** What find-growth says when it could not tell: nothing grew, or why it could not look. */
export function growingEmptySentence(g: Growing): string {
  if (g.error) return g.error;
  const secs = Number(g.seconds.toFixed(1));
  // Fewer requests than the objects a kind must gain: a leak of one object a request could not have shown (issue 35:
  // "nothing … grew" after 2 requests, between snapshots that paused the process 3.9 s and 6.4 s).
  if (g.requests !== null && g.requests < MIN_COUNT_DELTA) {
    return `Cannot tell yet what grows: only ${groupThousands(g.requests)} ${g.requests === 1 ? 'request was' : 'requests were'} served while the two heap snapshots were taken ${secs} s apart, `
      + `fewer than the ${MIN_COUNT_DELTA} new objects a kind must gain to be named (the snapshots paused the process ${secText(g.pausedSec.first)} and ${secText(g.pausedSec.second)}). `
      + 'Record again with Find what grows when the machine is less busy.';
  }
  return `Between two heap snapshots ${secs} s apart under load, no kind of object grew by more than ${formatBytes(MIN_BYTES_DELTA)} and ${MIN_COUNT_DELTA} objects: nothing the snapshots can name grew.${pausesText(g)}`;
}

/** The 1-based line where `name` is declared (const, let, var, function, class) in `source`; null when not found. */
export function declarationLine(source: string, name: string): number | null {
  if (!/^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(name)) return null;
  const re = new RegExp(`(?:^|[^\\p{L}\\p{N}_$.])(?:const|let|var|function\\*?|class)\\s+${name.replace(/\$/g, '\\$')}(?![\\p{L}\\p{N}_$])`, 'u');
  const m = re.exec(source);
  if (!m) return null;
  return source.slice(0, m.index + m[0].length).split('\n').length;
}
