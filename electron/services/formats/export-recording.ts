// A recording's profile as a file, with every thread it kept (worker
// threads): the .cpuprofile of the main thread carrying the workers in
// flambeThreads (what the library stores: Flambé reads them back, other tools
// read the main thread), the Chrome trace format with one profile per thread
// (DevTools, speedscope and Perfetto show them all), or pprof with a
// "thread" label per sample. `thread` picks one thread (0 = main) instead,
// in a file every tool reads as that thread.
import type { ExportedFile } from '../../../shared/api.ts';
import { exportCpuProfileText, exportThreadsCpuProfileText, exportTrace, importThreads, type NamedProfile } from '../../../shared/profile/index.ts';
import { UserError } from '../errors.ts';
import { exportPprof } from './export-pprof.ts';
import { HEAP_PROFILE_NOT_CPU } from '../../../shared/recording/memory.ts';

export type ProfileFileFormat = 'cpuprofile' | 'trace' | 'pprof';

/** The file name's ending for each format. */
export const PROFILE_FILE_EXTENSION: Record<ProfileFileFormat, string> = { cpuprofile: '.cpuprofile', trace: '.trace.json', pprof: '.pb.gz' };

/** The threads to write: all, or the one asked for (a sentence when there is no such thread). */
export function chosenThreads(threads: NamedProfile[], thread: number | undefined): NamedProfile[] {
  if (thread === undefined) return threads;
  const one = threads[thread];
  if (!one) {
    const names = threads.map((t, i) => `${i} ${t.name}`).join(', ');
    throw new UserError(`There is no thread ${thread} in this profile: it has ${threads.length === 1 ? 'only the main thread (0)' : `threads ${names}`}.`);
  }
  return [one];
}

/** The profile's bytes or text in a format. */
export function profileFile(threads: NamedProfile[], format: ProfileFileFormat, startedAtMs = 0): string | Uint8Array {
  if (format === 'pprof') return exportPprof(threads.length === 1 ? threads[0].profile : threads, { startedAtMs });
  if (format === 'trace') return JSON.stringify(exportTrace(threads));
  return threads.length === 1 ? exportCpuProfileText(threads[0].profile) : exportThreadsCpuProfileText(threads);
}

/**
 * A stored profile (.cpuprofile text, workers in flambeThreads) exported.
 * The whole recording as .cpuprofile is the stored text itself (nothing recomputed).
 */
export function exportStoredProfile(text: string, baseName: string, format: ProfileFileFormat, thread: number | undefined, startedAtMs: number): ExportedFile {
  const suffix = thread === undefined ? '' : `-thread-${thread}`;
  const fileName = `${baseName}${suffix}${PROFILE_FILE_EXTENSION[format]}`;
  // A recording imported from a .heapprofile keeps that file: it goes out as it came in, under its own extension.
  if (/^\s*\{\s*"head"\s*:/.test(text.slice(0, 64))) {
    if (format !== 'cpuprofile') throw new UserError(`${HEAP_PROFILE_NOT_CPU} It exports as the .heapprofile it was imported from.`);
    return { fileName: `${baseName}.heapprofile`, content: text };
  }
  if (format === 'cpuprofile' && thread === undefined) return { fileName, content: text };
  const content = profileFile(chosenThreads(importThreads(text).threads, thread), format, startedAtMs);
  return typeof content === 'string' ? { fileName, content } : { fileName, content: Buffer.from(content).toString('base64'), encoding: 'base64' };
}
