// Where the service keeps recordings: the library when one is open and
// writable, otherwise memory (so nothing measured is lost; the UI offers to
// export what is there). A recording is kept before it is shown: a view that
// crashes never loses it.
import type { RecordingMeta, RecordingResult } from '../../../shared/api.ts';
import { UserError, isUserError, messageOf } from '../errors.ts';
import { Library } from '../library/library.ts';

export interface StoreOptions {
  libraryPath?: string | null;
  libraryBusyTimeoutMs?: number;
  /** The caller lives on after a refused save and can export what is in memory (see ServiceOptions). */
  keepsUnsavedInMemory?: boolean;
}

export interface RecordingStore {
  readonly library: Library | null;
  readonly libraryProblem: string | null;
  /** Why the library takes no new recordings, or null. */
  readonly readOnly: string | null;
  /** The library, or the sentence saying why there is none. */
  needLibrary(): Library;
  /** Saves (or keeps in memory) and says which. */
  keep(result: RecordingResult): { saved: boolean; saveError: string | null };
  fetch(id: string): RecordingResult;
  metaOf(id: string): RecordingMeta;
  /** Kept in memory only (not saved), or null. */
  unsaved(id: string): RecordingResult | null;
  isSaved(id: string): boolean;
  forget(id: string): boolean;
  changed(...ids: string[]): void;
  close(): void;
}

/** `isRunning`: a recording still being made has nothing to read yet. */
export function openRecordingStore(options: StoreOptions, isRunning: (id: string) => boolean, changed: (ids: string[]) => void): RecordingStore {
  const unsaved = new Map<string, RecordingResult>();
  const inMemory = options.keepsUnsavedInMemory ?? true;
  let library: Library | null = null;
  let libraryProblem: string | null = null;
  if (options.libraryPath) {
    try {
      library = new Library(options.libraryPath, { busyTimeoutMs: options.libraryBusyTimeoutMs });
    } catch (e) {
      libraryProblem = inMemory ? `${messageOf(e)} Recordings are kept in memory until Flambé closes: export the ones you want to keep.` : messageOf(e);
    }
  } else if (options.libraryPath === undefined) {
    libraryProblem = 'No library file is in use: recordings are kept in memory until Flambé closes.';
  }
  // A read-only library is listed and opened as usual; what it cannot take is kept in memory (app) or a bundle (CLI).
  const readOnly = library?.readOnly ? `${library.readOnly}${inMemory ? ' New recordings are kept in memory until Flambé closes: export the ones you want to keep.' : ''}` : null;
  const stored = (id: string): Library => {
    if (isRunning(id)) throw new UserError('That recording is still running.');
    if (!library) throw new UserError('That recording is not available any more.');
    return library;
  };

  return {
    library, libraryProblem, readOnly,
    needLibrary() {
      if (!library) throw new UserError(libraryProblem ?? 'No library is open.');
      return library;
    },
    keep(result) {
      if (!library || readOnly) {
        unsaved.set(result.id, result);
        return { saved: false, saveError: readOnly ?? libraryProblem };
      }
      try {
        library.save(result);
        changed([result.id]);
        return { saved: true, saveError: null };
      } catch (e) {
        unsaved.set(result.id, result);
        const advice = inMemory ? ' It is kept in memory until Flambé closes: export it to keep it.' : '';
        // The library's own sentence (disk full, locked by which process, read-only) names the cause as is.
        if (isUserError(e)) return { saved: false, saveError: `The recording was not saved. ${e.message}${advice}` };
        const why = (e as { code?: string; errstr?: string }).errstr ?? messageOf(e);
        return { saved: false, saveError: `Could not save the recording to the library (${why}).${advice}` };
      }
    },
    fetch(id) {
      return unsaved.get(id) ?? stored(id).get(id);
    },
    metaOf(id) {
      const mem = unsaved.get(id);
      if (mem) {
        const { profile, ...meta } = mem;
        return { ...meta, hasProfile: profile != null };
      }
      return stored(id).meta(id);
    },
    unsaved: (id) => unsaved.get(id) ?? null,
    isSaved: (id) => !unsaved.has(id),
    forget: (id) => unsaved.delete(id),
    changed: (...ids) => changed(ids),
    close: () => library?.close(),
  };
}
