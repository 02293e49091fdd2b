// What the Compare screen computes from two recordings: the Comparison
// (shared/compare) and the differential flame trees — B's shape coloured by
// each frame's change against A, and A's shape (to see what disappeared).
// Runs in compare-worker.ts (or here, where a worker cannot start).
import type { RecordingMeta } from '../../../shared/api.ts';
import { buildComparison, roundFromRecording, type Comparison, type LibraryNoise } from '../../../shared/compare/index.ts';
import { roundPerRequest } from '../../../shared/compare/round.ts';
import { buildDiffFlameTree, type DiffFlameNode } from '../../../shared/profile/views/diff-flame.ts';
import { importWholeProcessWithAllocations, type ThreadAllocations } from '../../../shared/profile/import/all-threads.ts';
import { heapProfileAsModel } from '../../../shared/memory/heap-profile.ts';
import { mergeThreads } from '../../../shared/profile/threads.ts';
import { hotLines, type HotLine } from '../../../shared/profile/lines.ts';
import { functionKey, type Profile } from '../../../shared/profile/model.ts';
import { dropMeta } from '../../../shared/profile/transforms.ts';

/** Frames narrower than this share of the wider side are folded (DESIGN.md: frames cost DOM nodes). */
const MIN_FRACTION = 0.0005;

export interface DiffFlame {
  tree: DiffFlameNode;
  /**
   * What turns the tree's ms into the shown unit: ms per 1000 requests, % of each side's own time,
   * or — an allocation flame, whose "ms" are bytes (heap-profile.ts) — bytes allocated per request.
   */
  unit: 'per1k' | 'percent' | 'bytes';
  /** per1k: ms of CPU from the OS clock, as Compare's tables (comparison.cpuTime); else sampled time. */
  cpuTime: boolean;
  /** Divide a node's ms by this (then × 1000 for per1k, × 100 for percent): the shape side's requests or duration. */
  denominator: number;
}

export interface CompareOutput {
  comparison: Comparison;
  /** B's shape (delta = B − A); null without profiles on both sides. */
  flameB: DiffFlame | null;
  /** A's shape (delta = B − A as well). */
  flameA: DiffFlame | null;
  /** The same two shapes drawn from the allocation profiles, in bytes per request; null unless both sides sampled allocations and served requests. */
  allocFlameB: DiffFlame | null;
  allocFlameA: DiffFlame | null;
}

/**
 * One side as the screen read it: the recording's metadata (getRecording) and
 * its profile as the stored .cpuprofile bytes (getProfile; null for a load-only
 * run), imported here, in the worker, on the importer's fast path.
 */
export interface CompareSide {
  rec: RecordingMeta;
  profile: Uint8Array | null;
}

export interface CompareState {
  a: Profile | null;
  b: Profile | null;
}

function negate(root: DiffFlameNode): DiffFlameNode {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    n.delta = -n.delta;
    for (const c of n.children) stack.push(c);
  }
  return root;
}

export function computeComparison(sideA: CompareSide, sideB: CompareSide, noise: LibraryNoise | null): { output: CompareOutput; state: CompareState } {
  const a = sideA.rec;
  const b = sideB.rec;
  // The whole process, every thread under its name: hashing moved into a worker is still B's work (issue 23).
  const ia = sideA.profile ? importWholeProcessWithAllocations(sideA.profile) : null;
  const ib = sideB.profile ? importWholeProcessWithAllocations(sideB.profile) : null;
  const pa = ia?.profile ?? null;
  const pb = ib?.profile ?? null;
  const roundA = roundFromRecording(a, pa, ia?.allocations);
  const roundB = roundFromRecording(b, pb, ib?.allocations);
  const comparison = buildComparison([roundA], [roundB], { noise: noise ?? undefined });
  let flameB: DiffFlame | null = null;
  let flameA: DiffFlame | null = null;
  if (pa && pb) {
    const ra = comparison.perRequest ? a.load!.requests : undefined;
    const rb = comparison.perRequest ? b.load!.requests : undefined;
    // Each side's sampled ms turned into ms of CPU by its own OS clock, as the tables' rows are (round.ts).
    const cpu = comparison.perRequest && comparison.cpuTime
      ? { a: roundPerRequest(roundA)?.cpuPerSampledMs ?? null, b: roundPerRequest(roundB)?.cpuPerSampledMs ?? null } : null;
    // Per request, idle has no place: it is the thread waiting, not work the requests cost (cpu-time.ts hasCpu), and
    // the tables leave it out too; it once drew a wide red "(idle)" frame in CPU ms. Kept in % of each side's time.
    const work = (p: Profile) => (comparison.perRequest ? dropMeta(p, ['idle']) : p);
    [flameA, flameB] = diffFlames(work(pa), work(pb), ra, rb, comparison.perRequest ? 'per1k' : 'percent', cpu);
  }
  // Allocations: the same chart with bytes as the weights, per request (the comparison has them only when both sides served requests).
  const [allocFlameA, allocFlameB] = comparison.allocations && ia && ib
    ? diffFlames(allocationModel(ia.allocations), allocationModel(ib.allocations), a.load!.requests, b.load!.requests, 'bytes') : [null, null];
  return { output: { comparison, flameB, flameA, allocFlameB, allocFlameA }, state: { a: pa, b: pb } };
}

/** A's shape and B's shape of the differential flamegraph (`ra`, `rb`: requests, for per-request units). */
function diffFlames(pa: Profile, pb: Profile, ra: number | undefined, rb: number | undefined, unit: DiffFlame['unit'],
  cpu: { a: number | null; b: number | null } | null = null): [DiffFlame, DiffFlame] {
  const cpuTime = cpu?.a != null && cpu.b != null;
  const flameB = {
    tree: buildDiffFlameTree(pa, pb, { requestsBefore: ra, requestsAfter: rb, minFraction: MIN_FRACTION, cpuPerSampledMsBefore: cpu?.a, cpuPerSampledMsAfter: cpu?.b }),
    unit, cpuTime, denominator: rb ?? pb.durationMs,
  };
  // A's shape: A as "after", B rescaled to it; the delta is turned back into B − A.
  const flameA = {
    tree: negate(buildDiffFlameTree(pb, pa, { requestsBefore: rb, requestsAfter: ra, minFraction: MIN_FRACTION, cpuPerSampledMsBefore: cpu?.b, cpuPerSampledMsAfter: cpu?.a })),
    unit, cpuTime, denominator: ra ?? pa.durationMs,
  };
  return [flameA, flameB];
}

/** The whole process's allocations as one profile model with bytes as the weights: each thread under its name, as the CPU flame does. */
function allocationModel(threads: readonly ThreadAllocations[]): Profile {
  const models = threads.map((t) => ({ name: t.name, profile: heapProfileAsModel(t.heap) }));
  return models.length > 1 ? mergeThreads(models) : models[0].profile;
}

export interface HotLinesBySide {
  a: HotLine[] | null;
  b: HotLine[] | null;
}

/** The selected function's hot lines in A and in B (null where it does not run or has no line data). */
export function hotLinesOf(state: CompareState, fn: { name: string; url: string; line: number; aLine?: number }): HotLinesBySide {
  const find = (p: Profile | null, line: number) => {
    if (!p) return null;
    const key = functionKey({ name: fn.name, url: fn.url, line, column: 0, kind: 'js' });
    const frame = p.frames.findIndex((f) => functionKey(f) === key);
    if (frame < 0) return null;
    const lines = hotLines(p, frame);
    return lines.length ? lines.slice(0, 8) : null;
  };
  return { a: find(state.a, fn.aLine ?? fn.line), b: find(state.b, fn.line) };
}
