// Which regular expression a hot line runs. The ReDoS check (regex-check.ts)
// needs the pattern, and the line that ran it often names it only:
//
//   22  const fragileEmail = /^([a-zA-Z0-9]+)*@example\.com$/;   ← the definition
//   47  const ok = fragileEmail.test(input);                      ← the hot line
//
// So a hot line gives either the pattern itself (a literal, or new RegExp('…'))
// or the identifier it runs; a recording also keeps the line that defines that
// identifier (electron/services/source/source-lines.ts), and the pattern is read there.
import { scanLine } from '../profile/line-scan.ts';
import { sourceLineKey, type Profile } from '../profile/model.ts';

export interface RegexPattern {
  source: string;
  flags: string;
}

export type RegexOnLine = { pattern: RegexPattern } | { identifier: string };

const LITERAL = /^\/([\s\S]*)\/([dgimsuyv]*)$/;
// new RegExp('…') or RegExp("…", 'flags'): a plain string, no template or concatenation.
const CONSTRUCTOR = /\bRegExp\s*\(\s*(['"])((?:\\.|(?!\1)[^\\])*)\1\s*(?:,\s*(['"])([dgimsuyv]*)\3\s*)?\)/;
// re.test(s) / re.exec(s) — the receiver is the regex.
const RECEIVER = /([A-Za-z_$][\w$]*)\s*\.\s*(?:test|exec)\s*\(/;
// s.match(re), s.replace(re, …), s.split(re)… — the first argument is.
const ARGUMENT = /\.\s*(?:match|matchAll|replace|replaceAll|split|search)\s*\(\s*([A-Za-z_$][\w$]*)\s*[,)]/;

/** A literal's text `/…/flags` as a pattern. */
function fromLiteral(literal: string): RegexPattern | null {
  const m = LITERAL.exec(literal);
  return m ? { source: m[1], flags: m[2] } : null;
}

/** Unescapes a JavaScript string literal's body (the common escapes; enough for a pattern). */
function unescapeString(body: string): string {
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\s\S])/g, (_, e: string) => {
    if (e.startsWith('u{')) return String.fromCodePoint(parseInt(e.slice(2, -1), 16));
    if (e[0] === 'u' && e.length === 5) return String.fromCharCode(parseInt(e.slice(1), 16));
    if (e[0] === 'x' && e.length === 3) return String.fromCharCode(parseInt(e.slice(1), 16));
    return ({ n: '\n', t: '\t', r: '\r', 0: '\0' } as Record<string, string>)[e] ?? e;
  });
}

/** The regex a line runs: its pattern when the line has it, else the identifier it runs; null when neither. */
export function regexOnLine(text: string): RegexOnLine | null {
  const { code, regexLiterals } = scanLine(text);
  for (const l of regexLiterals) {
    const pattern = fromLiteral(l);
    if (pattern) return { pattern };
  }
  const ctor = CONSTRUCTOR.exec(text);
  if (ctor) return { pattern: { source: unescapeString(ctor[2]), flags: ctor[4] ?? '' } };
  const id = RECEIVER.exec(code)?.[1] ?? ARGUMENT.exec(code)?.[1];
  return id && id !== 'this' ? { identifier: id } : null;
}

/** Does this line define `identifier` as a regex (`const re = /…/`, `re: /…/`, `re = new RegExp('…')`)? Its pattern, or null. */
export function regexDefinedOnLine(text: string, identifier: string): RegexPattern | null {
  const escaped = identifier.replace(/\$/g, '\\$');
  const { code } = scanLine(text);
  if (!new RegExp(`(?:^|[^\\w$.])${escaped}\\s*(?:=(?!=)|:)`).test(code)) return null;
  const found = regexOnLine(text);
  return found && 'pattern' in found ? found.pattern : null;
}

/**
 * The pattern a profile's hot line runs: on the line itself, or on the line of
 * the same script that defines the identifier it runs (nearest above it first).
 */
export function hotLinePattern(profile: Profile, url: string, line: number): RegexPattern | null {
  const text = profile.sourceLines?.get(sourceLineKey(url, line));
  if (text === undefined) return null;
  const found = regexOnLine(text);
  if (!found) return null;
  if ('pattern' in found) return found.pattern;
  const candidates: [number, string][] = [];
  const prefix = sourceLineKey(url, 0).slice(1); // keys are `${line}\0${url}`
  for (const [key, t] of profile.sourceLines!) {
    if (!key.endsWith(prefix)) continue;
    const n = Number(key.slice(0, key.indexOf('\u0000')));
    if (n !== line) candidates.push([n, t]);
  }
  // Nearest definition above the line (the usual scope), then below.
  candidates.sort((a, b) => (a[0] < line ? line - a[0] : 1e9 + a[0]) - (b[0] < line ? line - b[0] : 1e9 + b[0]));
  for (const [, t] of candidates) {
    const pattern = regexDefinedOnLine(t, found.identifier);
    if (pattern) return pattern;
  }
  return null;
}
