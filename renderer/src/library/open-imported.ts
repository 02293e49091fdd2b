// One profile file imported on its own is opened at once, from the page's own
// read of it (speedscope's "drop a file, see it"): the analysis worker parses
// and draws it while the services save it in parallel, under an id the page
// chose, so the result shown and the library's row are the same recording.
// For a 78 MB profile, "file chosen → flamegraph drawn" no longer waits for
// the save (bench:open). Several files, or a bundle (.flambe: its own id and
// metadata), go through the Library's import as before.
import { importedRecording } from '../../../shared/library/imported-recording.ts';
import type { RecordingMeta } from '../../../shared/api.ts';

/** The file behind each recording opened this way, by id: the analysis reads it instead of asking the library. */
const localFiles = new Map<string, Blob>();
/** Resolved once the analysis has read (and imported, or refused) the file: the save starts then. */
const analysed = new Map<string, () => void>();

/**
 * How long the save waits at most for the page's own read: it starts once the
 * analysis worker has imported the file, so the two parses of a big file do not
 * share the CPU and the disk (78 MB on 2 cores: 2.4 s → 2.2 s until drawn);
 * the save finishes that much later. Also when no Result screen reads it.
 */
export const SAVE_WAITS_AT_MOST_MS = 5_000;

/** A chosen file the page opens at once: exactly one, a .cpuprofile. */
export function opensAtOnce(files: readonly File[]): boolean {
  return files.length === 1 && /\.cpuprofile$/i.test(files[0].name) && files[0].size > 0;
}

/** The recording a chosen file becomes (the services save it under the same id and the same rule). */
export function openLocally(file: File, now = new Date()): { rec: RecordingMeta; analysed: Promise<void> } {
  const rec = importedRecording(file.name, crypto.randomUUID(), now.toISOString());
  localFiles.set(rec.id, file);
  const done = new Promise<void>((resolve) => {
    analysed.set(rec.id, resolve);
    setTimeout(resolve, SAVE_WAITS_AT_MOST_MS);
  });
  return { rec, analysed: done };
}

/** The analysis of a file opened this way has read it (imported, or found it unreadable). */
export function localProfileAnalysed(id: string): void {
  analysed.get(id)?.();
  analysed.delete(id);
}

/** The file a recording was opened from on this page, if it was (useAnalysisClient reads it). */
export function localProfile(id: string): Blob | undefined {
  return localFiles.get(id);
}

/** The file is no longer needed: the library has the recording (or the user left it). */
export function forgetLocalProfile(id: string): void {
  localFiles.delete(id);
}
