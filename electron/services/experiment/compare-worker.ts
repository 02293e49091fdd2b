// Worker-thread entry: an experiment's rounds imported and compared off the
// service's thread (compare-in-worker.ts starts one per experiment). Each
// round's profile is imported once, here, and kept here for the comparisons
// after later rounds; only the measures and the comparison go back.
import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import type { CompareRound } from '../../../shared/compare/index.ts';
import { compareRounds } from '../../../shared/experiment/comparison.ts';
import { measureRound } from '../../../shared/experiment/measures.ts';
import { importWholeProcessWithAllocations } from '../../../shared/profile/index.ts';
import { isUserError, messageOf, UserError } from '../errors.ts';
import type { CompareWorkerData, CompareWorkerReply, CompareWorkerRequest } from './compare-protocol.ts';
import { BYTES_PER_MIB, formatBytes, formatMiB } from '../../../shared/number-format.ts';

const port = parentPort!;
const { heapMb } = workerData as CompareWorkerData;
const rounds = new Map<string, CompareRound>();

/**
 * Reading a profile's text takes about 3× its size at the peak (a 50 MB one of 2 000 000 samples needed
 * 128–160 MB); 4× with the text itself, so a round that cannot fit is refused before it is read. Running
 * out of heap mid-way is what the worker's limit is for, but V8 then sometimes aborts the whole process
 * instead of stopping the worker (seen at 100 MB for that profile), so it is not left to decide.
 */
const PEAK_PER_TEXT_BYTE = 4;

function refuseUnlessRoomFor(text: string): void {
  const used = v8.getHeapStatistics().used_heap_size;
  const room = heapMb * BYTES_PER_MIB * 0.8 - used;
  if (text.length * PEAK_PER_TEXT_BYTE > room) {
    throw new UserError(`This round's profile (${formatBytes(text.length)} of text) would not fit in what is left of the ${formatMiB(heapMb)} Flambé gives an experiment's comparison (${formatBytes(Math.max(0, room))}, and reading it takes about ${PEAK_PER_TEXT_BYTE}× its size), so Flambé stopped the experiment; the rounds before are kept.`);
  }
}

port.on('message', (m: CompareWorkerRequest) => {
  let reply: CompareWorkerReply;
  try {
    if (m.type === 'round') {
      let imported = null;
      if (m.profileText) refuseUnlessRoomFor(m.profileText);
      try {
        imported = m.profileText ? importWholeProcessWithAllocations(m.profileText) : null;
      } catch { /* an unreadable profile: the round keeps its load numbers */ }
      const { measures, round } = measureRound({ ...m.rec, profile: null }, imported?.profile ?? null, imported?.allocations ?? null);
      rounds.set(m.rec.id, round);
      reply = { seq: m.seq, ok: true, measures };
    } else {
      const side = (ids: string[]) => ids.map((id) => {
        const r = rounds.get(id);
        if (!r) throw new Error(`round ${id} was not measured`);
        return r;
      });
      reply = { seq: m.seq, ok: true, comparison: compareRounds(m.names, side(m.a), side(m.b), m.buckets, m.machine) };
    }
  } catch (e) {
    reply = { seq: m.seq, ok: false, message: messageOf(e), user: isUserError(e) };
  }
  port.postMessage(reply);
});
