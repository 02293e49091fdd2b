// Runs a burst in a worker thread and gives back the same handle as runBurst.
import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BurstHandle, BurstOptions } from './burst.ts';
import type { WorkerMessage } from './protocol.ts';
import { availableParallelism } from 'node:os';
import type { LoadSecond, LoadSummary } from '../../../shared/api.ts';
import { loadThreadCount, splitEvenly } from '../../../shared/load/load-threads.ts';
import { mergeSeries, mergeSummaries } from './merge.ts';

// Bundled, the worker is dist/node/load-worker.js beside this code; from
// source (tests), Node runs worker.ts itself with type stripping.
function workerFile(): string {
  for (const candidate of ['./load-worker.js', './worker.ts', './load/worker.ts']) {
    const file = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error('The load worker is missing: run "npm run build".');
}

/**
 * Runs a burst in worker threads: one (the default on ≤ 2 cores) or several
 * (shared/load/load-threads.ts), each with its share of the connections, of
 * the request count and of a fixed rate; their summaries merge into one
 * (merge.ts), and the live seconds are sent once every thread has closed them.
 */
export function runBurstInWorker(opts: BurstOptions): BurstHandle {
  const { settings } = opts;
  const useCount = settings.requests !== undefined && !opts.ignoreRequestCount;
  const connections = useCount ? Math.min(settings.connections, settings.requests!) : settings.connections;
  const threads = loadThreadCount({ cores: availableParallelism(), connections, asked: settings.threads });
  if (threads === 1) return runOneWorker(opts);
  const conns = splitEvenly(connections, threads);
  const counts = useCount ? splitEvenly(settings.requests!, threads) : null;
  const pending = new Map<number, LoadSecond[]>();
  const onSecond = (s: LoadSecond) => {
    const got = pending.get(s.second) ?? [];
    got.push(s);
    pending.set(s.second, got);
    if (got.length === threads) {
      pending.delete(s.second);
      const [merged] = mergeSeries(got.map((one) => [one]));
      opts.onSecond?.({ ...merged, second: s.second });
    }
  };
  const handles = conns.map((c, i) => runOneWorker({
    ...opts,
    settings: {
      ...settings, connections: c,
      ...(counts ? { requests: counts[i] } : {}),
      ...(settings.rate ? { rate: settings.rate / threads } : {}),
    },
    onSecond,
  }));
  return {
    stop() {
      for (const h of handles) h.stop();
    },
    done: Promise.all(handles.map((h) => h.done)).then((parts) => mergeSummaries(parts, settings.rate)),
  };
}

function runOneWorker(opts: BurstOptions): BurstHandle {
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
