// The values of flags every command that loads a server shares (record, sweep,
// overhead): numbers, --env and -H, refused in one sentence each. Small on
// purpose: sweep and overhead import it without loading record's recorder.
import { parseEnvEntries, parseHeaderEntries, type Parsed } from '../../shared/headers.ts';
import { readFileSync, statSync } from 'node:fs';
import { UserError } from '../services/errors.ts';
import { formatBytes } from '../../shared/number-format.ts';

export function num(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new UserError(`${flag} takes a number; "${value}" is not one.`);
  return n;
}

/** A body read from a file is sent as is; past this it is no request body a server is loaded with. */
const MAX_BODY_FILE_BYTES = 64 * 1024 * 1024;

/**
 * -b BODY, or -b @FILE as curl's -d takes it: a body too large for a command
 * line (the shell refuses a 1 MB argument: "Argument list too long") is read
 * from the file. A body that itself starts with "@" is given as @@….
 */
export function bodyFromFlag(value: string | undefined): string | undefined {
  if (value === undefined || !value.startsWith('@')) return value;
  if (value.startsWith('@@')) return value.slice(1);
  const file = value.slice(1);
  if (!file) throw new UserError('-b @FILE names a file to send as the body: "@" alone names none.');
  let size: number;
  try {
    const st = statSync(file);
    if (!st.isFile()) throw new UserError(`-b @${file}: ${file} is not a file.`);
    size = st.size;
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(`-b @${file}: the file ${file} cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
  }
  if (size > MAX_BODY_FILE_BYTES) throw new UserError(`-b @${file}: the file is ${formatBytes(size)}; a request body is at most ${formatBytes(MAX_BODY_FILE_BYTES)}.`);
  return readFileSync(file, 'utf8');
}

/** The value of a parse, or its sentence as a UserError. */
function orRefuse<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new UserError(parsed.message);
  return parsed.value;
}

/** --env K=V flags by the forms' rules (shared/headers.ts). */
export function envFromFlags(flags: string[] | undefined): Record<string, string> {
  return orRefuse(parseEnvEntries((flags ?? []).map((text) => ({ text, where: `--env ${JSON.stringify(text)}` }))));
}

/** -H "K: V" flags by the forms' rules: RFC 7230 names, no line breaks in a value, repeats merged. */
export function headersFromFlags(flags: string[] | undefined): Record<string, string> {
  return orRefuse(parseHeaderEntries((flags ?? []).map((text) => ({ text, where: `--header ${JSON.stringify(text)}` }))));
}
