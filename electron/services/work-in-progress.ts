// What the service is doing right now (recordings, experiments, sweeps,
// overhead measurements, per-route profiles started through the contract),
// so that (1) work that would disturb running work is refused with one
// sentence — the CLI and the UI get the same — and (2) a page reloaded
// mid-way asks what runs (runningWork) and follows it to its result
// (workChanged, with the result's id when one ends).
import type { ExperimentSpecResolved, FlambeEvents } from '../../shared/api.ts';
import { workRefusal, type RunningWork, type WorkKind } from '../../shared/work/running-work.ts';
import { UserError } from './errors.ts';

export interface WorkInProgress {
  list(): RunningWork[];
  /** Throws the sentence when `kind` may not start beside what runs. */
  check(kind: WorkKind, targetId: string | null): void;
  /** Adds work that started; call the result with the id of what it produced (null: nothing) when it ends. */
  add(work: Omit<RunningWork, 'startedAt'>): (resultId: string | null) => void;
}

/** An experiment as the user set it up: its name, or "A vs B" by what differs (the runner names it only once its plan is known). */
export function experimentLabel(spec: Pick<ExperimentSpecResolved, 'name' | 'names' | 'differ'>): string {
  if (spec.name) return spec.name;
  const what = (v: unknown): string => (Array.isArray(v) ? v.join(' ') : v && typeof v === 'object' ? Object.entries(v).map(([k, x]) => `${k}=${String(x)}`).join(' ') : String(v));
  return `${spec.names.a || what(spec.differ.a)} vs ${spec.names.b || what(spec.differ.b)}`;
}

export function createWorkInProgress(emit: (name: 'workChanged', payload: FlambeEvents['workChanged']) => void): WorkInProgress {
  const running = new Map<string, RunningWork>();
  const list = () => [...running.values()];
  return {
    list,
    check(kind, targetId) {
      const refusal = workRefusal({ kind, targetId }, list());
      if (refusal) throw new UserError(refusal);
    },
    add(work) {
      const entry: RunningWork = { ...work, startedAt: new Date().toISOString() };
      running.set(entry.id, entry);
      emit('workChanged', { running: list(), ended: null });
      let ended = false;
      return (resultId) => {
        if (ended) return;
        ended = true;
        running.delete(entry.id);
        emit('workChanged', { running: list(), ended: { kind: entry.kind, id: entry.id, resultId } });
      };
    },
  };
}
