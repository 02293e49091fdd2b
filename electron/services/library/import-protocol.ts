// What the import worker (import-worker.ts) is given and what it answers.
import type { ImportPhase } from '../../../shared/api.ts';
import type { PreparedImport } from './files.ts';

export interface ImportWorkerData {
  fileName: string;
  content: string | Uint8Array;
  /** ISO time: an imported file's recording is dated when the import started. */
  now: string;
}

export type ImportWorkerMessage =
  | { type: 'phase'; phase: ImportPhase }
  | { type: 'done'; prepared: PreparedImport }
  | { type: 'error'; message: string; user: boolean };
