// The implementation of the contract in shared/api.ts. Nothing calls it
// directly: transports go through dispatch/ (browser mode, the service host)
// or through `api`, the validated FlambeApi (the CLI, tests), so every
// argument arrives here parsed by its schema, defaults filled in.
import { probeAddresses } from './targets/probe-addresses.ts';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type {
  DemoServerInfo, FlambeApi, FlambeEvent, FlambeServiceApi, FlambeEvents, ListQuery, OverheadResult, RecordRequestResolved,
  RecordingMeta, RecordingResult, SweepRequestResolved, SweepResult,
} from '../../shared/api.ts';
import { runSweep } from './load/sweep.ts';
import { profileRoutes } from './load/profile-routes.ts';
import { measureOverhead } from './load/overhead.ts';
import { runBurstInWorker } from './load/run.ts';
import { UserError, messageOf } from './errors.ts';
import { validatedApi } from './dispatch/dispatch.ts';
import { Library, defaultName } from './library/library.ts';
import { writeBundleWithNote } from '../../shared/bundle.ts';
import { maskedSentence } from '../../shared/recording/secrets.ts';
import { prepareImportOffThread } from './library/import-in-worker.ts';
import { launchDetails } from './library/launch-details.ts';
import { libraryNoise } from './compare-noise.ts';
import { estimateNoise, runMetaOf } from '../../shared/compare/index.ts';
import { demoServerDir } from './paths.ts';
import { startRecording, type RecordingHandle } from './recorder.ts';
import { createExperiments } from './experiment/experiment-runs.ts';
import { listInspectorTargets } from './targets/attach.ts';
import { listNodeProcesses } from './targets/processes.ts';
import { exportStoredProfile } from './export-recording.ts';
import { TargetRegistry } from './targets/registry.ts';
import { createGroupApi } from './library/group-service.ts';
import { sameOverheadSetting } from '../../shared/recording/overhead-setting.ts';
import { createWorkInProgress, experimentLabel } from './work-in-progress.ts';
import { openWorkRegistry } from './work-registry.ts';
import { targetKeyOf } from '../../shared/work/running-work.ts';
import { loadTitle } from '../../shared/load/load-title.ts';

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
   * registry beside it, work-registry.ts); defaults to `libraryPath`. The CLI
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
  /** Stops running recordings and launched processes (no orphans). */
  dispose(): Promise<void>;
}

export const DEMO_ROUTES: DemoServerInfo['routes'] = [
  { path: '/hello', what: 'answers "hello world": the baseline' },
  { path: '/log', what: 'one console.log per request' },
  { path: '/json', what: 'JSON.stringify of a large object' },
  { path: '/crypto', what: 'pbkdf2Sync: synchronous crypto' },
  { path: '/regex', what: 'a backtracking regular expression' },
];

