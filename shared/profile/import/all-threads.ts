// Every thread of a profile file, for the paths that keep or convert them all
// (the library's import, `flambe convert`, the exports): a .cpuprofile with
// Flambé's threads addition (threads.ts), a trace with a profile per thread
// (chrome-trace.ts), a pprof file whose samples are labelled by thread
// (pprof.ts). The main thread comes first; a file of one thread gives one.
import { allocationsOf, EXTRA_KEYS } from '../../recording/profile-extras.ts';
import type { HeapProfile } from '../../recording/memory.ts';
import { binaryKind, readProfileBytes } from './binary-files.ts';
import { importChromeTraceThreads, isChromeTrace } from './chrome-trace.ts';
import { isCpuProfile } from './cpuprofile.ts';
import { exportCpuProfile, exportCpuProfileText } from '../export/export-cpuprofile.ts';
import { importProfile, importProfileWithFormat, type ProfileFormat } from './any-format.ts';
import { parseJsonText } from './json-text.ts';
import { importPprofThreads, isPprof } from './pprof.ts';
import type { Profile } from '../model.ts';
import { MAIN_THREAD_NAME, mergeThreads, threadsOf, type NamedProfile } from '../threads.ts';
import { requestAllocatedBytesOf } from '../../memory/allocations.ts';
import type { Background } from '../../recording/request-time.ts';

export interface ImportedThreads {
  format: ProfileFormat;
  /** Main thread first; never empty. */
  threads: NamedProfile[];
}

/** Like importProfileWithFormat (same input, same errors), with every thread. */
export function importThreads(input: unknown, fileName?: string): ImportedThreads {
  let data = input;
  if (input instanceof Uint8Array || input instanceof ArrayBuffer) {
    const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
    if (binaryKind(bytes) === 'protobuf' && isPprof(bytes)) return { format: 'pprof', threads: importPprofThreads(bytes) };
    const read = readProfileBytes(bytes);
    if ('pprof' in read) return { format: 'pprof', threads: [{ name: MAIN_THREAD_NAME, profile: read.pprof }] };
    data = read.text;
  }
  if (typeof data === 'string') {
    try {
      data = parseJsonText(data);
    } catch {
      return single(data, fileName); // the importer says what is wrong, in its words
    }
  }
  if (isCpuProfile(data)) {
    const list = threadsOf(data);
    if (list.length === 1) return single(data, fileName);
    return { format: 'cpuprofile', threads: list.map((t) => ({ name: t.name, allocations: allocationsOf(t.raw), profile: importProfile(t.raw), ...(t.requests !== undefined ? { requests: t.requests } : {}) })) };
  }
  if (isChromeTrace(data)) return { format: 'chrome-trace', threads: importChromeTraceThreads(data) };
  return single(data, fileName);
}

function single(data: unknown, fileName?: string): ImportedThreads {
  const { profile, format } = importProfileWithFormat(data, fileName);
  const allocations = typeof data === 'object' && data !== null ? allocationsOf(data) : null;
  return { format, threads: [{ name: MAIN_THREAD_NAME, profile, ...(allocations ? { allocations } : {}) }] };
}

/** The .cpuprofile of the main thread, the other threads in its threads addition (other tools read the main thread). */
export function exportThreadsCpuProfileText(threads: readonly NamedProfile[]): string {
  const main = exportCpuProfileText(threads[0].profile);
  if (threads.length === 1) return main;
  const rest = JSON.stringify(threads.slice(1).map((t) => ({ name: t.name, profile: exportCpuProfile(t.profile) })));
  return `${main.slice(0, -1)},"${EXTRA_KEYS.threads}":${rest}}`;
}

/**
 * The whole process, for comparing two recordings (issue 23): every thread in
 * one profile, each under a node named after it ("[worker 1 (hash-worker.cjs)]",
 * matched between A and B by that name: its index and script), so work moved
 * from the main thread into a worker is still counted — kinds of work, CPU
 * per 1 000 requests — instead of reading as "B spends 0 ms". One thread: that thread.
 */
export function importWholeProcess(input: unknown, fileName?: string): Profile {
  return importWholeProcessWithAllocations(input, fileName).profile;
}

/** One thread's allocation profile, named as its CPU profile is. */
export interface ThreadAllocations { name: string; heap: HeapProfile }

/**
 * The whole process as importWholeProcess gives it, and each thread's
 * allocation profile where the recording sampled one (read from the same
 * parse: a big profile is not read twice) — Compare's bytes per request.
 */
export function importWholeProcessWithAllocations(input: unknown, fileName?: string): { profile: Profile; allocations: ThreadAllocations[] } {
  const { threads } = importThreads(input, fileName);
  return {
    profile: threads.length > 1 ? mergeThreads(threads) : threads[0].profile,
    allocations: threads.flatMap((t) => (t.allocations ? [{ name: t.name, heap: t.allocations }] : [])),
  };
}

/**
 * What the requests allocated in a profile as stored, every thread's
 * allocation profile summed without background work (the main thread's
 * `background`) and Flambé's collectors — read without importing a CPU
 * profile — or null when it sampled none: what the library keeps with a
 * recording, per request (bytesPerRequestOf), the figure Compare compares.
 */
export function storedRequestBytes(data: unknown, background: Background | null): number | null {
  return requestAllocatedBytesOf(threadsOf(data).flatMap((t) => allocationsOf(t.raw) ?? []), background);
}
