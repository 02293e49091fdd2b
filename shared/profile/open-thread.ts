// A recording's profile opened at one of its threads (threads.ts): the
// analysis worker gets the stored bytes and the thread the user picked, and
// answers with the names of every thread so the picker can list them.
import { readProfileBytes } from './binary-files.ts';
import { importProfile } from './import.ts';
import { parseJsonText } from './json-text.ts';
import type { Profile } from './model.ts';
import { mergeThreads, threadsOf } from './threads.ts';

/** The thread number that means "all threads, merged". */
export const ALL_THREADS = -1;

export interface OpenedThread {
  /** Every thread's name, main thread first (one entry: no workers). */
  threads: string[];
  /** The chosen thread's profile, or all threads merged (ALL_THREADS). */
  profile: Profile;
}

/**
 * `input`: the profile as text, bytes or parsed JSON. Parsed once here (the
 * importer then consumes the parsed JSON, its fast path). A thread number out
 * of range opens the main thread. Throws ProfileFormatError like importProfile.
 */
export function openThread(input: unknown, thread = 0): OpenedThread {
  let raw = input;
  if (input instanceof Uint8Array || input instanceof ArrayBuffer) {
    const read = readProfileBytes(input);
    if ('pprof' in read) return { threads: ['main thread'], profile: read.pprof };
    raw = read.text;
  }
  const owned = typeof raw === 'string';
  if (typeof raw === 'string') raw = parseJsonText(raw);
  const list = threadsOf(raw);
  const threads = list.map((t) => t.name);
  if (thread === ALL_THREADS && list.length > 1) {
    return { threads, profile: mergeThreads(list.map((t) => ({ name: t.name, profile: importProfile(t.raw, undefined, { owned }) }))) };
  }
  return { threads, profile: importProfile((list[thread] ?? list[0]).raw, undefined, { owned }) };
}
