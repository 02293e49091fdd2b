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
//   4. What rose must also be KEPT: the heap (or external memory) read right
//      after a full collection must stand higher at the burst's end than at
//      its start, by the same floor. Flambé asks V8 for a full collection
//      just before the burst and just after it (the samples marked
//      `fullGcForced`), so both ends hold only what is still referenced.
//      Between full collections old garbage waits for the next one, so a
//      server that only allocates fast has climbing lows too (a garbage-heavy
//      server read "+6.9 MB/s … 2 full garbage collections did not free it").
//        - rose and kept: it grows;
//        - rose but not kept: garbage, it did not grow;
//        - kept more, but by less than the floor and more than half of it
//          (a slow leak on a busy machine: 9 → 13 MB in 5 s): "cannot tell
//          yet" — not "did not grow" beside figures that rose;
//        - kept but no steady rise (a cache that filled once, or a leak too
//          slow or too uneven for the interval): "cannot tell yet", never
//          either answer.
//      "Rose steadily" is judged, when Flambé also took a full collection
//      halfway through the burst, on that reading: the memory kept must
//      still rise in the burst's second half, by max(half the floor, a
//      quarter of the whole rise) — half of what the rest of the burst
//      would add at a steady pace, when the reading came later or earlier
//      than halfway (it waits for the request collector's records). The lows cannot tell it reliably: heap
//      used between full collections also holds the young generation and
//      promoted garbage, several MB of sawtooth on a leak of 2–3 MB/s (an
//      Express audit log kept 11 → 33 MB and was read "did not rise
//      steadily" in CI). Without that reading, the lows' rule 3 decides.
//      Recordings without those two readings (older ones, or a target that
//      refused the collection) compare V8's own full collections in the
//      burst (the sample that saw one is read as just after it); with fewer
//      than two of them the answer is "cannot tell yet", never a leak. (A
//      10 s burst of a real leak often had only one, and once two taken
//      250 ms late read the same: "did not grow" on a Map that never evicts.)
//   5. Memory grows when the JS heap or external memory (Buffers,
//      ArrayBuffers) grows. RSS is reported, never judged alone: it rises
//      under load as V8 enlarges its young generation and the allocator keeps
//      freed pages, without anything leaking.
import { periodicSamples, type ProcessSample } from '../recording/process-samples.ts';
import { formatMiB } from '../number-format.ts';

/** Said beside the verdict when the process has worker threads: process.memoryUsage() reads the main isolate's heap only. */
export const WORKER_HEAPS_NOT_JUDGED = 'The JS heap here is the main thread\'s: worker threads have heaps of their own, which this does not sample (RSS counts them).';

/** The rule above in one paragraph, as the Memory card states it. */
export const GROWTH_RULE = 'Grows means: a full garbage collection Flambé asks for after the burst leaves more than one before it, by max(4 MiB, 10 % of '
  + 'what that held), and memory was still rising in the burst\'s second half — the collection after the burst leaves more than one Flambé takes halfway '
  + 'through it, by max(half that floor, a quarter of the rise; when it came later or earlier than halfway, half the share of the rise the rest of the burst would add at a steady pace). (Without the halfway one: the lowest heap used, or external memory, of each second, '
  + 'fitted by Theil–Sen, rises by more than the floor even at the low end of its 95 % interval, and stays up in the last third.) '
  + 'Risen but freed by the collection: garbage, not growth. Kept, but not still rising, or by between half the floor and the floor: cannot tell yet. (Older recordings compare the first and '
  + 'the last of V8\'s own full collections in the burst; with fewer than two: cannot tell yet.) RSS alone is never judged.';

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
  /** What Flambé's full collections before and after the burst left (rule 4), MB; null without those readings. */
  kept: KeptMemory | null;
  grows: boolean;
  /**
   * "Cannot tell yet" (rule 4), and why: memory rose but too few full collections ran to
   * compare ('few-gcs'), or more was kept after the burst than before it without a steady rise ('not-steady').
   */
  undecided?: 'few-gcs' | 'not-steady' | 'under-floor';
  sentence: string;
}

