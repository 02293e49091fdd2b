// A line's text read as code (lines.ts reads what it says): where its string
// and regex literals are, and which regex literals only split a string. Apart
// from lines.ts so that frame-classes.ts, which lines.ts reads, can ask which
// patterns are split-only without an import cycle.
/**
 * Longest line text kept. A longer line is cut to this length, ending in '…',
 * and says nothing about its bucket: a line that long (minified code) does
 * many things, and which of them took the time is unknown.
 */
export const MAX_LINE_TEXT = 240;

/** A line's text as stored: cut to MAX_LINE_TEXT characters, the last one '…' when cut. */
export function storedLineText(text: string): string {
  const t = text.trim();
  return t.length > MAX_LINE_TEXT ? `${t.slice(0, MAX_LINE_TEXT - 1)}…` : t;
}

export const isCut = (text: string) => text.length >= MAX_LINE_TEXT && text.endsWith('…');

// A `/` starts a regex literal (not a division) after one of these, or at the start of the line.
const BEFORE_REGEX = /[=(,:;!&|?{}[+\-*%<>~^]$|(?:^|[^\w$])(?:return|typeof|case|in|of|void|delete|throw|yield|await)$/;

/**
 * A line read as code: the text of string literals dropped (a path such as
 * '/regex' or a sentence that mentions /hello /log is not a regex at work),
 * and the regex literals found on the way. A scanner, not a pattern: quotes
 * inside a regex (/['"]/) and slashes inside strings each stay what they are.
 */
export function scanLine(text: string): { code: string; regexLiterals: string[]; splitSeparators: string[] } {
  let code = '';
  const regexLiterals: string[] = [];
  const splitSeparators: string[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"' || ch === "'" || ch === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== ch) j += text[j] === '\\' ? 2 : 1;
      code += ch + ch;
      i = j + 1;
      continue;
    }
    if (ch === '/') {
      if (text[i + 1] === '/') break; // a comment to the end of the line
      if (text[i + 1] === '*') {
        const end = text.indexOf('*/', i + 2);
        if (end < 0) break;
        code += ' ';
        i = end + 2;
        continue;
      }
      if (BEFORE_REGEX.test(code.trimEnd()) || code.trim() === '') {
        const end = regexLiteralEnd(text, i);
        if (end > 0) {
          const literal = text.slice(i, end);
          regexLiterals.push(literal);
          if (isSplitSeparator(code, literal, text.slice(end))) splitSeparators.push(literal);
          code += '/re/';
          i = end;
          continue;
        }
      }
    }
    code += ch;
    i++;
  }
  return { code, regexLiterals, splitSeparators };
}

// A separator of a few characters (/\s+/, /\r?\n/, /[,;]/, a comma with spaces around it): no group, alternation,
// backreference, lookaround or counted repeat — nothing that can backtrack far.
const SIMPLE_SEPARATOR = /^\/(?:[^\\[\]()|{}^$.]|\\[^\dbBkpPux]|\[(?:[^\\\]]|\\[^\dbBkpPux])+\])+\/[gimsuyv]*$/;

/**
 * `text.split(/\s+/)`: a regex literal that is the whole first argument of .split and a simple separator. V8 runs
 * such a split at the cost of the split itself — the substrings and the array: 2.67 ms against 2.64 ms for
 * split(' ') over 40 000 words, 40 calls each on Node 24 — so its line is string work, not regular expressions.
 */
function isSplitSeparator(codeBefore: string, literal: string, after: string): boolean {
  return /\.\s*split\s*\(\s*$/.test(codeBefore) && /^\s*[,)]/.test(after) && SIMPLE_SEPARATOR.test(literal);
}

/**
 * The patterns the profile's hot lines use only as simple .split separators (`\\s+` from `text.split(/\\s+/)`), by
 * their source as V8 names its compiled code ("RegExp: \\s+"): that frame is the split's work, not a regular
 * expression's (frame-classes.ts) — a pattern also used another way on any hot line stays regex work.
 */
export function splitOnlyPatterns(sourceLines: ReadonlyMap<string, string> | undefined): ReadonlySet<string> {
  const split = new Set<string>();
  const other = new Set<string>();
  for (const text of sourceLines?.values() ?? []) {
    if (isCut(text)) continue;
    const { regexLiterals, splitSeparators } = scanLine(text);
    const rest = [...regexLiterals];
    for (const l of splitSeparators) {
      rest.splice(rest.indexOf(l), 1);
      split.add(literalSource(l));
    }
    for (const l of rest) other.add(literalSource(l));
  }
  for (const s of other) split.delete(s);
  return split;
}

/** `\\s+` from `/\\s+/g`. */
const literalSource = (literal: string) => literal.slice(1, literal.lastIndexOf('/'));

/** Where the regex literal starting at text[start] === '/' ends (after its flags), or -1 when it does not close on this line. */
function regexLiteralEnd(text: string, start: number): number {
  let inClass = false;
  for (let j = start + 1; j < text.length; j++) {
    const c = text[j];
    if (c === '\\') j++;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) {
      if (j === start + 1) return -1;
      let k = j + 1;
      while (k < text.length && /[dgimsuyv]/.test(text[k])) k++;
      return k;
    }
  }
  return -1;
}
