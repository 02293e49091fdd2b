// Worker-thread entry: prepares one imported file (parse, one import,
// compress) off the service's thread, so a 400 MB file does not freeze every
// other call (import-in-worker.ts starts it).
import { parentPort, workerData } from 'node:worker_threads';
import { isUserError, messageOf } from '../errors.ts';
import { prepareImport } from './files.ts';
import type { ImportWorkerData, ImportWorkerMessage } from './import-protocol.ts';

const port = parentPort!;
const { fileName, content, now } = workerData as ImportWorkerData;
const post = (m: ImportWorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

try {
  const prepared = prepareImport(fileName, content, new Date(now), (phase) => post({ type: 'phase', phase }));
  const data = prepared.packed?.data;
  // The compressed bytes move to the service's thread instead of being copied.
  const owns = data && data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer;
  post({ type: 'done', prepared }, owns ? [data.buffer as ArrayBuffer] : []);
} catch (e) {
  post({ type: 'error', message: messageOf(e), user: isUserError(e) });
}
