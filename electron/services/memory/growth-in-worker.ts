// Two heap snapshot files compared in a worker thread (growth-worker.ts) with
// a heap of its own: a snapshot's graph is several times its nodes' count in
// typed arrays, and a big one must stop that worker, not the server.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { GrowingKind } from '../../../shared/memory/heap-growth.ts';
import { UserError } from '../errors.ts';
import type { GrowthWorkerData, GrowthWorkerReply } from './growth-worker.ts';
import { formatMiB } from '../../../shared/number-format.ts';

export const GROWTH_HEAP_MB = 4096;

// Bundled, the worker is dist/node/growth-worker.js beside this code; from source (tests), Node runs growth-worker.ts itself.
function workerFile(): string {
  for (const candidate of ['./growth-worker.js', './growth-worker.ts', './memory/growth-worker.ts']) {
    const file = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error('The heap snapshot worker is missing: run "npm run build".');
}

/** `libraryScripts`: the ids of the scripts that are not the app's (Node's, node_modules'): their variables hold nothing a user can change. */
export function compareSnapshotsInWorker(first: string, second: string, libraryScripts: readonly number[] = []): Promise<GrowingKind[]> {
  return new Promise((resolve, reject) => {
    const data: GrowthWorkerData = { first, second, libraryScripts: [...libraryScripts] };
    const worker = new Worker(workerFile(), { workerData: data, resourceLimits: { maxOldGenerationSizeMb: GROWTH_HEAP_MB } });
    let answered = false;
    worker.on('message', (r: GrowthWorkerReply) => {
      answered = true;
      void worker.terminate();
      if (r.ok) resolve(r.kinds);
      else reject(r.user ? new UserError(r.message) : new Error(r.message));
    });
    worker.on('error', (e) => {
      answered = true;
      reject((e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new UserError(`the two heap snapshots took more than the ${formatMiB(GROWTH_HEAP_MB)} Flambé gives their comparison`)
        : e);
    });
    worker.on('exit', (code) => { if (!answered) reject(new Error(`the heap snapshot worker stopped (exit code ${code})`)); });
  });
}
