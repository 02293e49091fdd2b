// The implementation of the contract in shared/api.ts. Transports (Electron's
// utility process, the browser-mode server, the CLI) call it with arguments
// they have already validated against apiInputSchemas.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { describeValidationError, experimentSpecSchema, recordRequestSchema } from '../../shared/api.ts';
import type {
  CpuSplit, DemoServerInfo, FlambeApi, FlambeEvent, FlambeEvents, ListQuery, RecordRequestResolved, RecordingResult,
} from '../../shared/api.ts';
import { UserError, messageOf } from './errors.ts';
import { Library, defaultName } from './library/library.ts';
import { recordingFromFile, toBundle } from './library/files.ts';
import { cpuSplitOf } from './library/split.ts';
import { libraryNoise } from './compare-noise.ts';
import { estimateNoise, runMetaOf } from '../../shared/compare/index.ts';
import { demoServerDir } from './paths.ts';
import { startRecording, type RecordingHandle } from './recorder.ts';
import { createExperiments } from './experiment/experiments.ts';
import { listInspectorTargets } from './targets/attach.ts';
import { TargetRegistry } from './targets/registry.ts';

export interface ServiceOptions {
  /** The library file; null keeps recordings in memory only (tests, or when none can be opened). */
  libraryPath?: string | null;
  /** The headline CPU split of a profile, stored with each recording. */
  cpuSplit?: (profile: unknown) => CpuSplit | null;
  libraryBusyTimeoutMs?: number;
}

export interface FlambeService {
  api: FlambeApi;
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
  const targets = new TargetRegistry(emit);
  const running = new Map<string, RecordingHandle>();
  // Recordings the library could not store (or all of them, without a library):
  // kept in memory so nothing measured is lost; the UI offers to export them.
  const unsaved = new Map<string, RecordingResult>();

  let library: Library | null = null;
  let libraryProblem: string | null = null;
  if (options.libraryPath) {
    try {
      library = new Library(options.libraryPath, { cpuSplit: options.cpuSplit ?? cpuSplitOf, busyTimeoutMs: options.libraryBusyTimeoutMs });
    } catch (e) {
      libraryProblem = `${messageOf(e)} Recordings are kept in memory until Flambé closes: export the ones you want to keep.`;
    }
  } else if (options.libraryPath === undefined) {
    libraryProblem = 'No library file is in use: recordings are kept in memory until Flambé closes.';
  }
  const needLibrary = (): Library => {
    if (!library) throw new UserError(libraryProblem ?? 'No library is open.');
    return library;
  };
  const changed = (...ids: string[]) => emit('libraryChanged', { ids });

  /** Save before showing anything: a recording is never lost because a view crashed. */
  function keep(result: RecordingResult): { saved: boolean; saveError: string | null } {
    if (!library) {
      unsaved.set(result.id, result);
      return { saved: false, saveError: libraryProblem };
    }
    try {
      library.save(result);
      changed(result.id);
      return { saved: true, saveError: null };
    } catch (e) {
      unsaved.set(result.id, result);
      const why = (e as { code?: string; errstr?: string }).errstr ?? messageOf(e);
      return { saved: false, saveError: `Could not save the recording to the library (${why}). It is kept in memory until Flambé closes: export it to keep it.` };
    }
  }

  const fetch = (id: string): RecordingResult => {
    const mem = unsaved.get(id);
    if (mem) return mem;
    if (running.has(id)) throw new UserError('That recording is still running.');
    if (!library) throw new UserError('That recording is not available any more.');
    return library.get(id);
  };

  const api: FlambeApi = {
    launchTarget: (spec) => targets.launch(spec),
    listInspectorTargets: ({ host, port }) => listInspectorTargets(host, port),
    attachTarget: (spec) => targets.attach(spec),
    getTarget: ({ targetId }) => targets.refresh(targetId),
    stopTarget: ({ targetId }) => targets.stop(targetId),
    async startRecording(req) {
      // Transports validate already; parsing again is idempotent and fills defaults for in-process callers.
      const request: RecordRequestResolved = recordRequestSchema.parse(req);
      const target = request.targetId ? targets.get(request.targetId) : null;
      const handle = startRecording({ request, target, onProgress: (p) => emit('recordingProgress', p) });
      running.set(handle.id, handle);
      void handle.done.then((result) => {
        result.name = request.name || defaultName(result.settings?.load.method ?? null, result.settings?.load.url ?? null, result.createdAt);
        result.tags = [...new Set(request.tags)];
        const outcome = keep(result);
        running.delete(handle.id);
        emit('recordingDone', { recordingId: handle.id, error: result.error, ...outcome });
      });
      return { recordingId: handle.id };
    },
    async stopRecording({ id }) {
      running.get(id)?.stop();
    },
    async getRecording({ id }) {
      return fetch(id);
    },
    async demoServer() {
      const dir = demoServerDir();
      return { script: path.join(dir, 'server.js'), cwd: dir, routes: DEMO_ROUTES };
    },
    async libraryStatus() {
      return { path: library?.file ?? null, problem: libraryProblem };
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
    async importFile({ fileName, content }) {
      const lib = needLibrary();
      const rec = recordingFromFile(fileName, content);
      if (lib.has(rec.id)) rec.id = randomUUID();
      const row = lib.save(rec, rec.settings ? 'recorded' : 'imported');
      changed(row.id);
      return row;
    },
    async exportRecording({ id, format = 'cpuprofile' }) {
      const rec = fetch(id);
      const safeName = rec.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'recording';
      if (format === 'bundle') return { fileName: `${safeName}.flambe`, content: toBundle(rec) };
      if (!rec.profile) throw new UserError('This recording has no CPU profile to export (it was a load-only run): export it as a bundle instead.');
      const text = unsaved.has(id) ? JSON.stringify(rec.profile) : library?.profileText(id) ?? JSON.stringify(rec.profile);
      return { fileName: `${safeName}.cpuprofile`, content: text };
    },
    startExperiment: async (spec) => {
      const parsed = experimentSpecSchema.safeParse(spec);
      if (!parsed.success) throw new UserError(describeValidationError(parsed.error));
      return experiments.start(parsed.data);
    },
    stopExperiment: async ({ id }) => experiments.stop(id),
    getExperiment: async ({ id }) => experiments.get(id),
    listExperiments: async () => experiments.list(),
    async compareNoise({ a, b }) {
      // Metadata only: the profiles are not needed to find repeats.
      const metaOf = (id: string) => runMetaOf(unsaved.get(id) ?? (library?.has(id) ? library.getWithoutProfile(id) : fetch(id)));
      const ma = metaOf(a);
      const mb = metaOf(b);
      return library ? libraryNoise(library, ma, mb) : estimateNoise([], ma, mb);
    },
  };
  // Experiments run through this same API (launch, record, save), so every round is an ordinary recording.
  const experiments = createExperiments({ api, onEvent: (l) => { listeners.add(l); return () => listeners.delete(l); }, emit, library: () => library, libraryProblem: () => libraryProblem });

  return {
    api,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      await experiments.dispose();
      for (const r of running.values()) r.stop();
      await Promise.allSettled([...running.values()].map((r) => r.done));
      await targets.disposeAll();
      library?.close();
    },
  };
}
