// What the service is doing right now (recordings, experiments, sweeps,
// overhead measurements, per-route profiles started through the contract),
// so that (1) work that would disturb running work is refused with one
// sentence — the CLI and the UI get the same — and (2) a page reloaded
// mid-way asks what runs (runningWork) and follows it to its result
// (workChanged, with the result's id when one ends). With a registry
// (work-registry.ts, beside the library) the rule also holds against the work
// of other Flambé processes on the same library, and they are listed too.
import type { ExperimentSpecResolved, FlambeEvents } from '../../../shared/api.ts';
import { workRefusal, type RunningWork, type WorkKind } from '../../../shared/work/running-work.ts';
import { UserError } from '../errors.ts';
import type { WorkRegistry } from './work-registry.ts';

export interface WorkClaim {
  /** The work started under `id` (the recording's, experiment's or run's): listed from now on. Returns its end. */
  started(id: string): (resultId: string | null) => void;
  /** It did not start after all. */
  cancel(): void;
}

export interface WorkInProgress {
  /** This process's work, then other processes' on the same library. */
  list(): RunningWork[];
  /**
   * Claims the right to start `kind` (on the target `targetId` of this process,
   * whose process is `targetKey`): throws the sentence when it would disturb
   * running work here or in another Flambé process; checked and taken at once.
   */
  claim(work: { kind: WorkKind; label: string; targetId: string | null; targetKey: string | null; levels?: number[] }): WorkClaim;
  /** How far running work got (a sweep's levels done), for a page that asks what runs. */
  update(id: string, patch: Pick<RunningWork, 'levelsDone'>): void;
  /** Tells pages when other processes' work starts or ends (polled). */
  watchOthers(periodMs: number): void;
  dispose(): void;
}

/** An experiment as the user set it up: its name, or "A vs B" by what differs (the runner names it only once its plan is known). */
export function experimentLabel(spec: Pick<ExperimentSpecResolved, 'name' | 'names' | 'differ'>): string {
  if (spec.name) return spec.name;
  const what = (v: unknown): string => (Array.isArray(v) ? v.join(' ') : v && typeof v === 'object' ? Object.entries(v).map(([k, x]) => `${k}=${String(x)}`).join(' ') : String(v));
  return `${spec.names.a || what(spec.differ.a)} vs ${spec.names.b || what(spec.differ.b)}`;
}

/** `registryOf`: opens the registry when first needed (a `flambe library list` never makes its file). */
export function createWorkInProgress(emit: (name: 'workChanged', payload: FlambeEvents['workChanged']) => void, registryOf: () => WorkRegistry | null = () => null): WorkInProgress {
  let opened: WorkRegistry | null | undefined;
  const reg = () => (opened === undefined ? (opened = registryOf()) : opened);
  const running = new Map<string, RunningWork>();
  // Claimed and not yet started (an experiment's plan being made): counted by the rule all the same.
  const pending = new Set<RunningWork>();
  let others: RunningWork[] = [];
  const readOthers = () => (others = reg()?.others() ?? []);
  const list = () => [...running.values(), ...others];
  let timer: NodeJS.Timeout | null = null;
  return {
    list: () => {
      readOthers();
      return list();
    },
    claim(work) {
      const mine = [...running.values(), ...pending];
      const here = workRefusal({ kind: work.kind, targetId: work.targetId }, mine);
      if (here) throw new UserError(here);
      const registry = reg();
      const rowId = registry
        ? registry.take({ kind: work.kind, label: work.label, targetKey: work.targetKey },
          (elsewhere) => workRefusal({ kind: work.kind, targetId: work.targetId, targetKey: work.targetKey }, elsewhere),
          (sentence) => new UserError(sentence))
        : -1;
      const placeholder: RunningWork = {
        kind: work.kind, id: '', label: work.label, targetId: work.targetId, startedAt: new Date().toISOString(),
        ...(work.levels ? { levels: work.levels, levelsDone: 0 } : {}),
      };
      pending.add(placeholder);
      let done = false;
      const release = () => {
        pending.delete(placeholder);
        if (rowId >= 0) registry?.release(rowId);
      };
      return {
        started(id) {
          pending.delete(placeholder);
          const entry: RunningWork = { ...placeholder, id };
          running.set(id, entry);
          emit('workChanged', { running: list(), ended: null });
          return (resultId) => {
            if (done) return;
            done = true;
            running.delete(id);
            release();
            emit('workChanged', { running: list(), ended: { kind: entry.kind, id, resultId } });
          };
        },
        cancel() {
          if (done) return;
          done = true;
          release();
        },
      };
    },
    update(id, patch) {
      const entry = running.get(id);
      if (entry) running.set(id, { ...entry, ...patch });
    },
    watchOthers(periodMs) {
      if (!reg() || timer) return;
      let announced = '[]';
      timer = setInterval(() => {
        const now = JSON.stringify(readOthers());
        if (now !== announced) emit('workChanged', { running: list(), ended: null });
        announced = now;
      }, periodMs);
      timer.unref();
    },
    dispose() {
      if (timer) clearInterval(timer);
      timer = null;
      opened?.close();
    },
  };
}
