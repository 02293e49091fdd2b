// Rounds until it knows (tachometer's auto-sampling, for A/B rounds): an
// experiment can keep adding pairs of rounds until the interval of its
// headline measure is narrow enough, or until a time budget ends. The
// headline measure is the one the verdict leads with: requests/s, or the CPU
// time per 1 000 requests when requests/s are not judged (a busy machine) or
// unknown. "Narrow enough": the interval's half-width, in % of A, is at most
// the target — B's change is then known to within ± that many %.
import { z } from 'zod';
import type { ExperimentComparison } from './comparison.ts';
import type { Metric } from '../compare/index.ts';

export interface UntilSettings {
  /** Stop when the headline interval is within ± this many % (its half-width). */
  withinPercent: number;
  /** Stop adding pairs after this many seconds (the pairs run so far count). */
  budgetSec: number;
}

/** How "rounds until it knows" ended (a group bundle carries it: shared/recording/groups.ts). */
export const untilOutcomeSchema = z.object({
  withinPercent: z.number().min(0).max(1000),
  budgetSec: z.number().min(0).max(1e7),
  /** 'met': the interval got narrow enough; 'budget': time ran out; 'max': the most pairs an experiment runs. */
  ended: z.enum(['met', 'budget', 'max', 'stopped']),
  pairs: z.number().int().min(0).max(100_000),
  /** The headline measure and its half-width when it ended (null when there was none). */
  measure: z.string().max(200).nullable(),
  halfWidthPercent: z.number().nullable(),
});
export type UntilOutcome = z.output<typeof untilOutcomeSchema>;

/**
 * The measure the verdict leads with, its name, and its interval's half-width in % of A: half the distance between
 * the ends the verdict prints ("95%: 83% less to 78% more" is ±80.5%), so the two sentences say the same width.
 */
export function headline(c: ExperimentComparison | null): { measure: string; halfWidthPercent: number } | null {
  if (!c) return null;
  const candidates: [string, Metric | null | undefined][] = [
    ['requests/s', c.load && !c.load.rps.withheld ? c.load.rps : null],
    ['CPU time per 1 000 requests', c.processCpuMsPer1k],
    ['profiled CPU per 1 000 requests', c.cpuMsPer1kRequests],
  ];
  for (const [measure, m] of candidates) {
    if (!m?.ci95) continue;
    const [lo, hi] = m.ci95;
    if (!Number.isFinite(lo) || !Number.isFinite(hi)) continue;
    return { measure, halfWidthPercent: (hi - lo) / 2 };
  }
  return null;
}

/** Whether the interval is narrow enough (at least 2 pairs: one pair has no interval). */
export function knowsEnough(c: ExperimentComparison | null, u: UntilSettings): boolean {
  const h = headline(c);
  return !!h && h.halfWidthPercent <= u.withinPercent;
}

/** "It took 7 pairs to know requests/s within ±5% (now ±4.1%)." or why it stopped before. */
export function untilSentence(o: UntilOutcome): string {
  const now = o.halfWidthPercent !== null ? ` (now ±${o.halfWidthPercent.toFixed(1)}%)` : '';
  const what = o.measure ?? 'the difference';
  if (o.ended === 'met') return `It took ${o.pairs} pairs to know ${what} within ±${o.withinPercent}%${now}.`;
  const why = o.ended === 'budget' ? `The ${formatBudget(o.budgetSec)} budget ended` : o.ended === 'max' ? 'The most pairs an experiment runs were done' : 'Stopped';
  return `${why} after ${o.pairs} pairs, before ${what} was known within ±${o.withinPercent}%${now}: run longer to know more.`;
}

function formatBudget(sec: number): string {
  return sec % 60 === 0 ? `${sec / 60}-minute` : `${sec}-second`;
}
