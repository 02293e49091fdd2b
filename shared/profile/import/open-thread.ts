// A recording's profile opened at one of its threads (threads.ts): the
// analysis worker gets the stored bytes and the thread the user picked, and
// answers with the names of every thread so the picker can list them.
import { binaryKind, readProfileBytes } from './binary-files.ts';
import { importChromeTraceThreads, isChromeTrace } from './chrome-trace.ts';
import { isCpuProfile } from './cpuprofile.ts';
import { importProfile } from './any-format.ts';
import { parseJsonText } from './json-text.ts';
import type { Profile } from '../model.ts';
import { importPprofThreads, isPprof } from './pprof.ts';
import { MAIN_THREAD_NAME, mergeThreads, threadsOf, type NamedProfile } from '../threads.ts';
import { allocationsOf, type HeapProfile } from '../../recording/memory.ts';

/** The thread number that means "all threads, merged". */
export const ALL_THREADS = -1;

export interface OpenedThread {
  /** Every thread's name, main thread first (one entry: no workers). */
  threads: string[];
  /** The chosen thread's profile, or all threads merged (ALL_THREADS). */
  profile: Profile;
  /** The main thread's allocation profile kept in a Flambé recording (shared/recording/memory.ts), when the main thread is opened. */
  allocations?: HeapProfile | null;
}

/**
 * `input`: the profile as text, bytes or parsed JSON. Parsed once here (the
 * importer then consumes the parsed JSON, its fast path). A thread number out
 * of range opens the main thread. Throws ProfileFormatError like importProfile.
 */
export function openThread(input: unknown, thread = 0): OpenedThread {
  let raw = input;
  if (input instanceof Uint8Array || input instanceof ArrayBuffer) {
    const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
    if (binaryKind(bytes) === 'protobuf' && isPprof(bytes)) return pick(importPprofThreads(bytes), thread);
    const read = readProfileBytes(bytes);
    if ('pprof' in read) return { threads: [MAIN_THREAD_NAME], profile: read.pprof };
    raw = read.text;
  }
  const owned = typeof raw === 'string';
  if (typeof raw === 'string') raw = parseJsonText(raw);
  // A trace holds every thread's profile in one event list: they are read together.
  if (!isCpuProfile(raw) && isChromeTrace(raw)) return pick(importChromeTraceThreads(raw), thread);
  const list = threadsOf(raw);
  const threads = list.map((t) => t.name);
  if (thread === ALL_THREADS && list.length > 1) {
    return { threads, profile: mergeThreads(list.map((t) => ({ name: t.name, profile: importProfile(t.raw, undefined, { owned }) }))) };
  }
  // The allocations are read before the importer consumes the parsed JSON (it drops only the node list).
  const allocations = (list[thread] ? thread : 0) === 0 ? allocationsOf(raw) : null;
  return { threads, profile: importProfile((list[thread] ?? list[0]).raw, undefined, { owned }), allocations };
}

/** One thread of profiles already read, or all of them merged. */
function pick(list: NamedProfile[], thread: number): OpenedThread {
  const threads = list.map((t) => t.name);
  if (thread === ALL_THREADS && list.length > 1) return { threads, profile: mergeThreads(list) };
  return { threads, profile: (list[thread] ?? list[0]).profile };
}
