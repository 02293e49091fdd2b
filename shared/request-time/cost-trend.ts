// A request's cost through the burst (issue 35): an EventEmitter that keeps a
// listener per request, a list searched per request that every request appends
// to — each request costs more than the one before, long before memory can
// tell. The collector reads the main thread's CPU around a sample of requests
// (collected.ts: the first ones, then a random quarter); the mean of those of
// the burst's first fifth is compared with the mean of those of its last fifth.
//
// Means, with their error, not medians: the thread's clock moves in scheduler
// ticks on some machines (a 0.2 ms request reads 0 or a whole tick), so only a
// mean over many requests means anything, and a rise is said only when it is
// well past what those ticks can make (three standard errors). Not the wall
// time a request's code ran: a busy machine taking the core away inflates that
// for most requests at a load average of 20.
import type { RouteTime } from '../recording/request-time.ts';
import { formatCount, formatMsInText } from '../number-format.ts';

/** Timed requests each end of the burst needs before anything is said of a trend (the error bound guards the rest). */
export const MIN_TIMED_PER_END = 10;
/** The last fifth's mean at least this many times the first's is a rise (the first fifth runs cold code too, without a warm-up)… */
export const RISE_FACTOR = 1.5;
/** …when it is also at least this many ms more a request (0.004 → 0.009 ms is no one's problem)… */
export const MIN_RISE_MS = 0.05;
/** …and this many standard errors of the difference: past what the clock's ticks could make. */
export const RISE_ERRORS = 3;

interface TimedRequest { start: number; cpuUs: number }
type Trend = NonNullable<RouteTime['cpuThroughBurst']>;

/** Two significant digits under 100 ms (0.06 ms, 0.36 ms), whole ms above — as the verdict's other ms. */

function meanAndVariance(xs: readonly number[]): [number, number] {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return [mean, xs.reduce((a, x) => a + (x - mean) ** 2, 0) / Math.max(1, xs.length - 1)];
}

/**
 * The mean CPU (ms) of the timed requests of the burst's first fifth and of its last fifth (in the order they started),
 * and the standard error of their difference; null when either end has fewer than MIN_TIMED_PER_END timed requests.
 */
export function cpuThroughBurst(reqs: readonly TimedRequest[]): Trend | null {
  const inOrder = [...reqs].sort((a, b) => a.start - b.start);
  const fifth = Math.floor(inOrder.length / 5);
  const timed = (xs: readonly TimedRequest[]) => xs.filter((r) => r.cpuUs >= 0).map((r) => r.cpuUs / 1000);
  const first = timed(inOrder.slice(0, fifth));
  const last = timed(inOrder.slice(inOrder.length - fifth));
  if (first.length < MIN_TIMED_PER_END || last.length < MIN_TIMED_PER_END) return null;
  const [firstMs, firstVar] = meanAndVariance(first);
  const [lastMs, lastVar] = meanAndVariance(last);
  const round = (x: number) => Math.round(x * 1e4) / 1e4;
  return { firstMs: round(firstMs), lastMs: round(lastMs), errorMs: round(Math.sqrt(firstVar / first.length + lastVar / last.length)), timedFirst: first.length, timedLast: last.length };
}

/** True when the last fifth's requests cost clearly more than the first's. */
export function costRose(t: Trend): boolean {
  const rise = t.lastMs - t.firstMs;
  return t.lastMs >= t.firstMs * RISE_FACTOR && rise >= MIN_RISE_MS && rise >= RISE_ERRORS * t.errorMs;
}

/**
 * "Each request cost 0.06 ms of CPU at the start of the burst and 0.36 ms at the end (…): the work grows with
 * something that grows …" — for the route whose cost rose the most, or null when none rose.
 */
export function risingCostSentence(routes: readonly RouteTime[]): string | null {
  const rise = (r: RouteTime) => r.cpuThroughBurst!.lastMs / Math.max(1e-6, r.cpuThroughBurst!.firstMs);
  const r = routes.filter((x) => x.cpuThroughBurst && costRose(x.cpuThroughBurst)).sort((a, b) => rise(b) - rise(a))[0];
  if (!r) return null;
  const t = r.cpuThroughBurst!;
  const who = routes.length > 1 ? ` to ${r.method} ${r.path}` : '';
  return `Each request${who} cost ${formatMsInText(t.firstMs)} of CPU at the start of the burst and ${formatMsInText(t.lastMs)} at the end `
    + `(means of the ${formatCount(t.timedFirst)} and ${formatCount(t.timedLast)} requests the server's thread clock timed in the first and the last fifth): the work grows with something that grows. `
    + 'Look for what every request adds to and none removes — a list or Map it searches, a cache without a limit, listeners — and give it a bound or a lifetime.';
}
