// HTTP headers and environment variables as people type them — "Name: value"
// and KEY=VALUE — parsed by one set of rules for the Load and Launch forms
// (a line each) and the CLI (-H and --env, an argument each), and checked
// again by the contract's schemas wherever a call arrives. Each parser returns
// the record or one sentence naming the entry that is wrong.

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** One header or variable as typed, and how a sentence names it ('Header line 2', '--header "X: y"'). */
export interface Entry {
  text: string;
  where: string;
}

// RFC 7230 §3.2.6 / RFC 9110 §5.6.2: a header name is a "token".
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// A field value is visible characters, spaces and tabs: no CR or LF (header injection), no other control character.
const isControl = (value: string) => [...value].some((c) => { const code = c.charCodeAt(0); return (code < 0x20 && c !== '\t') || code === 0x7f; });

/** Why `name: value` cannot be sent as a header, or null when it can. */
export function headerProblem(name: string, value: string): string | null {
  if (!HEADER_NAME.test(name)) return `"${name}" is not a valid header name (letters, digits and - only).`;
  if (isControl(value)) return `the value of ${name} contains a line break or another control character: a header value is one line of text.`;
  return null;
}

export function parseHeaderEntries(entries: readonly Entry[]): Parsed<Record<string, string>> {
  const headers: Record<string, string> = {};
  for (const { text, where } of entries) {
    const colon = text.indexOf(':');
    if (colon <= 0) return { ok: false, message: `${where} needs a name and a colon, like "Content-Type: application/json".` };
    const name = text.slice(0, colon).trim();
    const value = text.slice(colon + 1).trim();
    const problem = headerProblem(name, value);
    if (problem) return { ok: false, message: `${where}: ${problem}` };
    // Repeated headers combine into one comma-separated value (RFC 9110 §5.3).
    const existing = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
    if (existing) headers[existing] = `${headers[existing]}, ${value}`;
    else headers[name] = value;
  }
  return { ok: true, value: headers };
}

/** The Load form's headers field: one "Name: value" per line, blank lines skipped. */
export function parseHeaderLines(text: string): Parsed<Record<string, string>> {
  const entries = text.split(/\r?\n/).flatMap((line, i) => (line.trim() ? [{ text: line.trim(), where: `Header line ${i + 1}` }] : []));
  return parseHeaderEntries(entries);
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Why KEY=value cannot be given to a process, or null when it can. */
export function envProblem(key: string, value: string): string | null {
  if (!ENV_NAME.test(key)) return `"${key}" is not a valid variable name (letters, digits and _, not starting with a digit).`;
  if (value.includes('\u0000')) return `the value of ${key} contains a NUL character, which no process can receive.`;
  return null;
}

export function parseEnvEntries(entries: readonly Entry[], opts: { stripQuotes?: boolean } = {}): Parsed<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const { text, where } of entries) {
    const eq = text.indexOf('=');
    if (eq <= 0) return { ok: false, message: `${where} needs KEY=VALUE, like NODE_ENV=production.` };
    const key = text.slice(0, eq).trim();
    let value = text.slice(eq + 1);
    if (opts.stripQuotes) {
      value = value.trim();
      // Values written as in a .env file: surrounding quotes are not part of the value.
      if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0]) value = value.slice(1, -1);
    }
    const problem = envProblem(key, value);
    if (problem) return { ok: false, message: `${where}: ${problem}` };
    env[key] = value; // a repeated variable: the last one wins, as in a shell
  }
  return { ok: true, value: env };
}

/** The Launch form's environment field: KEY=VALUE per line, # comments and blank lines skipped. */
export function parseEnvLines(text: string): Parsed<Record<string, string>> {
  const entries = text.split(/\r?\n/).flatMap((line, i) => {
    const t = line.trim();
    return t && !t.startsWith('#') ? [{ text: t, where: `Environment line ${i + 1}` }] : [];
  });
  return parseEnvEntries(entries, { stripQuotes: true });
}
