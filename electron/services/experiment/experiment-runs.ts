// The experiments this service runs and keeps: running ones in memory, the
// rest in the library (or in memory when there is none), behind the contract's
// startExperiment / stopExperiment / getExperiment / listExperiments.
import type { ExperimentSpecResolved, FlambeEvent, FlambeEvents } from '../../../shared/api.ts';
import type { ExperimentResult, ExperimentRow } from '../../../shared/experiment/types.ts';
import { UserError } from '../errors.ts';
import type { Library } from '../library/library.ts';
import { startExperiment, type ExperimentDeps, type ExperimentHandle } from './runner.ts';

export interface ExperimentsOptions {
  api: ExperimentDeps['api'];
  /** The service's begin(): starts a recording, gives its id at once and the kept recording (with its profile) when it ends. */
  record: ExperimentDeps['record'];
  onEvent(listener: (e: FlambeEvent) => void): () => void;
  emit<K extends keyof FlambeEvents>(name: K, payload: FlambeEvents[K]): void;
  library(): Library | null;
  /** Whether the library kept a recording (the service's keep()). */
  isSaved(recordingId: string): boolean;
  libraryProblem(): string | null;
}

const toRow = (e: ExperimentResult): ExperimentRow => ({
  id: e.id, name: e.name, createdAt: e.createdAt, status: e.status, aName: e.variants.a.name, bName: e.variants.b.name,
  rounds: e.rounds.length, verdict: e.comparison?.verdict ?? null, recordingIds: e.rounds.map((r) => r.recordingId),
});

export function createExperiments(o: ExperimentsOptions) {
  const running = new Map<string, ExperimentHandle>();
  const inMemory = new Map<string, ExperimentResult>();

  /** Library first; in memory when it has none or refuses the write. */
  const save = (exp: ExperimentResult): boolean => {
    const lib = o.library();
    if (exp.spec.save && lib) {
      try {
        lib.saveExperiment(exp);
        inMemory.delete(exp.id);
        o.emit('libraryChanged', { ids: [exp.id] });
        return true;
      } catch { /* kept in memory below */ }
    }
    inMemory.set(exp.id, structuredClone(exp));
    return false;
  };

  return {
    async start(spec: ExperimentSpecResolved): Promise<{ experimentId: string }> {
      const handle = startExperiment(spec, { api: o.api, record: o.record, onEvent: o.onEvent, progress: (p) => o.emit('experimentProgress', p), save, isSaved: o.isSaved });
      running.set(handle.id, handle);
      void handle.done.then((exp) => {
        running.delete(handle.id);
        o.emit('experimentDone', { experimentId: exp.id, status: exp.status, error: exp.error, saved: !inMemory.has(exp.id) });
      });
      return { experimentId: handle.id };
    },
    stop(id: string): void {
      running.get(id)?.stop();
    },
    get(id: string): ExperimentResult {
      const live = running.get(id)?.result ?? inMemory.get(id);
      if (live) return structuredClone(live);
      const lib = o.library();
      if (!lib) throw new UserError(o.libraryProblem() ?? 'That experiment is not available any more.');
      return lib.getExperiment(id);
    },
    list(): ExperimentRow[] {
      const saved = o.library()?.listExperiments() ?? [];
      const ids = new Set(saved.map((r) => r.id));
      const extra = [...running.values()].map((h) => h.result).concat([...inMemory.values()]).filter((e) => !ids.has(e.id)).map(toRow);
      return [...extra, ...saved].sort((x, y) => y.createdAt.localeCompare(x.createdAt));
    },
    async dispose(): Promise<void> {
      for (const h of running.values()) h.stop();
      await Promise.allSettled([...running.values()].map((h) => h.done));
    },
  };
}
