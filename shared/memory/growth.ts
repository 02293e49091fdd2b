// Does the process's memory grow? A stated rule over the process samples of
// the burst (every 250 ms: heap used, external memory, RSS, GC counts):
//
//   1. Each series is cut into windows of at least 1 s, and each window keeps
//      its LOWEST value: heap used right after a collection, not the sawtooth
//      of garbage waiting to be collected.
//   2. The slope of those lows is Theil–Sen's (the median of the slopes of
//      every pair of windows: a few odd windows do not move it), with Sen's
//      95 % interval (from Kendall's S; Sen 1968).
//   3. A series GROWS when even the interval's low end, over the burst, adds
//      more than the floor — max(4 MB, 10 % of where it started) — AND the
//      lows of the burst's last third stay that much above those of its first
//      third (what grew did not come back after GC).
//   4. What rose must also stand higher after the burst's last full
//      (mark-compact) collection than after its first, by the same floor,
//      when the samples count collections (the sample that saw a full
//      collection is read as just after it): between full collections old
//      garbage waits for the next one, so a server that only allocates fast
//      has climbing lows too (a garbage-heavy server read "+6.9 MB/s … 2 full
//      garbage collections did not free it"). With fewer than two full
//      collections in the burst the answer is "cannot tell yet", never a leak.
//   5. Memory grows when the JS heap or external memory (Buffers,
//      ArrayBuffers) grows. RSS is reported, never judged alone: it rises
//      under load as V8 enlarges its young generation and the allocator keeps
//      freed pages, without anything leaking.
import type { ProcessSample } from '../recording/process-samples.ts';

export const MIN_WINDOW_MS = 1000;
/** At most this many windows: Theil–Sen compares every pair. */
export const MAX_WINDOWS = 120;
export const MIN_WINDOWS = 4;
export const FLOOR_MB = 4;
export const FLOOR_SHARE = 0.1;
/** Full collections needed before a rise of the heap or of external memory is called growth (rule 4). */
export const MIN_FULL_GCS = 2;

export type SeriesName = 'heapUsed' | 'external' | 'rss';

export interface SeriesGrowth {
  series: SeriesName;
  /** Lowest value in the first and the last window, MB. */
  fromMb: number;
  toMb: number;
  /** Lowest value in the first and the last third of the burst, MB (a sawtooth's lows, whatever its period). */
  firstThirdLowMb: number;
  lastThirdLowMb: number;
  /** Theil–Sen slope of the windows' lows, MB per second, and its 95 % interval. */
  mbPerSec: number;
  ci95: [number, number];
  grows: boolean;
}

export interface MemoryGrowth {
  /** Seconds of burst judged. */
  seconds: number;
  heapUsed: SeriesGrowth;
  external: SeriesGrowth | null;
  rss: SeriesGrowth;
  /** Collections during the burst, all and full ones; null when the samples did not count them. */
  gcs: { all: number; major: number } | null;
  grows: boolean;
  /** True when memory rose but too few full collections ran to call it growth (rule 4): "cannot tell yet". */
  undecided?: boolean;
  sentence: string;
}

interface Point { tSec: number; mb: number }

/** The lowest value of each window of consecutive samples (parents of rule 1). */
export function windowLows(points: readonly Point[], perWindow: number): Point[] {
  const out: Point[] = [];
  for (let i = 0; i + perWindow <= points.length; i += perWindow) {
    const w = points.slice(i, i + perWindow);
    const low = w.reduce((a, b) => (b.mb < a.mb ? b : a));
    out.push({ tSec: w.reduce((s, p) => s + p.tSec, 0) / w.length, mb: low.mb });
  }
  return out;
}