export interface KeptMemory {
  heapUsedMb: [before: number, after: number];
  externalMb: [before: number, after: number] | null;
  /** The reading after Flambé's full collection halfway through the burst, MB; null without it (older recordings, short bursts). */
  midMb: { heapUsed: number; external: number | null } | null;
  /**
   * The share of the burst after that reading (0–1; 0.5 without a burst to place it in). It is asked for
   * halfway from the profiler's start, and waits for the request collector's records: under load it came
   * 0.3–0.7 s late in a 4 s burst, and a steady leak read "rose in the first half only".
   */
  midShareAfter?: number;
  /** Over the floor: kept more after the burst than before it. */
  heapUsedRose: boolean;
  externalRose: boolean;
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

/** The periodic samples of the burst (all of them when the recording does not say when the burst ran). */
export function burstSamples(samples: readonly ProcessSample[], burst?: { fromMs: number; toMs: number } | null): ProcessSample[] {
  const periodic = periodicSamples(samples);
  return burst ? periodic.filter((s) => s.tMs >= burst.fromMs && s.tMs <= burst.toMs + 250) : periodic;
}

/** Over the floor of rule 3, from `before` to `after`. */
const roseOverFloor = (before: number, after: number) => after - before >= Math.max(FLOOR_MB, FLOOR_SHARE * before);

/** What Flambé's full collections just before and just after the burst left (rule 4); null without both readings. */
export function keptMemory(samples: readonly ProcessSample[], burst?: { fromMs: number; toMs: number } | null): KeptMemory | null {
  const forced = samples.filter((s) => s.fullGcForced);
  const before = burst ? forced.filter((s) => s.tMs <= burst.fromMs).at(-1) : forced[0];
  const after = burst ? forced.find((s) => s.tMs >= burst.toMs) : forced.at(-1);
  if (!before || !after || before === after) return null;
  const externalMb: [number, number] | null = typeof before.externalMb === 'number' && typeof after.externalMb === 'number' ? [before.externalMb, after.externalMb] : null;
  const mid = forced.filter((s) => s.tMs > before.tMs && s.tMs < after.tMs)
    .reduce<ProcessSample | null>((best, s) => (!best || Math.abs(s.tMs - (before.tMs + after.tMs) / 2) < Math.abs(best.tMs - (before.tMs + after.tMs) / 2) ? s : best), null);
  return {
    heapUsedMb: [before.heapUsedMb, after.heapUsedMb], externalMb,
    midMb: mid ? { heapUsed: mid.heapUsedMb, external: typeof mid.externalMb === 'number' ? mid.externalMb : null } : null,
    ...(mid && burst && burst.toMs > burst.fromMs ? { midShareAfter: Math.min(1, Math.max(0, (burst.toMs - mid.tMs) / (burst.toMs - burst.fromMs))) } : {}),
    heapUsedRose: roseOverFloor(before.heapUsedMb, after.heapUsedMb), externalRose: !!externalMb && roseOverFloor(...externalMb),
  };
}

/** The verdict on memory over the burst; null when it is too short to judge (under 4 s, or 4 windows of 1 s of samples when its length is not known). */
export function judgeMemoryGrowth(samples: readonly ProcessSample[], burst?: { fromMs: number; toMs: number } | null): MemoryGrowth | null {
  const inBurst = burstSamples(samples, burst);
  if (inBurst.length < 2) return null;
  const spanMs = inBurst[inBurst.length - 1].tMs - inBurst[0].tMs;
  const stepMs = spanMs / (inBurst.length - 1);
  const perWindow = Math.max(Math.ceil(MIN_WINDOW_MS / Math.max(1, stepMs)), Math.ceil(inBurst.length / MAX_WINDOWS));
  // Long enough is the burst's own length when it is known: its samples span a little less (the first comes a sampling
  // step in, and Flambé's halfway collection holds the inspector for a moment), so a 4 s burst counted 3.5 windows of them.
  const windows = burst && burst.toMs > burst.fromMs ? (burst.toMs - burst.fromMs) / MIN_WINDOW_MS : inBurst.length / perWindow;
  if (windows < MIN_WINDOWS) return null;
  const lowsOf = (pick: (s: ProcessSample) => number) => windowLows(inBurst.map((s) => ({ tSec: s.tMs / 1000, mb: pick(s) })), perWindow);
  const hasExternal = inBurst.every((s) => typeof s.externalMb === 'number');
  const heapUsed = judgeSeries('heapUsed', lowsOf((s) => s.heapUsedMb));
  const external = hasExternal ? judgeSeries('external', lowsOf((s) => s.externalMb!)) : null;
  const rss = judgeSeries('rss', lowsOf((s) => s.rssMb));
  const counted = inBurst.every((s) => typeof s.gcCount === 'number');
  const gcs = counted ? { all: sum(inBurst.map((s) => s.gcCount!)), major: sum(inBurst.map((s) => s.majorGcCount ?? 0)) } : null;
  const kept = keptMemory(samples, burst);
  const judged = { seconds: spanMs / 1000, heapUsed, external, rss, gcs, kept, ...(kept ? keptRule(heapUsed, external, kept) : gcRule(inBurst, heapUsed, external, counted)) };
  return { ...judged, sentence: growthSentence(judged) };
}

/** Rule 4 with Flambé's full collections before and after the burst. */
function keptRule(heapUsed: SeriesGrowth, external: SeriesGrowth | null, kept: KeptMemory): Pick<MemoryGrowth, 'grows' | 'undecided'> {
  if (kept.midMb) {
    // The halfway reading says whether it still rose in the second half (rule 4); the lows' sawtooth does not.
    const share = kept.midShareAfter ?? 0.5;
    heapUsed.grows = kept.heapUsedRose && stillRising(kept.heapUsedMb, kept.midMb.heapUsed, share);
    if (external) external.grows = kept.externalRose && !!kept.externalMb && kept.midMb.external !== null && stillRising(kept.externalMb, kept.midMb.external, share);
  }
  heapUsed.grows &&= kept.heapUsedRose;
  if (external) external.grows &&= kept.externalRose;
  const grows = heapUsed.grows || !!external?.grows;
  if (!grows && (kept.heapUsedRose || kept.externalRose)) return { grows, undecided: 'not-steady' };
  // Kept more, but less than the floor: too little to call growth, too much to say it did not grow (a slow leak on a busy machine kept 9 → 13 MB in 5 s).
  const overHalfFloor = (pair: readonly [number, number] | null) => !!pair && pair[1] - pair[0] >= Math.max(FLOOR_MB, FLOOR_SHARE * pair[0]) / 2;
  return { grows, ...(!grows && (overHalfFloor(kept.heapUsedMb) || overHalfFloor(kept.externalMb)) ? { undecided: 'under-floor' as const } : {}) };
}

/**
 * "Did not grow" only with the bound it was measured to (issue 35): a burst of a few seconds tells growth of
 * the floor (max(FLOOR_MB, FLOOR_SHARE of the heap)) from noise, not a leak of a few kB per request.
 */
function boundSentence(seconds: number, heapMb: number): string {
  const floor = Math.max(FLOOR_MB, FLOOR_SHARE * heapMb);
  const perMin = (floor / Math.max(1, seconds)) * 60;
  return `That is to within ${mbText(floor)} over the burst (about ${mbText(perMin)} a minute): a slower leak needs a longer recording to be seen.`;
}

/**
 * Kept more at the burst's end than halfway through it: by max(half the floor, a quarter of the whole rise) —
 * half of what the rest of the burst would add at a steady pace, when the reading came at another point than halfway.
 */
export function stillRising([before, after]: readonly [number, number], mid: number, shareAfter = 0.5): boolean {
  return after - mid >= Math.max(Math.max(FLOOR_MB, FLOOR_SHARE * before) / 2, ((after - before) * shareAfter) / 2);
}

/** Rule 4 with V8's own full collections during the burst (recordings without Flambé's). */
function gcRule(inBurst: readonly ProcessSample[], heapUsed: SeriesGrowth, external: SeriesGrowth | null, counted: boolean): Pick<MemoryGrowth, 'grows' | 'undecided'> {
  const rose = heapUsed.grows || !!external?.grows;
  const afterFull = inBurst.filter((s) => (s.majorGcCount ?? 0) > 0);
  const enoughGcs = !counted || afterFull.length >= MIN_FULL_GCS;
  const keptAfterFull = (pick: (s: ProcessSample) => number | undefined) => roseOverFloor(pick(afterFull[0]) ?? 0, pick(afterFull[afterFull.length - 1]) ?? 0);
  if (counted && enoughGcs) {
    if (heapUsed.grows && !keptAfterFull((s) => s.heapUsedMb)) heapUsed.grows = false;
    if (external?.grows && !keptAfterFull((s) => s.externalMb)) external.grows = false;
  }
  const grows = enoughGcs && (heapUsed.grows || !!external?.grows);
  return { grows, ...(rose && !enoughGcs ? { undecided: 'few-gcs' as const } : {}) };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** "11 MiB/s", or "40 MiB/min" below 1 MiB/s (shared/number-format.ts's bytes rule). */
export function rateText(mbPerSec: number): string {
  return Math.abs(mbPerSec) >= 1 ? `${formatMiB(mbPerSec)}/s` : `${formatMiB(mbPerSec * 60)}/min`;
}

const mbText = formatMiB;

const keptOf = (k: KeptMemory, series: SeriesName): [number, number] => (series === 'heapUsed' ? k.heapUsedMb : k.externalMb ?? [0, 0]);

/**
 * MB per second of burst a growing series adds: what the full collections
 * before and after the burst left, when Flambé ran them (the lows of a
 * sawtooth still hold garbage: a Map cache read +6.8 MB/s from its lows,
 * +4.8 MB/s from what it kept, 81 700 entries of ~600 bytes); else the
 * Theil–Sen slope of the lows.
 */
export function growthRate(g: Pick<MemoryGrowth, 'kept' | 'seconds'>, s: SeriesGrowth): number {
  if (!g.kept || g.seconds <= 0) return s.mbPerSec;
  const [before, after] = keptOf(g.kept, s.series);
  return (after - before) / g.seconds;
}

export function growthSentence(g: Omit<MemoryGrowth, 'sentence'>): string {
  const heapWords = 'the JS heap (after GC)';
  const externalWords = 'external memory (Buffers, ArrayBuffers)';
  if (g.undecided === 'not-steady' && g.kept) {
    const k = g.kept;
    const mid = (series: SeriesName) => {
      const m = series === 'heapUsed' ? k.midMb?.heapUsed : k.midMb?.external;
      return typeof m === 'number' ? `, ${mbText(m)} halfway through` : '';
    };
    const held = [
      ...(k.heapUsedRose ? [`the JS heap held ${mbText(k.heapUsedMb[0])} before the ${Math.round(g.seconds)} s burst${mid('heapUsed')} and ${mbText(k.heapUsedMb[1])} after it`] : []),
      ...(k.externalRose && k.externalMb ? [`external memory (Buffers, ArrayBuffers) ${mbText(k.externalMb[0])} before${mid('external')} and ${mbText(k.externalMb[1])} after`] : []),
    ];
    const how = k.midMb ? 'it rose in the burst\'s first half and not (or hardly) in its second' : 'it did not rise steadily during the burst';
    return `Cannot tell yet whether memory grows: after a full garbage collection ${held.join(', and ')}, but ${how} — a cache that filled once looks like this, and so does a slow leak. Record longer to know.`;
  }
  if (g.undecided === 'under-floor' && g.kept) {
    const k = g.kept;
    const floorOf = (before: number) => Math.max(FLOOR_MB, FLOOR_SHARE * before);
    const rose = ([before, after]: readonly [number, number]) => after - before >= floorOf(before) / 2;
    const held = [
      ...(rose(k.heapUsedMb) ? [{ words: 'the JS heap held', pair: k.heapUsedMb }] : []),
      ...(k.externalMb && rose(k.externalMb) ? [{ words: 'external memory (Buffers, ArrayBuffers) held', pair: k.externalMb }] : []),
    ].map(({ words, pair }) => `${words} ${mbText(pair[0])} before the ${Math.round(g.seconds)} s burst and ${mbText(pair[1])} after it — more, but less than the ${mbText(floorOf(pair[0]))} it must keep`);
    return `Cannot tell yet whether memory grows: after a full garbage collection ${held.join(', and ')} to be told from what a server settles into. Record longer to know.`;
  }
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
    if (g.kept) {
      const k = g.kept;
      const held = `the JS heap held ${mbText(k.heapUsedMb[0])} → ${mbText(k.heapUsedMb[1])}${k.externalMb ? ` and external memory ${mbText(k.externalMb[0])} → ${mbText(k.externalMb[1])}` : ''}`;
      return `Memory did not grow over the ${Math.round(g.seconds)} s burst: after a full garbage collection before and after it, ${held}; RSS ${lows(g.rss)} (lowest in its first and last third). ${boundSentence(g.seconds, k.heapUsedMb[0])}`;
    }
    return `Memory did not grow over the ${Math.round(g.seconds)} s burst: ${parts.join(', ')} (lowest in its first and last third). ${boundSentence(g.seconds, g.heapUsed.firstThirdLowMb)}`;
  }
  const growing = [g.heapUsed, g.external].filter((s): s is SeriesGrowth => !!s?.grows);
  const total = sum(growing.map((s) => growthRate(g, s)));
  const flat = [g.heapUsed, g.external].filter((s): s is SeriesGrowth => !!s && !s.grows)
    .map((s) => (s.series === 'heapUsed' ? 'the JS heap is flat' : 'external memory is flat'));
  const words = (s: SeriesGrowth) => (s.series === 'heapUsed' ? heapWords : externalWords);
  if (g.kept) {
    const named = growing.map((s) => {
      const [before, after] = keptOf(g.kept!, s.series);
      const m = s.series === 'heapUsed' ? g.kept!.midMb?.heapUsed : g.kept!.midMb?.external;
      return typeof m === 'number'
        ? `${words(s)} +${rateText(growthRate(g, s))} (${mbText(before)} → ${mbText(m)} → ${mbText(after)}, what a full garbage collection left before, halfway through and after the burst)`
        : `${words(s)} +${rateText(growthRate(g, s))} (${mbText(before)} → ${mbText(after)}, what a full garbage collection left before and after the burst)`;
    });
    return `Memory grows by ${rateText(total)}: ${named.join(' and ')}${flat.length ? ` while ${flat.join(' and ')}` : ''}. RSS went ${mbText(g.rss.fromMb)} → ${mbText(g.rss.toMb)} over ${Math.round(g.seconds)} s.`;
  }
  const named = growing.map((s) => `${words(s)} +${rateText(s.mbPerSec)} (${mbText(s.fromMb)} → ${mbText(s.toMb)})`);
  const gc = g.gcs && g.gcs.major > 0 ? `the ${g.gcs.major === 1 ? 'full garbage collection' : `${g.gcs.major} full garbage collections`} during the burst did not free it`
    : g.gcs && g.gcs.all > 0 ? 'garbage collection did not free it' : 'it did not come back down';
  return `Memory grows by ${rateText(total)}: ${named.join(' and ')}${flat.length ? ` while ${flat.join(' and ')}` : ''}; ${gc}. RSS went ${mbText(g.rss.fromMb)} → ${mbText(g.rss.toMb)} over ${Math.round(g.seconds)} s.`;
}
