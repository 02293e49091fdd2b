import type { LoadSecond, LoadSummary } from '../../../shared/api.ts';

/** A burst under way, wherever it runs (this thread: burst.ts, closed-loop.ts, paced.ts; a worker: run.ts): stop it, or wait for what it measured. */
export interface BurstHandle {
  stop(): void;
  done: Promise<LoadSummary>;
}

export type WorkerMessage =
  | { type: 'second'; second: LoadSecond }
  | { type: 'done'; summary: LoadSummary }
  | { type: 'error'; message: string };

export type WorkerCommand = { type: 'stop' };
