// Find what grows (record --find-growth; the Record screen's checkbox): after
// the burst, under the same load again, two heap snapshots a few seconds
// apart, compared in a worker (growth-worker.ts); and between them V8's
// sampling heap profiler keeping only what stays alive, which says where the
// objects that stay were allocated. Outside the recorded burst: taking a
// snapshot pauses the process (V8 collects all garbage, then writes every
// object), which would show in the burst's latencies and profile.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import type { LoadSettingsResolved } from '../../../shared/recording/settings.ts';
import type { Growing } from '../../../shared/recording/growing.ts';
import { allocationTable } from '../../../shared/memory/allocations.ts';
import { heapProfileSchema } from '../../../shared/recording/memory.ts';
import { declarationLine } from '../../../shared/memory/growing-sentence.ts';
import { isNodeInternal } from '../../../shared/profile/classify.ts';
import type { GrowingKind } from '../../../shared/memory/heap-growth.ts';
import type { BurstHandle, BurstOptions } from '../load/burst.ts';
import type { InspectorSession } from '../targets/inspector.ts';
import { messageOf, UserError } from '../errors.ts';
import { compareSnapshotsInWorker } from './growth-in-worker.ts';
import { snapshotCostSentence, tooLongSentence, type SnapshotEstimate } from '../../../shared/memory/snapshot-cost.ts';
import { snapshotEstimateOf } from './snapshot-estimate.ts';
import { BYTES_PER_MIB } from '../../../shared/number-format.ts';

/** Seconds of load between the two snapshots. */
export const GROWTH_SECONDS = 3;
/** The load runs this long before the first snapshot, so both are taken mid-load. */
const LEAD_MS = 500;
/** V8's default sampling interval: this phase is not measured, and what stays alive is often small. */
const ALIVE_SAMPLING_BYTES = 32 * 1024;

export interface FindGrowthOptions {
  session: InspectorSession;
  load: LoadSettingsResolved;
  runBurst(opts: BurstOptions): BurstHandle;
  onProgress(message: string): void;
  /** True once the user pressed Stop: the phase ends without its second snapshot. */
  stopped(): boolean;
  /** Where the target runs (this computer's load counts only there); the longest pause accepted (--max-pause, else LONG_PAUSE_SEC), or any (--long-pause-ok). */
  host: string;
  maxPauseSec?: number;
  longPauseOk: boolean;
  /** The estimate's sentence, said before the first snapshot (the CLI prints it even with --json). */
  onWarning(sentence: string): void;
}

const NOTHING: Omit<Growing, 'error' | 'estimate'> = { seconds: 0, requests: null, pausedSec: { first: 0, second: 0 }, snapshotMb: { first: 0, second: 0 }, kinds: [], allocatedAlive: [] };

/**
 * What the snapshots will cost, said first; none taken when even the low end
 * of the pause is over the longest accepted and that was not waived. Null when the
 * heap cannot be read (the snapshots then say what they cost as they go).
 */
async function sayTheCost(opts: FindGrowthOptions): Promise<{ estimate: SnapshotEstimate | null; refused: string | null }> {
  const estimate = await snapshotEstimateOf(opts.session, opts.host, opts.maxPauseSec).catch(() => null);
  if (!estimate) return { estimate, refused: null };
  if (estimate.tooLong && !opts.longPauseOk) {
    return { estimate, refused: tooLongSentence(estimate, 'To take them anyway: flambe record --find-growth --long-pause-ok, or tick "Even if it pauses the server that long" on the Record screen.') };
  }
  opts.onWarning(snapshotCostSentence(estimate));
  return { estimate, refused: null };
}

