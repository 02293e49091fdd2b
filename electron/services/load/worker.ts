// Worker-thread entry: runs one burst off the calling thread (autocannon is
// CPU-bound on one thread; docs/ARCHITECTURE.md "Nothing heavy on a UI thread").
import { parentPort, workerData } from 'node:worker_threads';
import { runBurst, type BurstOptions } from './burst.ts';
import type { WorkerMessage, WorkerCommand } from './protocol.ts';

const port = parentPort!;
const post = (m: WorkerMessage) => port.postMessage(m);
const opts = workerData as Omit<BurstOptions, 'onSecond'>;

const burst = runBurst({ ...opts, onSecond: (second) => post({ type: 'second', second }) });
port.on('message', (m: WorkerCommand) => {
  if (m.type === 'stop') burst.stop();
});
burst.done.then(
  (summary) => post({ type: 'done', summary }),
  (e: unknown) => post({ type: 'error', message: e instanceof Error ? e.message : String(e) }),
).finally(() => port.close());
