// The values of flags every command that loads a server shares (record, sweep,
// overhead): numbers, --env and -H, refused in one sentence each. Small on
// purpose: sweep and overhead import it without loading record's recorder.
import { parseEnvEntries, parseHeaderEntries, type Parsed } from '../../shared/headers.ts';
import { UserError } from '../services/errors.ts';

export function num(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new UserError(`${flag} takes a number; "${value}" is not one.`);
  return n;
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