export async function findWhatGrows(opts: FindGrowthOptions): Promise<Growing> {
  const { session } = opts;
  const { estimate, refused } = await sayTheCost(opts);
  if (refused) return { ...NOTHING, estimate, error: refused };
  const dir = await mkdtemp(path.join(tmpdir(), 'flambe-growth-'));
  const files = [path.join(dir, 'first.heapsnapshot'), path.join(dir, 'second.heapsnapshot')] as const;
  // Long enough for two snapshots of a big heap; stopped after the second.
  const burst = opts.runBurst({ settings: opts.load, durationSec: 600, ignoreRequestCount: true });
  try {
    await new Promise((r) => setTimeout(r, LEAD_MS));
    opts.onProgress('Finding what grows: heap snapshot 1 of 2 (the process is paused while it is taken)');
    const firstAt = Date.now();
    const first = await snapshotTo(session, files[0]);
    const firstSec = (Date.now() - firstAt) / 1000;
    const from = Date.now();
    const sampling = await session.startAliveSampling(ALIVE_SAMPLING_BYTES).then(() => true, () => false);
    opts.onProgress(`Finding what grows: ${GROWTH_SECONDS} s of load between the snapshots`);
    await new Promise((r) => setTimeout(r, GROWTH_SECONDS * 1000));
    if (opts.stopped()) throw new UserError('it was stopped between the two heap snapshots');
    const alive = sampling ? await session.stopAliveSampling().catch(() => null) : null;
    const seconds = (Date.now() - from) / 1000;
    opts.onProgress('Finding what grows: heap snapshot 2 of 2 (the process is paused while it is taken)');
    const secondAt = Date.now();
    const second = await snapshotTo(session, files[1]);
    const secondSec = (Date.now() - secondAt) / 1000;
    await session.endHeapSnapshots();
    burst.stop();
    const load = await burst.done.catch(() => null);
    opts.onProgress('Finding what grows: comparing the two snapshots');
    const kinds = await compareSnapshotsInWorker(files[0], files[1], libraryScriptIds(session.scriptUrls));
    return {
      seconds, requests: load?.requests ?? null, pausedSec: { first: firstSec, second: secondSec }, snapshotMb: { first: first / BYTES_PER_MIB, second: second / BYTES_PER_MIB },
      kinds: await withPlaces(session, kinds), allocatedAlive: allocatedAlive(alive), estimate, error: null,
    };
  } catch (e) {
    await session.endHeapSnapshots();
    burst.stop();
    await burst.done.catch(() => null);
    return { ...NOTHING, estimate, error: `Flambé could not find what grows: ${messageOf(e).replace(/\.$/, '')}.` };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The scripts that are not the app's own — Node's, Flambé's, node_modules' — by the ids heap snapshots give them. */
function libraryScriptIds(scriptUrls: ReadonlyMap<string, string>): number[] {
  return [...scriptUrls].filter(([, url]) => !url || isNodeInternal(url) || /[\\/]node_modules[\\/]/.test(url)).map(([id]) => Number(id)).filter(Number.isInteger);
}

/** A snapshot streamed to a file as it arrives (never whole in this thread's memory); its size in characters. */
async function snapshotTo(session: InspectorSession, file: string): Promise<number> {
  const out = createWriteStream(file, { encoding: 'utf8' });
  let failed: Error | null = null;
  out.on('error', (e) => (failed = e));
  const size = await session.takeHeapSnapshot((chunk) => { out.write(chunk); });
  out.end();
  await once(out, 'close');
  if (failed) throw failed;
  return size;
}

/** Each holder's script and line: the variable's declaration when the script's source shows it, else a function that sees it. */
async function withPlaces(session: InspectorSession, kinds: readonly GrowingKind[]): Promise<Growing['kinds']> {
  const ids = [...new Set(kinds.flatMap((k) => (k.holder?.scriptId != null ? [String(k.holder.scriptId)] : [])))];
  const sources = ids.length ? await session.scriptSources(ids).catch(() => new Map<string, string>()) : new Map<string, string>();
  return kinds.map((k) => {
    const h = k.holder;
    if (!h) return { kind: k.kind, countDelta: k.countDelta, bytesDelta: k.bytesDelta, holder: null, path: k.path };
    const id = h.scriptId != null ? String(h.scriptId) : null;
    const source = id ? sources.get(id) : undefined;
    // `app.locals.receipts`: where `app` is declared.
    const declared = source && h.via === 'variable' ? declarationLine(source, h.name.split('.')[0]) : null;
    return {
      kind: k.kind, countDelta: k.countDelta, bytesDelta: k.bytesDelta, path: k.path,
      holder: {
        name: h.name, kind: h.kind, via: h.via, owner: h.owner,
        url: id ? session.scriptUrls.get(id) ?? null : null,
        line: declared ?? (h.line !== null ? h.line + 1 : null),
      },
    };
  });
}

/** Functions by bytes of what they allocated between the snapshots and was still alive at the second. */
function allocatedAlive(raw: unknown): Growing['allocatedAlive'] {
  const heap = heapProfileSchema.safeParse(raw);
  if (!heap.success) return [];
  return allocationTable(heap.data, null).rows.filter((r) => r.bytes > 0).slice(0, 10)
    .map((r) => ({ function: r.function, url: r.url, line: Math.max(0, r.line), category: r.category, bytes: r.bytes }));
}
