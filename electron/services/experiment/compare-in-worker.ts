// An experiment's rounds are imported and compared in a worker thread
// (compare-worker.ts), not on the thread that serves the service's calls: a
// round's profile can be hundreds of MB (a hostile target can make it so),
// and importing it and comparing every round after each one would hold
// every other call — listing the library, another recording — meanwhile.
// The worker has a heap of its own (resourceLimits): a round too large for
// what is left of it is refused before it is read (compare-worker.ts), and
// one that exhausts it anyway stops that worker and the experiment, with one
// sentence, not the server.
// One worker per experiment, kept while it runs: each round's imported
// profile stays there for the comparisons after the later rounds.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RecordingResult } from '../../../shared/api.ts';
import type { ExperimentComparison } from '../../../shared/experiment/comparison.ts';
import type { RoundMeasures } from '../../../shared/experiment/measures.ts';
import { UserError } from '../errors.ts';
import type { CompareWorkerData, CompareWorkerReply, CompareWorkerRequest } from './compare-protocol.ts';
import { formatMiB } from '../../../shared/number-format.ts';

/** The heap an experiment's comparison may use: its rounds' imported profiles, all kept. */
export const COMPARE_HEAP_MB = 2048;

type CompareAsk = Omit<Extract<CompareWorkerRequest, { type: 'compare' }>, 'type' | 'seq'>;
/** A request before its sequence number (each member of the union on its own). */
type Unnumbered = CompareWorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'seq'> : never) : never;

export interface RoundComparer {
  /** Imports one round's profile (kept in the worker) and measures the round. */
  measure(rec: RecordingResult): Promise<RoundMeasures>;
  /** The comparison of the rounds measured so far, by recording id. */
  compare(ask: CompareAsk): Promise<ExperimentComparison | null>;
  close(): Promise<void>;
}

// Bundled, the worker is dist/node/compare-worker.js beside this code; from
// source (tests), Node runs compare-worker.ts itself with type stripping.
function workerFile(): string {
  for (const candidate of ['./compare-worker.js', './compare-worker.ts', './experiment/compare-worker.ts']) {
    const file = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error('The comparison worker is missing: run "npm run build".');
}

export function startRoundComparer(opts: { heapMb?: number } = {}): RoundComparer {
  const heapMb = opts.heapMb ?? COMPARE_HEAP_MB;
  let worker: Worker | null = null;
  let failure: Error | null = null;
  let nextSeq = 1;
  const pending = new Map<number, { resolve(r: CompareWorkerReply): void; reject(e: Error): void }>();

  const fail = (e: Error) => {
    failure = e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
    void worker?.terminate();
    worker = null;
  };

  function start(): Worker {
    const data: CompareWorkerData = { heapMb };
    const w = new Worker(workerFile(), { workerData: data, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    w.on('message', (r: CompareWorkerReply) => {
      const p = pending.get(r.seq);
      pending.delete(r.seq);
      // Idle, the worker does not keep a CLI process alive; busy, it does (a promise alone would not).
      if (pending.size === 0) w.unref();
      p?.resolve(r);
    });
    w.on('error', (e) => fail((e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
      ? new UserError(`Reading this experiment's round profiles took more than the ${formatMiB(heapMb)} Flambé gives their comparison, so Flambé stopped the experiment; the rounds before are kept.`)
      : e));
    w.on('exit', (code) => { if (worker === w) fail(new Error(`The comparison worker stopped unexpectedly (exit code ${code}).`)); });
    return w;
  }

  function ask(body: Unnumbered): Promise<CompareWorkerReply> {
    if (failure) return Promise.reject(failure);
    worker ??= start();
    worker.ref();
    const seq = nextSeq++;
    return new Promise((resolve, reject) => {
      pending.set(seq, { resolve, reject });
      worker!.postMessage({ ...body, seq } as CompareWorkerRequest);
    });
  }

  const answer = (r: CompareWorkerReply) => {
    if (!r.ok) throw r.user ? new UserError(r.message) : new Error(r.message);
    return r;
  };

  return {
    async measure(rec) {
      const { profile, ...meta } = rec;
      let profileText: string | null = null;
      try {
        profileText = profile == null ? null : JSON.stringify(profile);
      } catch { /* too large for one string: the round keeps its load numbers, as for any unreadable profile */ }
      const r = answer(await ask({ type: 'round', rec: meta, profileText }));
      if (!('measures' in r)) throw new Error('the comparison worker answered a round without its measures');
      return r.measures;
    },
    async compare(c) {
      const r = answer(await ask({ type: 'compare', ...c }));
      if (!('comparison' in r)) throw new Error('the comparison worker answered without a comparison');
      return r.comparison;
    },
    async close() {
      const w = worker;
      worker = null;
      failure ??= new Error('The comparison worker was closed.');
      await w?.terminate();
    },
  };
}
