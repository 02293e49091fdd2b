// The implementation of the contract in shared/api.ts. Transports (Electron's
// utility process, the browser-mode server, the CLI) call it with arguments
// they have already validated against apiInputSchemas.
import path from 'node:path';
import type {
  DemoServerInfo, FlambeApi, FlambeEvent, FlambeEvents, RecordRequestResolved, RecordingResult,
} from '../../shared/api.ts';
import { UserError } from './errors.ts';
import { demoServerDir } from './paths.ts';
import { startRecording, type RecordingHandle } from './recorder.ts';
import { listInspectorTargets } from './targets/attach.ts';
import { TargetRegistry } from './targets/registry.ts';

export interface ServiceOptions {
  /** How many finished recordings to keep in memory. */
  keepRecordings?: number;
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
  const finished = new Map<string, RecordingResult>();
  const keep = options.keepRecordings ?? 20;

  const api: FlambeApi = {
    launchTarget: (spec) => targets.launch(spec),
    listInspectorTargets: ({ host, port }) => listInspectorTargets(host, port),
    attachTarget: (spec) => targets.attach(spec),
    getTarget: ({ targetId }) => targets.refresh(targetId),
    stopTarget: ({ targetId }) => targets.stop(targetId),
    async startRecording(req) {
      const request = req as RecordRequestResolved;
      const target = request.targetId ? targets.get(request.targetId) : null;
      const handle = startRecording({ request, target, onProgress: (p) => emit('recordingProgress', p) });
      running.set(handle.id, handle);
      void handle.done.then((result) => {
        running.delete(handle.id);
        finished.set(handle.id, result);
        while (finished.size > keep) finished.delete(finished.keys().next().value!);
        emit('recordingDone', { recordingId: handle.id, error: result.error });
      });
      return { recordingId: handle.id };
    },
    async stopRecording({ id }) {
      running.get(id)?.stop();
    },
    async getRecording({ id }) {
      const r = finished.get(id);
      if (!r) throw new UserError(running.has(id) ? 'That recording is still running.' : 'That recording is not available any more.');
      return r;
    },
    async demoServer() {
      const dir = demoServerDir();
      return { script: path.join(dir, 'server.js'), cwd: dir, routes: DEMO_ROUTES };
    },
  };

  return {
    api,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      for (const r of running.values()) r.stop();
      await Promise.allSettled([...running.values()].map((r) => r.done));
      await targets.disposeAll();
    },
  };
}