/** Theil–Sen slope and Sen's 95 % interval (rule 2). */
export function theilSen(points: readonly Point[]): { slope: number; ci95: [number, number] } {
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const dt = points[j].tSec - points[i].tSec;
      if (dt > 0) slopes.push((points[j].mb - points[i].mb) / dt);
    }
  }
  if (slopes.length === 0) return { slope: 0, ci95: [0, 0] };
  slopes.sort((a, b) => a - b);
  const n = points.length;
  const N = slopes.length;
  const mid = (N - 1) / 2;
  const slope = (slopes[Math.floor(mid)] + slopes[Math.ceil(mid)]) / 2;
  const c = 1.96 * Math.sqrt((n * (n - 1) * (2 * n + 5)) / 18);
  const lo = Math.max(0, Math.floor((N - c) / 2) - 1);
  const hi = Math.min(N - 1, Math.ceil((N + c) / 2));
  return { slope, ci95: [slopes[lo], slopes[hi]] };
}

function judgeSeries(series: SeriesName, lows: readonly Point[]): SeriesGrowth {
  const { slope, ci95 } = theilSen(lows);
  const seconds = lows[lows.length - 1].tSec - lows[0].tSec;
  const floor = Math.max(FLOOR_MB, FLOOR_SHARE * lows[0].mb);
  const third = Math.max(1, Math.floor(lows.length / 3));
  const minOf = (ps: readonly Point[]) => Math.min(...ps.map((p) => p.mb));
  const firstThirdLowMb = minOf(lows.slice(0, third));
  const lastThirdLowMb = minOf(lows.slice(-third));
  const stayedUp = lastThirdLowMb - firstThirdLowMb >= floor;
  return {
    series, fromMb: lows[0].mb, toMb: lows[lows.length - 1].mb, firstThirdLowMb, lastThirdLowMb, mbPerSec: slope, ci95, grows: ci95[0] * seconds >= floor && stayedUp,
  };
}

/** The samples of the burst (all of them when the recording does not say when the burst ran). */
export function burstSamples(samples: readonly ProcessSample[], burst?: { fromMs: number; toMs: number } | null): ProcessSample[] {
  return burst ? samples.filter((s) => s.tMs >= burst.fromMs && s.tMs <= burst.toMs + 250) : [...samples];
}

