// The recordings being made now: begin() starts one (for a call of the
// contract, a sweep's level, a route's burst or an experiment's round alike),
// names it, keeps it in the store, and says it is done. One recording per
// target at a time: two profilers on one target would mix their samples and
// their load.
import type { FlambeEvents, RecordRequestResolved, RecordingResult } from '../../../shared/api.ts';
import { loadTitle } from '../../../shared/load/load-title.ts';
import { UserError } from '../errors.ts';
import { defaultName } from '../library/library.ts';
import { launchDetails } from '../library/launch-details.ts';
import type { RecordingStore } from './recording-store.ts';
import { startRecording, type RecordingHandle } from './recorder.ts';
import type { TargetRegistry } from '../targets/registry.ts';

type Emit = <K extends keyof FlambeEvents>(name: K, payload: FlambeEvents[K]) => void;

export interface RecordingsInFlight {
  /**
   * Starts a recording; `finished` resolves once it is kept (saved, or in memory).
   * The request arrives parsed, defaults filled: by services/dispatch for a call
   * of the contract, or built from a parsed sweep, experiment or route request.
   */
  begin(request: RecordRequestResolved): { id: string; finished: Promise<RecordingResult> };
  stop(id: string): void;
  isRunning(id: string): boolean;
  /** Stop was asked for this recording (a sweep stops at its level). */
  wasStopped(id: string): boolean;
  /** Stops every recording and waits for it to be kept. */
  stopAll(): Promise<void>;
  /**
   * In-process only (the CLI): each recording once kept, with the profile it holds, before `recordingDone` is
   * emitted — so `flambe record` reports the profile it made instead of reading it back from the library.
   */
  onKept(listener: (result: RecordingResult) => void): () => void;
}

export function createRecordingsInFlight(targets: TargetRegistry, store: () => RecordingStore, emit: Emit): RecordingsInFlight {
  const running = new Map<string, RecordingHandle>();
  const recordingTargets = new Set<string>();
  const stoppedIds = new Set<string>();
  const keptListeners = new Set<(result: RecordingResult) => void>();
  return {
    begin(request) {
      const target = request.targetId ? targets.get(request.targetId) : null;
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
        const outcome = store().keep(result);
        running.delete(handle.id);
        if (request.targetId) recordingTargets.delete(request.targetId);
        for (const l of keptListeners) l(result);
        const { profile, ...meta } = result;
        emit('recordingDone', { recordingId: handle.id, error: result.error, ...outcome, recording: { ...meta, hasProfile: profile != null } });
        return result;
      });
      return { id: handle.id, finished };
    },
    stop(id) {
      stoppedIds.add(id);
      running.get(id)?.stop();
    },
    isRunning: (id) => running.has(id),
    wasStopped: (id) => stoppedIds.has(id),
    onKept(listener) {
      keptListeners.add(listener);
      return () => keptListeners.delete(listener);
    },
    async stopAll() {
      for (const r of running.values()) r.stop();
      await Promise.allSettled([...running.values()].map((r) => r.done));
    },
  };
}
