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
import type { HeapProfile } from '../../recording/memory.ts';
import { allocationsOf, extraOf } from '../../recording/profile-extras.ts';
import { childMemoryNotWatched, requestsServedBy, servedBySentence, type ChildMemoryNote } from '../../recording/processes.ts';

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
 * A recording's profile read once, each thread imported when first asked for
 * and kept: the analysis worker opens it once per recording and switches
 * threads (and the verdict reads every thread) without reading it again.
 */
export interface RecordingThreads {
  /** Every thread's name, main thread first (one entry: no workers). */
  readonly threads: string[];
  /** Where the requests ran, when child processes were recorded beside it (shared/recording/processes.ts); else null. */
  readonly servedBy: string | null;
  /** Per thread, the requests its child process served (a cluster worker's figures per request are of those); null for the others. */
  readonly threadRequests: (number | null)[];
  /** What the memory verdict says of child processes that served requests (their heaps are not watched); else null. */
  readonly childMemory: ChildMemoryNote | null;
  /** The profile was JSON (not pprof): the only kind that can carry an allocation profile. */
  readonly json: boolean;
  /**
   * The parsed JSON, kept only when it is not a CPU profile and carries no
   * recording's allocations (a .heapprofile: the allocation view reads it);
   * else null, so the parsed file is not held beside its imported threads.
   */
  readonly parsed: unknown;
  /** The main thread's allocation profile kept in a Flambé recording (shared/recording/memory.ts). */
  readonly allocations: HeapProfile | null;
  /** Every thread that carries an allocation profile (worker threads sample their own heaps), main thread first. */
  readonly allocationThreads: { name: string; heap: HeapProfile }[];
  /** A thread number as opened: out of range is the main thread; ALL_THREADS stays merged when there are several. */
  resolve(thread: number): number;
  /** That thread's profile (ALL_THREADS: all merged), imported on its first ask. Throws ProfileFormatError. */
  profile(thread: number): Profile;
  /** Every thread's profile, main thread first (imports those not asked for yet). */
  every(): NamedProfile[];
}

/**
 * `input`: the profile as text, bytes or parsed JSON. Parsed once here (the
 * importer then consumes each thread's parsed JSON, its fast path); nothing
 * is imported until a thread is asked for. Throws ProfileFormatError for text
 * that is no JSON.
 */
export function readRecordingThreads(input: unknown): RecordingThreads {
  let raw = input;
  if (input instanceof Uint8Array || input instanceof ArrayBuffer) {
    const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
    if (binaryKind(bytes) === 'protobuf' && isPprof(bytes)) return imported(importPprofThreads(bytes));
    const read = readProfileBytes(bytes);
    if ('pprof' in read) return imported([{ name: MAIN_THREAD_NAME, profile: read.pprof }]);
    raw = read.text;
  }
  const owned = typeof raw === 'string';
  if (typeof raw === 'string') raw = parseJsonText(raw);
  // A trace holds every thread's profile in one event list: they are read together.
  if (!isCpuProfile(raw) && isChromeTrace(raw)) return imported(importChromeTraceThreads(raw));
  const list = threadsOf(raw);
  // Read before the importer consumes the parsed JSON (it drops only the node list).
  const allocations = allocationsOf(raw);
  const allocationThreads = list.flatMap((t, i) => {
    const heap = i === 0 ? allocations : allocationsOf(t.raw);
    return heap ? [{ name: t.name, heap }] : [];
  });
  const parsed = allocations === null && !isCpuProfile(raw) ? raw : null;
  const raws: unknown[] = list.map((t) => t.raw);
  const profiles = new Map<number, Profile>();
  const one = (i: number): Profile => {
    let p = profiles.get(i);
    if (!p) {
      p = importProfile(raws[i], undefined, { owned });
      profiles.set(i, p);
      raws[i] = null; // imported: its parsed JSON can go
    }
    return p;
  };
  // Names only: the closures must not hold `list` (each thread's parsed JSON).
  const names = list.map((t) => t.name);
  const threadRequests = list.map(requestsServedBy);
  const every = () => names.map((name, i) => ({ name, profile: one(i), requests: threadRequests[i] }));
  return { ...cached(names, true, parsed, allocations, allocationThreads, one, every), servedBy: servedBySentence(extraOf(raw, 'processes')), threadRequests,
    childMemory: childMemoryNotWatched(extraOf(raw, 'processes')) };
}

/** Threads already imported together (pprof, a Chrome trace). */
function imported(list: NamedProfile[]): RecordingThreads {
  return { ...cached(list.map((t) => t.name), false, null, null, [], (i) => list[i].profile, () => list), servedBy: null, threadRequests: list.map(() => null), childMemory: null };
}

function cached(
  threads: string[], json: boolean, parsed: unknown, allocations: HeapProfile | null, allocationThreads: { name: string; heap: HeapProfile }[],
  one: (i: number) => Profile, every: () => NamedProfile[],
): Omit<RecordingThreads, 'servedBy' | 'threadRequests' | 'childMemory'> {
  let merged: Profile | null = null;
  const resolve = (thread: number) => (thread === ALL_THREADS && threads.length > 1 ? ALL_THREADS : thread >= 0 && thread < threads.length ? thread : 0);
  return {
    threads, json, parsed, allocations, allocationThreads, resolve, every,
    profile(thread) {
      const t = resolve(thread);
      return t === ALL_THREADS ? (merged ??= mergeThreads(every())) : one(t);
    },
  };
}

/** One thread of a profile read for it alone (the CLI, tests); the worker keeps a RecordingThreads instead. */
export function openThread(input: unknown, thread = 0): OpenedThread {
  const recording = readRecordingThreads(input);
  const t = recording.resolve(thread);
  return { threads: recording.threads, profile: recording.profile(t), ...(t === 0 && recording.json ? { allocations: recording.allocations } : {}) };
}
