// Worker-thread entry: two heap snapshot files read as streams, parsed and
// compared here (shared/memory/heap-growth.ts), off the thread that serves
// the service's calls — a snapshot can be hundreds of MB, and its graph's
// dominators take seconds. Only the growing kinds go back.
import { createReadStream } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { findGrowing, type GrowingKind } from '../../../shared/memory/heap-growth.ts';
import { HeapSnapshotError, HeapSnapshotParser, type HeapSnapshot } from '../../../shared/memory/heap-snapshot.ts';

export interface GrowthWorkerData { first: string; second: string; libraryScripts?: number[] }
export type GrowthWorkerReply = { ok: true; kinds: GrowingKind[] } | { ok: false; message: string; user: boolean };

async function readSnapshot(file: string): Promise<HeapSnapshot> {
  const parser = new HeapSnapshotParser();
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) parser.push(chunk as string);
  return parser.finish();
}

const { first, second, libraryScripts = [] } = workerData as GrowthWorkerData;
try {
  const kinds = findGrowing(await readSnapshot(first), await readSnapshot(second), { libraryScripts: new Set(libraryScripts) });
  parentPort!.postMessage({ ok: true, kinds } satisfies GrowthWorkerReply);
} catch (e) {
  parentPort!.postMessage({ ok: false, message: e instanceof Error ? e.message : String(e), user: e instanceof HeapSnapshotError } satisfies GrowthWorkerReply);
}
