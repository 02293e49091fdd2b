// An experiment's comparison: shared/compare's Comparison of A's rounds
// against B's, paired (the object `flambe compare --json` prints, every
// interval from the pairs of rounds), plus "rounds" and what the machine did
// to them. Its verdict is shared/compare's (the one verdict writer), told
// which kind of work was done on one side only and how busy the machine was.
import { buildComparison, oneSidedWork, verdictOf, type CompareRound, type Comparison, type Metric, type OneSidedWork, type RoundBuckets } from '../compare/index.ts';
import { compareRequestTime, type RequestTimeComparison } from '../compare/request-time.ts';
import { BUSY_PAIR_SPREAD } from './busy-spread.ts';
import { machineSentence, pairDisturbed, summarizeMachine, type MachineSummary, type RoundInterference } from './interference.ts';

export interface ExperimentMachine extends MachineSummary {
  /** Disturbed pairs left out of every statistic (enough clean pairs remained). */
  leftOut: number;
  /** Too few clean pairs: requests/s and latency (wall time) are not judged, only CPU time per request. */
  wallClockWithheld: boolean;
}

export interface ExperimentComparison extends Comparison {
  /** Complete pairs of rounds (one round of each side per pair) the statistics used. */
  rounds: number;
  /**
   * A kind of work done in every round of one side and (next to) none of the
   * other's (one-sided.ts): the verdict names it, and the kinds-of-work table
   * says so on its row instead of "no clear difference". Absent in experiments
   * saved before it was kept.
   */
  oneSided?: OneSidedWork | null;
  /** What the machine did to the pairs (interference.ts); absent without readings of the machine. */
  machine?: ExperimentMachine | null;
  /**
   * Where each request's time went, A's parts beside B's (ms per request, paired intervals), as Compare shows it;
   * absent in experiments saved before it was kept, null when a side's rounds had no request collector.
   */
  requestTime?: RequestTimeComparison | null;
}

/** Clean pairs needed to leave the disturbed ones out (fewer: keep them all and judge only CPU time). */
export const MIN_CLEAN_PAIRS = 3;

/** Measures of wall time, which a busy machine moves as much as the code does. */
const WALL_CLOCK = ['rps', 'p50Ms', 'p90Ms', 'p99Ms', 'maxMs'] as const;
const withhold = (m: Metric): Metric => (m.withheld ? m : { ...m, significant: null, negligible: false, withheld: 'busy' });

/**
 * `a[i]` and `b[i]` are the two rounds of pair i (they ran back to back):
 * every interval is the paired one (shared/stats paired.ts). `buckets`: each
 * round's CPU per 1 000 requests by kind of work (RoundMeasures.bucketsMsPer1k).
 * `machine`: each round's interference reading, in the same order.
 */
export function compareRounds(names: { a: string; b: string }, a: CompareRound[], b: CompareRound[], buckets?: RoundBuckets,
  machine?: { a: (RoundInterference | undefined)[]; b: (RoundInterference | undefined)[] }): ExperimentComparison | null {
  if (!a.length || a.length !== b.length) return null;
  const pairs = a.map((_, i) => [machine?.a[i], machine?.b[i]] as [RoundInterference | undefined, RoundInterference | undefined]);
  const summary = summarizeMachine(pairs);
  const disturbed = pairs.map(([x, y]) => pairDisturbed(x, y));
  const clean = disturbed.filter((d) => !d).length;
  const leaveOut = summary && summary.disturbedPairs > 0 && clean >= MIN_CLEAN_PAIRS;
  const keep = <T>(xs: T[]) => (leaveOut ? xs.filter((_, i) => !disturbed[i]) : xs);
  const [ka, kb] = [keep(a), keep(b)];
  const kBuckets = buckets ? { a: keep(buckets.a), b: keep(buckets.b) } : undefined;

  // Disturbed pairs kept (too few clean ones): their CPU figures are judged against a busy machine's known spread too.
  const busyKept = !!summary && summary.disturbedPairs > 0 && !leaveOut;
  const c = buildComparison(ka, kb, { names, paired: true, ...(busyKept ? { pairSpread: BUSY_PAIR_SPREAD } : {}) });
  const rounds = ka.length;
  const out: ExperimentComparison = { ...c, rounds };
  if (rounds < 2) {
    out.warnings = [...c.warnings, { kind: 'rounds', message: 'One round of each variant: Flambé cannot tell a difference from noise. Run at least 2 rounds (3 or more is better).' }];
  }
  const wallClockWithheld = !!summary && summary.disturbedPairs > 0 && !leaveOut && rounds >= 2;
  const requestTime = compareRequestTime(ka.map((r) => r.requestTime), kb.map((r) => r.requestTime), true);
  if (wallClockWithheld && out.load) {
    out.load = { ...out.load, ...Object.fromEntries(WALL_CLOCK.map((k) => [k, withhold(out.load![k])])) };
    if (out.elu) out.elu = withhold(out.elu);
  }
  // Its parts are wall time, which a busy machine moves as much as the code does: judged only when the load's are.
  out.requestTime = requestTime && wallClockWithheld
    ? { perRequestMs: withhold(requestTime.perRequestMs), parts: requestTime.parts.map((p) => ({ ...p, msPerRequest: withhold(p.msPerRequest), ...(p.msPerCall ? { msPerCall: withhold(p.msPerCall) } : {}) })) }
    : requestTime;
  out.machine = summary ? { ...summary, leftOut: leaveOut ? summary.disturbedPairs : 0, wallClockWithheld } : null;
  const cpu = out.cpuMsPer1kRequests ? Math.max(out.cpuMsPer1kRequests.a, out.cpuMsPer1kRequests.b) : 0;
  const oneSided = kBuckets && rounds >= 2 ? oneSidedWork(kBuckets, cpu) : null;
  out.oneSided = oneSided;
  const busy = out.machine && out.machine.disturbedPairs > 0 ? { sentence: machineSentence(out.machine), leftOut: out.machine.leftOut, wallClockWithheld } : null;
  if (oneSided || busy) out.verdict = verdictOf(out, { oneSided, busy });
  return out;
}