export function createFlambeService(options: ServiceOptions = {}): FlambeService {
  const listeners = new Set<(e: FlambeEvent) => void>();
  const emit = <K extends keyof FlambeEvents>(name: K, payload: FlambeEvents[K]) => {
    const event = { name, payload } as FlambeEvent;
    for (const l of listeners) l(event);
  };
  const onOwnEvent = (l: (e: FlambeEvent) => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };
  const targets = new TargetRegistry(emit);
  const running = new Map<string, RecordingHandle>();
  const recordingTargets = new Set<string>();
  // Work started through the contract: what would disturb it is refused (work-in-progress.ts).
  const sharedWith = options.workSharedWith !== undefined ? options.workSharedWith : options.libraryPath ?? null;
  const work = createWorkInProgress(emit, () => (sharedWith ? openWorkRegistry(sharedWith, options.program ?? 'Flambé') : null));
  // Pages see other processes' work start and end (the buttons it would disturb are disabled with the sentence).
  if (options.keepsUnsavedInMemory !== false) work.watchOthers(2000);
  const targetKey = (targetId: string | null) => (targetId ? targetKeyOf(targets.get(targetId).info.pid) : null);
  // Recordings the library could not store (or all of them, without a library):
  // kept in memory so nothing measured is lost; the UI offers to export them.
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
  const needLibrary = (): Library => {
    if (!library) throw new UserError(libraryProblem ?? 'No library is open.');
    return library;
  };
  const changed = (...ids: string[]) => emit('libraryChanged', { ids });

  /** Save before showing anything: a recording is never lost because a view crashed. */
  function keep(result: RecordingResult): { saved: boolean; saveError: string | null } {
    if (!library || readOnly) {
      unsaved.set(result.id, result);
      return { saved: false, saveError: readOnly ?? libraryProblem };
    }
    try {
      library.save(result);
      changed(result.id);
      return { saved: true, saveError: null };
    } catch (e) {
      unsaved.set(result.id, result);
      const why = (e as { code?: string; errstr?: string }).errstr ?? messageOf(e);
      const advice = inMemory ? ' It is kept in memory until Flambé closes: export it to keep it.' : '';
      return { saved: false, saveError: `Could not save the recording to the library (${why}).${advice}` };
    }
  }

  const fetch = (id: string): RecordingResult => {
    const mem = unsaved.get(id);
    if (mem) return mem;
    if (running.has(id)) throw new UserError('That recording is still running.');
    if (!library) throw new UserError('That recording is not available any more.');
    return library.get(id);
  };
  const metaOf = (id: string): RecordingMeta => {
    const mem = unsaved.get(id);
    if (mem) {
      const { profile, ...meta } = mem;
      return { ...meta, hasProfile: profile != null };
    }
    if (running.has(id)) throw new UserError('That recording is still running.');
    if (!library) throw new UserError('That recording is not available any more.');
    return library.meta(id);
  };
  const NO_PROFILE = 'This recording has no CPU profile (it was a load-only run).';

  const stoppedIds = new Set<string>();
  const lastOverhead = new Map<number, OverheadResult>();
  // Each run's result by its work id, for a page that followed it across a reload (the newest few).
  const overheadRuns = new Map<string, OverheadResult>();

  /**
   * Starts a recording; `finished` resolves once it is kept (saved, or in memory).
   * The request arrives parsed, defaults filled: by services/dispatch for a call
   * of the contract, or built from a parsed sweep, experiment or route request.
   */
  function begin(request: RecordRequestResolved): { id: string; finished: Promise<RecordingResult> } {
    const target = request.targetId ? targets.get(request.targetId) : null;
    // Two profilers on one target would mix their samples and their load.
    if (request.targetId && recordingTargets.has(request.targetId)) {
      throw new UserError('This target is already being recorded: wait for that recording to finish, or stop it first.');
    }
    const handle = startRecording({ request, target, onProgress: (p) => emit('recordingProgress', p) });
    running.set(handle.id, handle);
    if (request.targetId) recordingTargets.add(request.targetId);
    const finished = handle.done.then((result) => {
      result.name = request.name
        || defaultName(result.settings?.load.method ?? null, result.settings?.load.url ?? null, result.createdAt, launchDetails(result.target),
          result.settings?.load.routes?.length ? loadTitle(result.settings.load) : undefined);
      result.tags = [...new Set(request.tags)];
      const outcome = keep(result);
      running.delete(handle.id);
      if (request.targetId) recordingTargets.delete(request.targetId);
      const { profile, ...meta } = result;
      emit('recordingDone', { recordingId: handle.id, error: result.error, ...outcome, recording: { ...meta, hasProfile: profile != null } });
      return result;
    });
    return { id: handle.id, finished };
  }

  // The sweep itself, its levels recorded one after the other, kept as one group.
  async function sweepNow(request: SweepRequestResolved, onLevelDone: (done: number) => void): Promise<{ result: SweepResult; kept: boolean }> {
    const levelIds: string[] = [];
    const result = await runSweep(request, {
      record: (r) => {
        const level = begin(r);
        levelIds.push(level.id);
        return level.finished;
      },
      stopped: () => levelIds.some((id) => stoppedIds.has(id)),
      // A group from the first level on: a sweep killed midway keeps its levels together (marked interrupted on the next open).
      onLevel: (partial) => {
        onLevelDone(partial.levels.length);
        if (library && partial.levels.every((l) => !unsaved.has(l.recordingId))) {
          try { groups.saveSweep({ ...partial, knee: null }, true); } catch { /* said at the end, when the whole sweep is saved */ }
        }
      },
    });
    // Kept as one group of its levels (linked, the knee stored) when the levels were saved.
    if (library && result.levels.every((l) => !unsaved.has(l.recordingId))) {
      try {
        groups.saveSweep(result);
        return { result, kept: true };
      } catch (e) {
        // The levels are saved as recordings; only the link between them is missing.
        result.error ??= `The levels are saved, but could not be kept together as one sweep in the library (${messageOf(e)}).`;
      }
    }
    return { result, kept: false };
  }

  const groups = createGroupApi({ needLibrary, fetch, metaOf, changed });

  const impl: FlambeServiceApi = {
    launchTarget: (spec) => targets.launch(spec),
    listInspectorTargets: ({ host, port }) => listInspectorTargets(host, port),
    attachTarget: (spec) => targets.attach(spec),
    listNodeProcesses: () => listNodeProcesses(),
    attachProcess: ({ pid }) => targets.attachPid(pid),
    getTarget: ({ targetId }) => targets.refresh(targetId),
    probeAddresses: async ({ targetId }) => probeAddresses((await targets.refresh(targetId)).suggestedUrls),
    listTargets: async () => ({ targets: await targets.list() }),
    stopTarget: ({ targetId }) => targets.stop(targetId),
    async startRecording(req) {
      const targetId = req.targetId ?? null;
      const claim = work.claim({ kind: 'recording', label: loadTitle(req.load), targetId, targetKey: targetKey(targetId) });
      let started: { id: string; finished: Promise<RecordingResult> };
      try {
        started = begin(req);
      } catch (e) {
        claim.cancel();
        throw e;
      }
      const ended = claim.started(started.id);
      started.finished.then(() => ended(started.id), () => ended(null));
      return { recordingId: started.id };
    },
    async stopRecording({ id }) {
      stoppedIds.add(id);
      running.get(id)?.stop();
    },
    async runSweep(request) {
      const runId = randomUUID();
      const levels = [...new Set(request.levels)].sort((a, b) => a - b);
      const ended = work.claim({ kind: 'sweep', label: loadTitle(request.load), targetId: request.targetId, targetKey: targetKey(request.targetId), levels })
        .started(runId);
      try {
        const { result, kept } = await sweepNow(request, (levelsDone) => work.update(runId, { levelsDone }));
        // Its id names a sweep of the library only when it was kept as one (a page opens #/sweeps/<id>).
        ended(kept ? result.id : null);
        return result;
      } finally {
        ended(null);
      }
    },
    async profileRoutes(request) {
      const ended = work.claim({ kind: 'routes', label: loadTitle(request.load), targetId: request.targetId, targetKey: targetKey(request.targetId) })
        .started(randomUUID());
      return profileRoutes(request, (r) => begin(r).finished).finally(() => ended(null));
    },
    async measureOverhead(request) {
      const target = targets.get(request.targetId);
      const runId = randomUUID();
      const ended = work.claim({ kind: 'overhead', label: target.info.label, targetId: request.targetId, targetKey: targetKeyOf(target.info.pid) })
        .started(runId);
      try {
        const result = await measureOverhead(request, { target, runBurst: runBurstInWorker });
        const l = request.load;
        result.setting = { target: target.info.label, url: l.url, method: l.method, connections: l.connections, samplingIntervalUs: result.samplingIntervalUs };
        // A recording shows what its profiler cost: the request collector's own cost is not that.
        if (result.profiler !== 'requests') lastOverhead.set(result.samplingIntervalUs, result);
        overheadRuns.set(runId, result);
        for (const old of [...overheadRuns.keys()].slice(0, -10)) overheadRuns.delete(old);
        ended(runId);
        return result;
      } finally {
        ended(null);
      }
    },
    async runningWork() {
      return work.list();
    },
    async lastOverhead({ samplingIntervalUs, setting, runId }) {
      if (runId) return overheadRuns.get(runId) ?? null;
      // Only for the same target, load and interval: a cost measured on another server is not this one's.
      const r = lastOverhead.get(samplingIntervalUs);
      return r?.setting && setting && sameOverheadSetting(r.setting, setting) ? r : null;
    },
    async getRecording({ id }) {
      return metaOf(id);
    },
    async getProfile({ id }) {
      const mem = unsaved.get(id);
      if (mem) {
        if (mem.profile == null) throw new UserError(NO_PROFILE);
        return Buffer.from(JSON.stringify(mem.profile));
      }
      if (running.has(id)) throw new UserError('That recording is still running.');
      if (!library) throw new UserError('That recording is not available any more.');
      const bytes = library.profileBytes(id);
      if (!bytes) throw new UserError(library.has(id) ? NO_PROFILE : 'That recording is not in the library (it may have been deleted).');
      return bytes;
    },
    async demoServer() {
      const dir = demoServerDir();
      return { script: path.join(dir, 'server.js'), cwd: dir, routes: DEMO_ROUTES };
    },
    async libraryStatus() {
      return { path: library?.file ?? null, problem: libraryProblem, readOnly };
    },
    async listRecordings(q: ListQuery) {
      return needLibrary().list(q);
    },
    async renameRecording({ id, name }) {
      const row = needLibrary().rename(id, name);
      changed(id);
      return row;
    },
    async setNotes({ id, notes }) {
      const row = needLibrary().setNotes(id, notes);
      changed(id);
      return row;
    },
    async editTags({ id, add = [], remove = [] }) {
      const row = needLibrary().editTags(id, add, remove);
      changed(id);
      return row;
    },
    async deleteRecording({ id }) {
      if (unsaved.delete(id)) return;
      needLibrary().delete(id);
      changed(id);
    },
    async importFile({ fileName, content, id }) {
      const lib = needLibrary();
      // Parsed, imported once and compressed in a worker thread when big: other calls keep being answered.
      const prepared = await prepareImportOffThread(fileName, content, { onPhase: (phase) => emit('importProgress', { fileName, phase }) });
      const { rec, packed } = prepared;
      emit('importProgress', { fileName, phase: 'saving' });
      if (prepared.group) return groups.saveImported(prepared);
      // The UI already shows this file under the id it chose (renderer/src/library/open-imported.ts).
      if (id && prepared.plain) rec.id = id;
      if (lib.has(rec.id)) rec.id = randomUUID();
      const row = lib.save(rec, rec.settings ? 'recorded' : 'imported', packed);
      changed(row.id);
      return row;
    },
    async exportRecording({ id, format = 'cpuprofile', thread, includeSecrets }) {
      // Only a bundle needs the profile parsed (it is one JSON document); a profile file is the stored text.
      const meta = metaOf(id);
      const safeName = meta.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'recording';
      if (format === 'bundle') {
        const { text, masked } = writeBundleWithNote(fetch(id), { includeSecrets });
        const note = maskedSentence(masked);
        return { fileName: `${safeName}.flambe`, content: text, ...(note ? { note } : {}) };
      }
      if (!meta.hasProfile) throw new UserError('This recording has no CPU profile to export (it was a load-only run): export it as a bundle instead.');
      const inMemory = unsaved.get(id);
      const text = inMemory ? JSON.stringify(inMemory.profile) : library?.profileText(id);
      if (!text) throw new UserError('That recording is not available any more.');
      // Every thread, or the one asked for (export-recording.ts); pprof is binary, so base64 over the transports.
      return exportStoredProfile(text, safeName, format, thread, Date.parse(meta.createdAt) || 0);
    },
    async startExperiment(spec) {
      const claim = work.claim({ kind: 'experiment', label: experimentLabel(spec), targetId: null, targetKey: null });
      let started: Awaited<ReturnType<typeof experiments.start>>;
      try {
        started = await experiments.start(spec);
      } catch (e) {
        claim.cancel();
        throw e;
      }
      const id = started.experimentId;
      const ended = claim.started(id);
      const off = onOwnEvent((e) => {
        if (e.name !== 'experimentDone' || e.payload.experimentId !== id) return;
        off();
        ended(id);
      });
      return started;
    },
    stopExperiment: async ({ id }) => experiments.stop(id),
    getExperiment: async ({ id }) => experiments.get(id),
    listExperiments: async () => experiments.list(),
    listGroups: async () => groups.listGroups(),
    getSweep: async ({ id }) => groups.getSweep(id),
    deleteGroup: async ({ id }) => groups.deleteGroup(id),
    exportGroup: async ({ id, includeSecrets }) => groups.exportGroup(id, includeSecrets),
    planRepeat: async (arg) => groups.planRepeat(arg),
    async compareNoise({ a, b }) {
      // Metadata only: the profiles are not needed to find repeats.
      const ma = runMetaOf(metaOf(a));
      const mb = runMetaOf(metaOf(b));
      return library ? libraryNoise(library, ma, mb) : estimateNoise([], ma, mb);
    },
  };
  const api = validatedApi(impl);
  // Experiments run through this same service (launch, begin() a recording, keep it), so every round is an ordinary recording.
  const experiments = createExperiments({
    api, record: begin, onEvent: (l) => { listeners.add(l); return () => listeners.delete(l); }, emit,
    library: () => library, libraryProblem: () => libraryProblem, isSaved: (id) => !unsaved.has(id),
  });

  return {
    api,
    impl,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      await experiments.dispose();
      for (const r of running.values()) r.stop();
      await Promise.allSettled([...running.values()].map((r) => r.done));
      await targets.disposeAll();
      work.dispose();
      library?.close();
    },
  };
}
