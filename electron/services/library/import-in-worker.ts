// Prepares an imported file in a worker thread (issue: a 400 MB import
// blocked every other call for 17 s). The service keeps answering — listing,
// recording, another import — while the file is parsed, imported once and
// compressed; only the SQLite write happens on the service's thread.
// Every file, however small (a 9 KB pprof can describe 8 million call-tree
// nodes): a worker costs tens of milliseconds. The worker has a heap of its
// own (resourceLimits), so a file that exhausts it stops that worker, not the
// server; and imports run one at a time (five 100 MB imports at once took
// browser mode to 1.24 GB), the others waiting their turn.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ImportPhase } from '../../../shared/api.ts';
import { UserError } from '../errors.ts';
import { prepareImport, type PreparedImport } from './files.ts';
import type { ImportWorkerData, ImportWorkerMessage } from './import-protocol.ts';
import { formatMiB } from '../../../shared/number-format.ts';

/** The heap an import may use: 10× the 200 MB byte budget's text, ample for JSON.parse of it. */
export const IMPORT_HEAP_MB = 2048;

// Bundled, the worker is dist/node/import-worker.js beside this code; from
// source (tests), Node runs import-worker.ts itself with type stripping.
function workerFile(): string {
  for (const candidate of ['./import-worker.js', './import-worker.ts', './library/import-worker.ts']) {
    const file = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error('The import worker is missing: run "npm run build".');
}

export interface PrepareOptions {
  now?: Date;
  onPhase?(phase: ImportPhase): void;
  /** The calling thread (false) instead of the worker (default): for a CLI with nothing else to serve. */
  inWorker?: boolean;
  /** The worker's heap limit in MB (tests use a small one). */
  heapMb?: number;
}

/** Imports wait for the one before them. */
let queue: Promise<unknown> = Promise.resolve();


export function prepareImportOffThread(fileName: string, content: string | Uint8Array, opts: PrepareOptions = {}): Promise<PreparedImport> {
  const turn = queue.then(() => prepareNow(fileName, content, opts));
  queue = turn.catch(() => undefined);
  return turn;
}

function prepareNow(fileName: string, content: string | Uint8Array, opts: PrepareOptions): Promise<PreparedImport> {
  const now = opts.now ?? new Date();
  const onPhase = opts.onPhase ?? (() => {});
  if (opts.inWorker === false) {
    try {
      return Promise.resolve(prepareImport(fileName, content, now, onPhase));
    } catch (e) {
      return Promise.reject(e);
    }
  }
  return new Promise((resolve, reject) => {
    const data: ImportWorkerData = { fileName, content, now: now.toISOString() };
    // Bytes in a buffer of their own move to the worker instead of being copied.
    const transferList = typeof content !== 'string' && content.byteOffset === 0 && content.byteLength === content.buffer.byteLength && content.buffer instanceof ArrayBuffer
      ? [content.buffer] : [];
    const heapMb = opts.heapMb ?? IMPORT_HEAP_MB;
    const worker = new Worker(workerFile(), { workerData: data, transferList, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.on('message', (m: ImportWorkerMessage) => {
      if (m.type === 'phase') onPhase(m.phase);
      else if (m.type === 'done') {
        // A transferred buffer arrives as a plain Uint8Array: SQLite takes it as a BLOB all the same.
        const bytes = (packed: PreparedImport['packed']) => packed && { ...packed, data: new Uint8Array(packed.data.buffer, packed.data.byteOffset, packed.data.byteLength) };
        const { rec, packed, group, plain } = m.prepared;
        settle(() => resolve({
          rec, packed: bytes(packed), ...(plain ? { plain } : {}),
          ...(group ? { group: { ...group, members: group.members.map((g) => ({ ...g, packed: bytes(g.packed) })) } } : {}),
        }));
      } else settle(() => reject(m.user ? new UserError(m.message) : new Error(m.message)));
    });
    worker.on('error', (e) => settle(() => reject((e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
      ? new UserError(`${fileName} is too large to import: reading it took more than the ${formatMiB(heapMb)} Flambé gives an import, so Flambé stopped it.`)
      : e)));
    worker.on('exit', (code) => settle(() => reject(new Error(`The import worker stopped unexpectedly (exit code ${code}).`))));
  });
}
