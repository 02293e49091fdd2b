// JSON text → value, with a fast path for the two huge arrays of a
// .cpuprofile. In a 100 MB profile most of the bytes are `samples` and
// `timeDeltas`: millions of integers that JSON.parse would turn into boxed JS
// arrays. We scan those two arrays straight into Float64Arrays and give
// JSON.parse only the rest (the nodes), with each array replaced by a marker
// number. The fast path is an optimization only: whenever anything looks
// unusual (a non-integer, a key that is not top-level, a duplicate key) we
// fall back to a plain JSON.parse of the whole text, so both paths always give
// the same answer.
import { ProfileFormatError } from './errors.ts';

/** What the fast path returns: the parsed object, with `samples`/`timeDeltas` as Float64Arrays. */
export type ParsedJson = unknown;

const MARKER = '-7.123456789e-300';
const MARKER_VALUE = Number(MARKER);
const FAST_KEYS = ['samples', 'timeDeltas'] as const;

/** Parses JSON text; a broken file becomes a ProfileFormatError that says what is wrong. */
export function parseJsonText(text: string): ParsedJson {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a BOM some editors write
  const fast = looksLikeCpuProfile(text) ? tryFastParse(text) : undefined;
  if (fast !== undefined) return fast;
  try {
    return JSON.parse(text);
  } catch (e) {
    throw jsonError(text, e);
  }
}

function jsonError(text: string, e: unknown): ProfileFormatError {
  const detail = e instanceof Error ? e.message : String(e);
  if (text.trim() === '') return new ProfileFormatError('The file is empty.');
  const at = /position (\d+)/.exec(detail);
  if (/end of (JSON )?input/i.test(detail) || (at && Number(at[1]) >= text.trimEnd().length)) {
    return new ProfileFormatError('The file ends in the middle of the data: it looks cut off (was it copied or saved completely?).');
  }
  return new ProfileFormatError(`The file is not valid JSON: ${detail.replace(/^JSON\.parse: /, '')}.`.replace(/\.\.$/, '.'));
}

/** A top-level object whose first key is "nodes", as Node, DevTools and VS Code write it. */
function looksLikeCpuProfile(text: string): boolean {
  let i = 0;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== 0x7b /* { */) return false;
  const head = text.slice(i, i + 64);
  return /^\{\s*"nodes"\s*:/.test(head);
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

interface Cut { start: number; end: number; key: (typeof FAST_KEYS)[number]; values: Float64Array }

function tryFastParse(text: string): ParsedJson | undefined {
  const cuts: Cut[] = [];
  for (const key of FAST_KEYS) {
    const cut = findNumberArray(text, key);
    if (cut) cuts.push(cut);
  }
  if (cuts.length === 0) return undefined;
  cuts.sort((a, b) => a.start - b.start);
  let rest = '';
  let from = 0;
  for (const c of cuts) {
    rest += text.slice(from, c.start) + MARKER;
    from = c.end;
  }
  rest += text.slice(from);
  let parsed: unknown;
  try {
    parsed = JSON.parse(rest);
  } catch {
    return undefined; // let the plain path report the error at its true position
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const obj = parsed as Record<string, unknown>;
  // Each cut must be exactly the top-level value of its key (not a nested or duplicated one).
  for (const c of cuts) if (!Object.is(obj[c.key], MARKER_VALUE)) return undefined;
  for (const c of cuts) obj[c.key] = c.values;
  return obj;
}

/**
 * Finds `"key": [ integers ]` and scans the integers. Returns undefined when
 * the key is absent, escaped, or the array holds anything but JSON integers
 * that a double represents exactly.
 */
function findNumberArray(text: string, key: string): Cut | undefined {
  const needle = `"${key}"`;
  const at = text.indexOf(needle);
  if (at < 0) return undefined;
  let backslashes = 0;
  for (let k = at - 1; k >= 0 && text.charCodeAt(k) === 0x5c; k--) backslashes++;
  if (backslashes % 2 === 1) return undefined;
  let i = at + needle.length;
  while (isSpace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== 0x3a /* : */) return undefined;
  i++;
  while (isSpace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== 0x5b /* [ */) return undefined;
  const start = i;
  i++;
  let values = new Float64Array(1 << 16);
  let count = 0;
  while (isSpace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) === 0x5d /* ] */) return { start, end: i + 1, key: key as Cut['key'], values: new Float64Array(0) };
  for (;;) {
    let c = text.charCodeAt(i);
    let negative = false;
    if (c === 0x2d /* - */) { negative = true; i++; c = text.charCodeAt(i); }
    if (c < 0x30 || c > 0x39) return undefined;
    const digitsFrom = i;
    let v = 0;
    while (c >= 0x30 && c <= 0x39) {
      v = v * 10 + (c - 0x30);
      c = text.charCodeAt(++i);
    }
    const digits = i - digitsFrom;
    // JSON has no leading zeros; beyond 15 digits a double may not be exact.
    if (digits > 15 || (digits > 1 && text.charCodeAt(digitsFrom) === 0x30)) return undefined;
    if (count === values.length) {
      const grown = new Float64Array(values.length * 2);
      grown.set(values);
      values = grown;
    }
    values[count++] = negative ? -v : v;
    while (isSpace(c)) c = text.charCodeAt(++i);
    if (c === 0x2c /* , */) {
      i++;
      while (isSpace(text.charCodeAt(i))) i++;
      continue;
    }
    if (c === 0x5d /* ] */) return { start, end: i + 1, key: key as Cut['key'], values: values.slice(0, count) };
    return undefined; // a fraction, an exponent, a string…: not our fast case
  }
}
