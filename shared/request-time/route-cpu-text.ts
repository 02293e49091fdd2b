// A route's CPU per request, said as far as it can be trusted (issue 31). The
// collector reads the thread's CPU clock for some of a route's requests
// (collected.ts), and on a clock that moves in 4 ms scheduler ticks a 0.9 ms
// route's requests read 0 or 4 ms: ~50 reads put its mean anywhere from 0.45
// to 1.3 ms. Where the mean's standard error (summarize.ts) is wide, the figure
// is "about", with its 95 % range and the reason in a student's words.
import type { RouteTime } from '../recording/request-time.ts';
import { formatCount, formatMsInText } from '../number-format.ts';

/** A standard error over this share of the figure makes it "about" (a 95 % range of ±30 %). */
export const WIDE_ERROR_SHARE = 0.15;
/** A 95 % range is the mean ± this many standard errors. */
const Z95 = 1.96;

type RouteCpu = Pick<RouteTime, 'cpuMsPerRequest' | 'cpuErrorMs' | 'cpuClockStepMs' | 'cpuTimedRequests'>;

/** True when the route's CPU per request is too uncertain to be said as one number. */
export function routeCpuIsWide(r: RouteCpu): boolean {
  return r.cpuErrorMs !== undefined && r.cpuErrorMs > WIDE_ERROR_SHARE * r.cpuMsPerRequest;
}

/** The 95 % range of the route's CPU per request, never below 0 (ms). */
export function routeCpuRange(r: RouteCpu): [number, number] {
  const e = Z95 * (r.cpuErrorMs ?? 0);
  return [Math.max(0, r.cpuMsPerRequest - e), r.cpuMsPerRequest + e];
}

/** "0.9 ms", or "about 0.9 ms" where it is wide. */
export function routeCpuFigure(r: RouteCpu): string {
  return `${routeCpuIsWide(r) ? 'about ' : ''}${formatMsInText(r.cpuMsPerRequest)}`;
}

/**
 * Why the figure is "about", with its range: "0.3 to 1.5 ms: this machine's CPU clock counts in steps of 4 ms and
 * one request takes less than a step, so it reads 0 or 4 ms; read on 52 requests" — '' when it is not wide.
 */
export function routeCpuCaveat(r: RouteCpu): string {
  if (!routeCpuIsWide(r)) return '';
  const [lo, hi] = routeCpuRange(r);
  const range = `${Number(lo.toPrecision(2))} to ${formatMsInText(hi)}`;
  const reads = `read on ${formatCount(r.cpuTimedRequests ?? 0)} requests`;
  if (r.cpuClockStepMs !== undefined) {
    const step = formatMsInText(r.cpuClockStepMs);
    return `${range}: this machine's CPU clock counts in steps of ${step} and one request takes less than a step, so it reads 0 or ${step}; ${reads}`;
  }
  return `${range}: its requests' CPU varies from one to the next; ${reads}`;
}

/** "about 0.9 ms of CPU per request (0.3 to 1.5 ms: …)" or "2.4 ms of CPU per request". */
export function routeCpuText(r: RouteCpu): string {
  const caveat = routeCpuCaveat(r);
  return `${routeCpuFigure(r)} of CPU per request${caveat ? ` (${caveat})` : ''}`;
}
