// The one rule for what must not leave the library in anything made to be
// read or shared (bundles, reports, --json, library list, names): values of
// environment variables and headers whose names look secret (API_TOKEN,
// DB_PASSWORD, Authorization, Cookie, X-Api-Key), URL passwords
// (postgres://user:pass@host), URL query parameters named like one
// (?token=, ?api_key=), script arguments named like one (--secret=x,
// --password x), request bodies' fields named like one ({"password": "…"},
// token=…&user=ann), and each of those values wherever else it appears (a group
// named "DB_PASSWORD=hunter2 vs DB_PASSWORD=other"). Each is replaced by
// MASK and described in words ("environment variable API_TOKEN"), so the
// file can say truly what it masked. The library itself keeps every value:
// it needs them to run an experiment again. `--include-secrets` skips this.
//
// Running the rule over something it already masked finds the same places
// again (the masked value still stands where the name says a secret is), so
// an imported bundle exported again keeps its list of what was masked.

export const MASK = '(masked)';

const SECRET_NAME = /token|secret|passw|pwd|key|auth|cred|cookie|private|session|dsn/i;

/** True when a variable, header, parameter or option with this name likely holds a secret. */
export function looksSecret(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** What was found: where (in words) → the values masked there (empty values are not secrets). */
export type Findings = Map<string, Set<string>>;

function found(findings: Findings, what: string, value: string): void {
  let values = findings.get(what);
  if (!values) findings.set(what, (values = new Set()));
  if (value && value !== MASK) values.add(value);
}

// A value in free text ends at white space, quotes, brackets, separators, and not on a sentence's
// punctuation ("…?token=abc: is the server running?"); "(masked)" itself is one value.
const VALUE = String.raw`\(masked\)|[^\s"'<>()\[\]{},;&#]*[^\s"'<>()\[\]{},;&#.:!?]`;
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^/@\s:"'<>]*:)(\(masked\)|[^/@\s"'<>]+)@/gi;
const QUERY_PARAM = new RegExp(String.raw`([?&])([\w.~%-]+)=(${VALUE})`, 'g');
const NAME_EQUALS = new RegExp(String.raw`(^|[\s,;(\["'{])(-{0,2}[A-Za-z_][\w.-]*)=(${VALUE})`, 'g');
const OPTION_SPACE = new RegExp(String.raw`(^|\s)(--?[A-Za-z][\w-]*)(\s+)(?!-)(${VALUE})`, 'g');
// A JSON member in text (a request body -b '{"password": "…"}', a note that quotes one): "name": "string" or a number.
const JSON_MEMBER = /("([^"\\\n]{1,100})"\s*:\s*)("(?:[^"\\\n]|\\.)*"|-?\d[\d.eE+-]*)/g;

/** How a name found in text is described: an option ("argument --password") or a variable ("environment variable DB_PASSWORD"). */
const describeName = (name: string) => (name.startsWith('-') ? `argument ${name}` : `environment variable ${name}`);

/** `text` with every URL password and secret-named query parameter masked. */
export function maskUrl(text: string, findings: Findings = new Map()): string {
  // Most strings (function names, files, sentences) hold neither: no regular expression runs over them.
  if (!text.includes('://') && !text.includes('=')) return text;
  return text
    .replace(URL_PASSWORD, (_m, head: string, pw: string) => { found(findings, 'the password in a URL', pw); return `${head}${MASK}@`; })
    .replace(QUERY_PARAM, (m, sep: string, name: string, value: string) => {
      if (!looksSecret(name)) return m;
      found(findings, `URL parameter ${name}`, value);
      return `${sep}${name}=${MASK}`;
    });
}

/**
 * Free text (a name, a note, a variant's "what", a sentence) with secrets
 * masked by their shape: URLs as maskUrl, NAME=value and "--option value"
 * where the name looks secret.
 */
export function maskText(text: string, findings: Findings = new Map()): string {
  let out = maskUrl(text, findings);
  if (out.includes('=')) {
    out = out.replace(NAME_EQUALS, (m, lead: string, name: string, value: string) => {
      if (!looksSecret(name)) return m;
      found(findings, describeName(name), value);
      return `${lead}${name}=${MASK}`;
    });
  }
  if (out.includes('":')) out = maskJsonMembers(out, findings);
  if (out.includes('-')) {
    out = out.replace(OPTION_SPACE, (m, lead: string, name: string, space: string, value: string) => {
      if (!looksSecret(name)) return m;
      found(findings, `argument ${name}`, value);
      return `${lead}${name}${space}${MASK}`;
    });
  }
  return out;
}

/** `"password": "…"` and `"apiKey": 1234` in JSON text masked in place (the text keeps its shape: a body stays a body a reader can read). */
function maskJsonMembers(text: string, findings: Findings, where = 'JSON field'): string {
  return text.replace(JSON_MEMBER, (m, head: string, name: string, value: string) => {
    if (!looksSecret(name)) return m;
    found(findings, `${where} ${name}`, value.startsWith('"') ? value.slice(1, -1) : value);
    return `${head}"${MASK}"`;
  });
}

// A form body (application/x-www-form-urlencoded): name=value pairs joined by "&", nothing else.
const FORM_BODY = /^[\w.~%+-]+=[^\s]*$/;
const FORM_FIELD = /(^|&)([^=&]+)=([^&]*)/g;

/**
 * A request body (-b, -b @FILE, a route's body): a JSON body's members and a
 * form body's fields named like a secret masked, then the rest as free text
 * (a URL with a password inside a value).
 */
export function maskBody(body: string, findings: Findings = new Map()): string {
  let out = body.includes('":') ? maskJsonMembers(body, findings, 'request body field') : body;
  if (FORM_BODY.test(out)) {
    out = out.replace(FORM_FIELD, (m, sep: string, name: string, value: string) => {
      if (!looksSecret(name)) return m;
      found(findings, `request body field ${name}`, value);
      return `${sep}${name}=${MASK}`;
    });
  }
  // The rest as text (a URL with a password in a value); what it finds again where a field was masked above is not said twice.
  const rest: Findings = new Map();
  out = maskText(out, rest);
  for (const [what, values] of rest) for (const v of values) found(findings, what, v);
  return out;
}

/** Name → value pairs (environment variables, headers): a secret-looking name's value masked whole, others as text. */
export function maskRecord(values: Record<string, string>, where: 'environment variable' | 'header', findings: Findings = new Map()): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) {
    if (looksSecret(k)) {
      found(findings, `${where} ${k}`, v);
      out[k] = MASK;
    } else {
      // A password or a token inside the value (DATABASE_URL=postgres://app:pw@db) is said by the name it stands under.
      const inside: Findings = new Map();
      out[k] = maskText(v, inside);
      for (const values of inside.values()) {
        found(findings, `${where} ${k}`, '');
        for (const value of values) found(findings, `${where} ${k}`, value);
      }
    }
  }
  return out;
}

