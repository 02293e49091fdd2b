// Runs a burst in a worker thread and gives back the same handle as runBurst.
import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BurstHandle, BurstOptions } from './burst.ts';
import type { WorkerMessage } from './protocol.ts';
import type { LoadSummary } from '../../../shared/api.ts';

// Bundled, the worker is dist/node/load-worker.js beside this code; from
// source (tests), Node runs worker.ts itself with type stripping.
function workerFile(): string {
  for (const candidate of ['./load-worker.js', './worker.ts', './load/worker.ts']) {
    const file = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error('The load worker is missing: run "npm run build".');
}

export function runBurstInWorker(opts: BurstOptions): BurstHandle {
  const { onSecond, ...data } = opts;
  const worker = new Worker(workerFile(), { workerData: data });
  let stopped = false;
  const done = new Promise<LoadSummary>((resolve, reject) => {
    let settled = false;
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'second') onSecond?.(m.second);
      else if (m.type === 'done') { settled = true; resolve(m.summary); }
      else { settled = true; reject(new Error(m.message)); }
    });
    worker.on('error', (e) => { settled = true; reject(e); });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`The load worker stopped unexpectedly (exit code ${code}).`));
    });
  });
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      worker.postMessage({ type: 'stop' });
    },
    done,
  };
}
