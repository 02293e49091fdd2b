// Reading a profile file and the numeric options of the analysis commands
// (analyze, diff, convert). Every fault is a UserError: one line for the user.
import { MAX_PROFILE_BYTES, tooManyBytes } from '../../shared/profile/budgets.ts';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { importProfileWithFormat, importThreads, isProfileFormatError, type ImportedProfile, type NamedProfile } from '../../shared/profile/index.ts';
import { UserError } from '../services/errors.ts';
import { gunzipIfNeeded } from '../services/formats/gunzip.ts';
import { isHeapProfile, readHeapProfile } from '../../shared/memory/heap-profile.ts';
import type { HeapProfile } from '../../shared/recording/memory.ts';

/** Reads and imports a profile file; any problem is a UserError naming the file. */
export function readProfileFile(file: string): ImportedProfile {
  return readProfile(file, (bytes, name) => importProfileWithFormat(bytes, name));
}

/**
 * The allocation profile in a .heapprofile file (DevTools, `node --heap-prof`),
 * or null when the file is something else (a CPU profile): by its name, or a
 * "head" object at its start.
 */
export function readHeapProfileFile(file: string): HeapProfile | null {
  return readProfile(file, (bytes, name) => {
    const start = new TextDecoder().decode(bytes.subarray(0, 64));
    if (!name.endsWith('.heapprofile') && !/^\s*\{\s*"head"\s*:/.test(start)) return null;
    let data: unknown;
    try {
      data = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      throw new UserError(`${name} is not JSON, so it is not an allocation profile (.heapprofile).`);
    }
    // A legacy CPU profile (v8-profiler, DevTools before Chrome 47) also starts with a "head" tree: content decides.
    if (!name.endsWith('.heapprofile') && !isHeapProfile(data)) return null;
    return readHeapProfile(data, 'This file');
  });
}

/** Every thread of a profile file (main first); any problem is a UserError naming the file. */
export function readProfileThreads(file: string): NamedProfile[] {
  return readProfile(file, (bytes, name) => importThreads(bytes, name).threads);
}

function readProfile<T>(file: string, read: (bytes: Uint8Array, name: string) => T): T {
  const name = path.basename(file);
  let bytes: Uint8Array;
  try {
    const stat = statSync(file);
    if (stat.isDirectory()) throw new UserError(`${file} is a folder, not a profile file.`);
    // Not even read: a gzip file is smaller than what it holds, so past the budget either way.
    if (stat.size > MAX_PROFILE_BYTES) throw new UserError(`${name}: ${tooManyBytes('is', stat.size)}`);
    bytes = readFileSync(file);
  } catch (e) {
    if (e instanceof UserError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'there is no such file' : code === 'EACCES' ? 'permission denied' : code === 'ERR_STRING_TOO_LONG' ? 'it is too large to read' : (e as Error).message;
    throw new UserError(`Cannot read ${file}: ${why}.`);
  }
  try {
    // Bytes, not UTF-8 text: gzip, UTF-16 and pprof files are read too (shared/profile/import/binary-files.ts).
    return read(gunzipIfNeeded(bytes), name);
  } catch (e) {
    if (isProfileFormatError(e)) throw new UserError(`${name}: ${(e as Error).message}`);
    throw e;
  }
}

/** node:util parseArgs, with its errors turned into one line that points at --help. */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(command: string, argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, strict: true, options });
  } catch (e) {
    const message = (e as Error).message;
    const ambiguous = /Option '(--[\w-]+)' argument is ambiguous/.exec(message);
    // parseArgs explains over several lines; the user gets one.
    const first = ambiguous ? `${ambiguous[1]} needs a value; for one that starts with "-", write ${ambiguous[1]}=VALUE` : message.split(/\.\s/)[0].replace(/\.$/, '');
    throw new UserError(`${first} (see "flambe ${command} --help").`);
  }
}

/** A whole number ≥ 1, or undefined when the option is absent. */
export function positiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UserError(`${flag} takes a whole number of 1 or more; "${value}" is not one.`);
  return n;
}

/** A number > 0, or undefined when the option is absent. */
export function positiveNumber(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new UserError(`${flag} takes a number above 0; "${value}" is not one.`);
  return n;
}

/** One of `choices`, or the default. */
export function oneOf<T extends string>(value: string | undefined, flag: string, choices: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!(choices as readonly string[]).includes(value)) throw new UserError(`${flag} takes ${choices.join(', ')}; "${value}" is not one of them.`);
  return value as T;
}

/** Exactly `count` positional arguments. */
export function positionals(values: string[], count: number, what: string, command: string): string[] {
  if (values.length < count) throw new UserError(`Missing ${what} (see "flambe ${command} --help").`);
  if (values.length > count) throw new UserError(`Unexpected argument "${values[count]}" (see "flambe ${command} --help").`);
  return values;
}
