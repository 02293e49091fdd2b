// Parsers for the multi-line text fields of the forms: HTTP headers
// ("Name: value" per line) and environment variables ("KEY=VALUE" per line).
// Each returns the parsed record or one sentence saying which line is wrong.

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

// RFC 9110 §5.6.2: a header name is a "token".
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function parseHeaders(text: string): Parsed<Record<string, string>> {
  const headers: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) {
      return { ok: false, message: `Header line ${i + 1} needs a name and a colon, like "Content-Type: application/json".` };
    }
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (!HEADER_NAME.test(name)) {
      return { ok: false, message: `Header line ${i + 1}: "${name}" is not a valid header name (letters, digits and - only).` };
    }
    // Repeated headers combine into one comma-separated value (RFC 9110 §5.3).
    const existing = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
    if (existing) headers[existing] = `${headers[existing]}, ${value}`;
    else headers[name] = value;
  }
  return { ok: true, value: headers };
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function parseEnv(text: string): Parsed<Record<string, string>> {
  const env: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) {
      return { ok: false, message: `Environment line ${i + 1} needs KEY=VALUE, like NODE_ENV=production.` };
    }
    const key = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    if (!ENV_NAME.test(key)) {
      return { ok: false, message: `Environment line ${i + 1}: "${key}" is not a valid variable name (letters, digits and _, not starting with a digit).` };
    }
    // Values written as in a .env file: surrounding quotes are not part of the value.
    if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0]) value = value.slice(1, -1);
    env[key] = value;
  }
  return { ok: true, value: env };
}