/** A command line, one element per argument: "--secret=x" and "--password x" masked, then each as text. */
export function maskArgv(argv: readonly string[], findings: Findings = new Map()): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const prev = out.length ? argv[i - 1] : '';
    if (/^--?[A-Za-z][\w-]*$/.test(prev) && looksSecret(prev) && !arg.startsWith('-')) {
      found(findings, `argument ${prev}`, arg);
      out.push(MASK);
    } else {
      out.push(maskText(arg, findings));
    }
  }
  return out;
}

/** Every value the findings hold that is long enough to be told apart in any text (shorter ones are masked where their name stands). */
function knownValues(findings: Findings): [string, string][] {
  const known: [string, string][] = [];
  for (const [what, values] of findings) for (const v of values) if (v.length >= 6) known.push([v, what]);
  // Longest first: a value that contains another is masked whole.
  return known.sort((a, b) => b[0].length - a[0].length);
}

function scrubKnown(text: string, known: [string, string][], findings: Findings): string {
  let out = text;
  for (const [value, what] of known) {
    if (out.includes(value)) {
      out = out.split(value).join(MASK);
      found(findings, what, value);
    }
  }
  return out;
}

/** Keys whose values are data, never words a user typed: profiles, histograms, samples (skipped: nothing secret, and large). */
const OPAQUE = new Set(['profile', 'histogram', 'samples', 'timeline', 'percentiles', 'allocations']);
/** Ids and dates are Flambé's own: a secret value that happens to be inside one (a 6-digit PIN in a UUID) is not masked there, or the file would not import. */
const OWN_KEYS = /^(id|createdAt)$|Id$/;
const RECORD_KEYS = new Map<string, 'environment variable' | 'header'>([['env', 'environment variable'], ['headers', 'header']]);
const ARGV_KEYS = new Set(['argv', 'args']);

