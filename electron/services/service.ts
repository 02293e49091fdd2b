// The implementation of the contract in shared/api.ts. Nothing calls it
// directly: transports go through dispatch/ (browser mode, the service host)
// or through `api`, the validated FlambeApi (the CLI, tests), so every
// argument arrives here parsed by its schema, defaults filled in.
import type { FlambeApi, FlambeEvent, FlambeServiceApi, RecordingResult } from '../../shared/api.ts';
import { targetKeyOf } from '../../shared/work/running-work.ts';
import { createExperimentsApi } from './api/experiments-api.ts';
import { createLibraryApi } from './api/library-api.ts';
import { createLoadWorkApi } from './api/load-work-api.ts';
import type { Emit, ServiceParts } from './api/service-parts.ts';
import { createRecordingsApi } from './api/recordings-api.ts';
import { createTargetsApi } from './api/targets-api.ts';
import { validatedApi } from './dispatch/dispatch.ts';
import { createExperiments } from './experiment/experiment-runs.ts';
import { createGroupApi } from './library/group-service.ts';
import { createRecordingsInFlight } from './recording/recordings-in-flight.ts';
import { openRecordingStore } from './recording/recording-store.ts';
import { TargetRegistry } from './targets/registry.ts';
import { createWorkInProgress } from './work/work-in-progress.ts';
import { openWorkRegistry } from './work/work-registry.ts';

export interface ServiceOptions {
  /** The library file; null keeps recordings in memory only (tests, or when none can be opened). */
  libraryPath?: string | null;
  libraryBusyTimeoutMs?: number;
  /**
   * Whether the caller lives on after a refused save and can offer to export
   * what it kept in memory (the app, browser mode). The CLI says false: its
   * sentences then carry no advice about memory, instead of having it cut off.
   */
  keepsUnsavedInMemory?: boolean;
  /**
   * The library whose other users' work this process must not disturb (the
   * registry beside it, work/work-registry.ts); defaults to `libraryPath`. The CLI
   * passes the default library when it keeps nothing, so a run beside the app
   * is refused all the same.
   */
  workSharedWith?: string | null;
  /** How other Flambé processes name this one in a refusal: "flambe sweep", "the Flambé app". */
  program?: string;
}

export interface FlambeService {
  /** The contract for in-process callers: each call validated by services/dispatch. */
  api: FlambeApi;
  /** The implementation, for services/dispatch only: it trusts its (validated) arguments. */
  impl: FlambeServiceApi;
  onEvent(listener: (e: FlambeEvent) => void): () => void;
  /** Each recording as kept, its profile included, before `recordingDone`: for in-process callers (the CLI), never a transport. */
  onRecordingKept(listener: (result: RecordingResult) => void): () => void;
  /** Stops running recordings and launched processes (no orphans). */
  dispose(): Promise<void>;
}

export function createFlambeService(options: ServiceOptions = {}): FlambeService {
  const listeners = new Set<(e: FlambeEvent) => void>();
  const emit: Emit = (name, payload) => {
    const event = { name, payload } as FlambeEvent;
    for (const l of listeners) l(event);
  };
  const onEvent = (l: (e: FlambeEvent) => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };
  const targets = new TargetRegistry(emit);
  // Work started through the contract: what would disturb it is refused (work/work-in-progress.ts).
  const sharedWith = options.workSharedWith !== undefined ? options.workSharedWith : options.libraryPath ?? null;
  const work = createWorkInProgress(emit, () => (sharedWith ? openWorkRegistry(sharedWith, options.program ?? 'Flambé') : null));
  // Pages see other processes' work start and end (the buttons it would disturb are disabled with the sentence).
  if (options.keepsUnsavedInMemory !== false) work.watchOthers(2000);
  // Recordings the library could not store (or all of them, without a library) are kept in memory (recording-store.ts).
  const recordings = createRecordingsInFlight(targets, () => store, emit);
  const store = openRecordingStore(options, (id) => recordings.isRunning(id), (ids) => emit('libraryChanged', { ids }));
  const groups = createGroupApi({ needLibrary: store.needLibrary, fetch: store.fetch, metaOf: store.metaOf, changed: store.changed });
  const parts: ServiceParts = {
    targets, store, recordings, work, groups, emit,
    targetKey: (targetId) => (targetId ? targetKeyOf(targets.get(targetId).info.pid) : null),
  };

  const impl: FlambeServiceApi = {
    ...createTargetsApi(targets),
    ...createRecordingsApi(parts),
    ...createLoadWorkApi(parts),
    ...createLibraryApi(parts),
    ...createExperimentsApi(parts, () => experiments, onEvent),
  };
  const api = validatedApi(impl);
  // Experiments run through this same service (launch, begin() a recording, keep it), so every round is an ordinary recording.
  const experiments = createExperiments({
    api, record: recordings.begin, onEvent, emit,
    library: () => store.library, libraryProblem: () => store.libraryProblem, isSaved: store.isSaved,
  });

  return {
    api,
    impl,
    onEvent,
    onRecordingKept: recordings.onKept,
    async dispose() {
      await experiments.dispose();
      await recordings.stopAll();
      await targets.disposeAll();
      work.dispose();
      store.close();
    },
  };
}