/** The verdict on memory over the burst; null when it is too short to judge (fewer than 4 windows of 1 s). */
export function judgeMemoryGrowth(samples: readonly ProcessSample[], burst?: { fromMs: number; toMs: number } | null): MemoryGrowth | null {
  const inBurst = burstSamples(samples, burst);
  if (inBurst.length < 2) return null;
  const spanMs = inBurst[inBurst.length - 1].tMs - inBurst[0].tMs;
  const stepMs = spanMs / (inBurst.length - 1);
  const perWindow = Math.max(Math.ceil(MIN_WINDOW_MS / Math.max(1, stepMs)), Math.ceil(inBurst.length / MAX_WINDOWS));
  if (inBurst.length / perWindow < MIN_WINDOWS) return null;
  const lowsOf = (pick: (s: ProcessSample) => number) => windowLows(inBurst.map((s) => ({ tSec: s.tMs / 1000, mb: pick(s) })), perWindow);
  const hasExternal = inBurst.every((s) => typeof s.externalMb === 'number');
  const heapUsed = judgeSeries('heapUsed', lowsOf((s) => s.heapUsedMb));
  const external = hasExternal ? judgeSeries('external', lowsOf((s) => s.externalMb!)) : null;
  const rss = judgeSeries('rss', lowsOf((s) => s.rssMb));
  const counted = inBurst.every((s) => typeof s.gcCount === 'number');
  const gcs = counted ? { all: sum(inBurst.map((s) => s.gcCount!)), major: sum(inBurst.map((s) => s.majorGcCount ?? 0)) } : null;
  const rose = heapUsed.grows || !!external?.grows;
  // Rule 4: what the first and the last full collection of the burst left.
  const afterFull = inBurst.filter((s) => (s.majorGcCount ?? 0) > 0);
  const enoughGcs = !counted || afterFull.length >= MIN_FULL_GCS;
  const keptAfterFull = (pick: (s: ProcessSample) => number | undefined) => {
    const first = pick(afterFull[0]) ?? 0;
    return (pick(afterFull[afterFull.length - 1]) ?? 0) - first >= Math.max(FLOOR_MB, FLOOR_SHARE * first);
  };
  if (counted && enoughGcs) {
    if (heapUsed.grows && !keptAfterFull((s) => s.heapUsedMb)) heapUsed.grows = false;
    if (external?.grows && !keptAfterFull((s) => s.externalMb)) external.grows = false;
  }
  const grows = enoughGcs && (heapUsed.grows || !!external?.grows);
  const judged = { seconds: spanMs / 1000, heapUsed, external, rss, gcs, grows, ...(rose && !enoughGcs ? { undecided: true } : {}) };
  return { ...judged, sentence: growthSentence(judged) };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** "11 MB/s", or "40 MB/min" below 1 MB/s. */
export function rateText(mbPerSec: number): string {
  const abs = Math.abs(mbPerSec);
  const n = (x: number) => (Math.abs(x) >= 10 ? String(Math.round(x)) : String(Number(x.toPrecision(2))));
  return abs >= 1 ? `${n(mbPerSec)} MB/s` : `${n(mbPerSec * 60)} MB/min`;
}

const mbText = (mb: number) => `${Math.round(mb)} MB`;

export function growthSentence(g: Omit<MemoryGrowth, 'sentence'>): string {
  const heapWords = 'the JS heap (after GC)';
  const externalWords = 'external memory (Buffers, ArrayBuffers)';
  if (g.undecided && g.gcs) {
    const rose = [g.heapUsed, g.external].filter((x): x is SeriesGrowth => !!x?.grows)
      .map((x) => `${x.series === 'heapUsed' ? heapWords : externalWords} ${mbText(x.fromMb)} → ${mbText(x.toMb)}`);
    const ran = g.gcs.major === 0 ? 'no full garbage collection ran' : `only ${g.gcs.major === 1 ? 'one full garbage collection' : `${g.gcs.major} full garbage collections`} ran`;
    return `Cannot tell yet whether memory grows: ${rose.join(' and ')} over the ${Math.round(g.seconds)} s burst, but ${ran} — too few to tell memory kept from garbage not yet collected (it takes ${MIN_FULL_GCS}, to compare what each left). Record longer to know.`;
  }
  if (!g.grows) {
    // The lows of the first and the last third: what a collection brings each back to.
    const lows = (s: SeriesGrowth) => `${mbText(s.firstThirdLowMb)} → ${mbText(s.lastThirdLowMb)}`;
    const parts = [`heap used after GC ${lows(g.heapUsed)}`];
    if (g.external) parts.push(`external ${lows(g.external)}`);
    parts.push(`RSS ${lows(g.rss)}`);
    return `Memory did not grow over the ${Math.round(g.seconds)} s burst: ${parts.join(', ')} (lowest in its first and last third).`;
  }
  const growing = [g.heapUsed, g.external].filter((s): s is SeriesGrowth => !!s?.grows);
  const total = sum(growing.map((s) => s.mbPerSec));
  const named = growing.map((s) => `${s.series === 'heapUsed' ? heapWords : externalWords} +${rateText(s.mbPerSec)} (${mbText(s.fromMb)} → ${mbText(s.toMb)})`);
  const flat = [g.heapUsed, g.external].filter((s): s is SeriesGrowth => !!s && !s.grows)
    .map((s) => (s.series === 'heapUsed' ? 'the JS heap is flat' : 'external memory is flat'));
  const gc = g.gcs && g.gcs.major > 0 ? `the ${g.gcs.major === 1 ? 'full garbage collection' : `${g.gcs.major} full garbage collections`} during the burst did not free it`
    : g.gcs && g.gcs.all > 0 ? 'garbage collection did not free it' : 'it did not come back down';
  return `Memory grows by ${rateText(total)}: ${named.join(' and ')}${flat.length ? ` while ${flat.join(' and ')}` : ''}; ${gc}. RSS went ${mbText(g.rss.fromMb)} → ${mbText(g.rss.toMb)} over ${Math.round(g.seconds)} s.`;
}
