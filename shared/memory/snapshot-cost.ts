// What a heap snapshot will cost the server, said before it is taken: V8
// cannot stop a snapshot once it has begun (not even when Flambé is killed in
// the middle: the server stayed paused 35 s and came back at 0.97 GB RSS), so
// the user is told first how long the server will pause and how much more
// memory it will need, from its JS heap in use now and how busy the computer
// is. The numbers per MB are a calibration measured on real servers
// (docs/what-grows.md, "What a heap snapshot costs"): the pause grows with the
// heap and with the other work the CPUs share; the extra memory is V8's copy
// of the heap graph plus the JSON waiting to be sent, and grows with the heap.
import { z } from 'zod';
import { formatMiB } from '../number-format.ts';

/**
 * Seconds of pause per MB of JS heap in use, on one free core (busy 1): the
 * lowest and highest seen (0.028–0.088 × busy: the calibration's eight servers
 * and the test's runs), widened so one more server shape still falls inside.
 */
export const PAUSE_SEC_PER_HEAP_MB = { low: 0.02, high: 0.12 } as const;
/** MB of extra RSS per MB of JS heap in use while a snapshot is taken (calibration: 7.1–15.7, widened). */
export const EXTRA_MB_PER_HEAP_MB = { low: 6, high: 17 } as const;
/** Find what grows is not started when even the estimate's low end pauses the server longer than this (unless --long-pause-ok; --max-pause sets another). */
export const LONG_PAUSE_SEC = 60;

const range = z.object({ low: z.number().min(0), high: z.number().min(0) });

export const snapshotEstimateSchema = z.object({
  /** The target's JS heap in use and its RSS when it was read, MB (process.memoryUsage()). */
  heapUsedMb: z.number().min(0),
  rssMb: z.number().min(0),
  /**
   * How many processes want each core of this computer (1-minute load average ÷ cores, at least 1);
   * null when the target runs on another computer (its load cannot be read: the estimate is for an idle one).
   */
  busy: z.number().min(1).nullable(),
  /** The pause of one snapshot, s, and the extra memory it needs, MB. */
  pauseSec: range,
  extraMb: range,
  /** The longest pause accepted without being asked, s (LONG_PAUSE_SEC unless --max-pause), and whether even the low end is over it: then Find what grows is not started. */
  maxPauseSec: z.number().positive(),
  tooLong: z.boolean(),
});
export type SnapshotEstimate = z.infer<typeof snapshotEstimateSchema>;

/** The estimate for a heap of `heapUsedMb` MB; `busy` as in the schema (null: another computer). */
export function estimateSnapshot(heapUsedMb: number, rssMb: number, busy: number | null, maxPauseSec = LONG_PAUSE_SEC): SnapshotEstimate {
  const factor = busy ?? 1;
  const pauseSec = { low: heapUsedMb * PAUSE_SEC_PER_HEAP_MB.low * factor, high: heapUsedMb * PAUSE_SEC_PER_HEAP_MB.high * factor };
  return {
    heapUsedMb, rssMb, busy, pauseSec,
    extraMb: { low: heapUsedMb * EXTRA_MB_PER_HEAP_MB.low, high: heapUsedMb * EXTRA_MB_PER_HEAP_MB.high },
    maxPauseSec, tooLong: pauseSec.low > maxPauseSec,
  };
}

/** Seconds as a person reads them: "under 1 s", "4 s", "2 min". */
function seconds(s: number): string {
  if (s < 1) return 'under 1 s';
  return s < 120 ? `${Math.round(s)} s` : `${Math.round(s / 60)} min`;
}
/** "about 4–15 s", "about 30 s to 3 min", "under 1 s". */
export function secondsRange(r: { low: number; high: number }): string {
  if (r.high < 1) return 'under 1 s';
  if (r.high < 120) return `about ${Math.max(1, Math.round(r.low))}–${Math.round(r.high)} s`;
  return `about ${seconds(r.low)} to ${seconds(r.high)}`;
}
const mb = (n: number) => formatMiB(Math.max(1, n));

/** The sentence said before the snapshots (CLI, Record screen): how long each pauses the server, how much memory it needs, and that it cannot be stopped. */
export function snapshotCostSentence(e: SnapshotEstimate): string {
  const where = e.busy === null
    ? 'if its computer is idle (longer if it is busy: Flambé cannot see its load)'
    : e.busy > 1.2 ? `on this computer as busy as it is now (${e.busy.toFixed(1)} processes per core)` : 'on this computer';
  return `Each heap snapshot will pause this server (${mb(e.heapUsedMb)} of JS heap in use) for ${secondsRange(e.pauseSec)} ${where}, `
    + `and needs about ${mb(e.extraMb.low)}–${mb(e.extraMb.high)} more memory while it is taken (it uses ${mb(e.rssMb)} now). `
    + 'V8 cannot stop a snapshot once it has begun, not even if Flambé is stopped.';
}

/** Why Find what grows was not started: the pause would be longer than allowed, and how to take the snapshots anyway. */
export function tooLongSentence(e: SnapshotEstimate, howToAsk: string): string {
  const allowed = e.maxPauseSec === LONG_PAUSE_SEC ? 'a minute' : `the ${e.maxPauseSec} s allowed (--max-pause)`;
  return `Find what grows was not started: each heap snapshot would pause this server for ${secondsRange(e.pauseSec)} (${mb(e.heapUsedMb)} of JS heap in use), more than ${allowed}, `
    + `and need about ${mb(e.extraMb.low)}–${mb(e.extraMb.high)} more memory, and V8 cannot stop one once begun. ${howToAsk}`;
}