const isStringRecord = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** How the value under `key` of `parent` is masked when the place says what it is (an env, headers, a command line), else null. */
function maskByPlace(parent: unknown, key: string, value: unknown, findings: Findings): unknown {
  const differ = typeof parent === 'object' && parent !== null ? (parent as { kind?: unknown }).kind : undefined;
  const variantSide = key === 'a' || key === 'b';
  const where = RECORD_KEYS.get(key) ?? (variantSide && differ === 'env' ? 'environment variable' : null);
  if (where && isStringRecord(value)) {
    return maskRecord(value, where, findings);
  }
  if ((ARGV_KEYS.has(key) || (variantSide && differ === 'args')) && isStringList(value)) return maskArgv(value, findings);
  if (key === 'body' && typeof value === 'string') return maskBody(value, findings);
  return null;
}

/**
 * A copy of any JSON-like value with every secret masked: first by place
 * (env, headers, argv, an experiment's variants) and shape (maskText), then
 * each value found that way wherever else it stands. Iterative: no recursion
 * over the depth of what it is given.
 */
function rewrite(input: unknown, findings: Findings, known: [string, string][]): unknown {
  const root = { value: input };
  const stack: [Record<string, unknown> | unknown[], string | number][] = [[root, 'value']];
  while (stack.length) {
    const [holder, key] = stack.pop()!;
    const value = (holder as Record<string | number, unknown>)[key];
    let next: unknown = value;
    if (typeof key === 'string' && OPAQUE.has(key)) continue;
    const placed = typeof key === 'string' ? maskByPlace(holder, key, value, findings) : null;
    if (typeof placed === 'string') next = scrubKnown(placed, known, findings); // a body: already masked as text
    else if (placed !== null) next = known.length ? rewrite(placed, findings, known) : placed;
    else if (typeof value === 'string') next = typeof key === 'string' && OWN_KEYS.test(key) ? value : scrubKnown(maskText(value, findings), known, findings);
    else if (Array.isArray(value)) {
      next = value.slice();
      for (let i = value.length - 1; i >= 0; i--) stack.push([next as unknown[], i]); // popped in order
    } else if (typeof value === 'object' && value !== null) {
      next = { ...value };
      for (const k of Object.keys(value).reverse()) stack.push([next as Record<string, unknown>, k]);
    }
    (holder as Record<string | number, unknown>)[key] = next;
  }
  return root.value;
}

/**
 * `value` with its secrets masked, and what was masked, in words, in the order
 * found. `alsoFrom`: where `value` was made from (a report from its
 * recordings): the secrets found there are masked in `value` too, wherever
 * they stand.
 */
export function maskSecrets<T>(value: T, opts: { alsoFrom?: unknown } = {}): { value: T; masked: string[] } {
  const findings: Findings = new Map();
  rewrite(value, findings, []);
  if (opts.alsoFrom !== undefined) rewrite(opts.alsoFrom, findings, []);
  // Second pass: the values found by place or shape, masked wherever else they stand (names, notes, sentences).
  const all: Findings = new Map();
  const masked = rewrite(value, all, knownValues(findings)) as T;
  return { value: masked, masked: [...all.keys()] };
}

/** The sentence an export shows when it masked something. */
export function maskedSentence(masked: string[]): string | null {
  if (!masked.length) return null;
  const list = masked.length > 4 ? `${masked.slice(0, 4).join(', ')} and ${masked.length - 4} more` : masked.join(', ');
  return `Masked ${masked.length === 1 ? 'a value that looks secret' : `${masked.length} values that look secret`} (${list}); export with secrets included to keep ${masked.length === 1 ? 'it' : 'them'}.`;
}
