import type { LoadSecond, LoadSummary } from '../../../shared/api.ts';

export type WorkerMessage =
  | { type: 'second'; second: LoadSecond }
  | { type: 'done'; summary: LoadSummary }
  | { type: 'error'; message: string };

export type WorkerCommand = { type: 'stop' };
