// Which requests a figure counts, said once for every screen, report and CLI
// table (issue 31: "Requests 31" beside "40 requests seen by the server",
// "Errors 0 · Timeouts 3" beside "ERRORS 3").
//
// Two counters, two windows:
// - the load generator counts the answers it got within the burst (the burst
//   is part of the profile's window: connections open after Profiler.start,
//   the profile is stopped and read after the burst ends), and the requests
//   that failed (connection errors) or timed out;
// - the request collector counts, in the server, every request that finished
//   while it listened: from just before Profiler.start to after its stop —
//   including those still running when the burst ended, which the load
//   generator gave up on.
// A per-request figure divides what the profile measured by the requests the
// server handled in that same window: the collector's, each request by the
// share of its code that ran while the profiler did (the collector is read
// after the profiler stops, and requests still queued finish in between),
// else the answers (an attach without the collector, an older recording).
import type { LoadSummary } from '../recording/load.ts';
import type { RequestTime } from '../recording/request-time.ts';
import { formatCount } from '../number-format.ts';

/** Requests the load generator sent that never got an answer: connection errors and timeouts (the Library's and Compare's "failed"). */
export function failedRequests(load: Pick<LoadSummary, 'errors' | 'timeouts'>): number {
  return load.errors + load.timeouts;
}

/** Failed requests per 1 000 sent (answered + failed): 3 timeouts beside 31 answers is 88.2, not 3 per 31 answered. */
export function failedPer1kSent(load: Pick<LoadSummary, 'requests' | 'errors' | 'timeouts'>): number {
  const failed = failedRequests(load);
  const sent = load.requests + failed;
  return sent > 0 ? (failed / sent) * 1000 : 0;
}

/** The name a failed-requests column or row goes by wherever errors and timeouts are summed. */
export const FAILED_LABEL = 'Failed (errors + timeouts)';

/** Requests the server handled in the profile's window, and who counted them. */
export interface RequestsHandled {
  count: number;
  countedBy: 'server' | 'load generator';
}

type Counted = { load?: Pick<LoadSummary, 'requests'> | null; requestTime?: Pick<RequestTime, 'requests' | 'dropped' | 'inProfile'> | null };

/**
 * The requests a per-request figure over the profile divides by (null when none is known): the request collector's
 * count — the requests' worth of work inside the profile's window where it was measured (in-profile.ts: those
 * finished after the profiler stopped are not in it), else every request it kept — and `dropped` more past its
 * limit; else the load generator's answers.
 */
export function requestsHandled(rec: Counted): RequestsHandled | null {
  const rt = rec.requestTime;
  if (rt && rt.requests > 0) return { count: (rt.inProfile && rt.inProfile > 0 ? rt.inProfile : rt.requests) + (rt.dropped ?? 0), countedBy: 'server' };
  const answered = rec.load?.requests ?? 0;
  return answered > 0 ? { count: answered, countedBy: 'load generator' } : null;
}

/** requestsHandled's count alone: the per-1 000-requests denominator. */
export function requestsHandledCount(rec: Counted): number | null {
  return requestsHandled(rec)?.count ?? null;
}

/**
 * What stands beside "40 requests seen by the server" when the load generator counted otherwise: ", 31 answered
 * within the burst (3 timed out; the server finishes the others after the burst, or the load tool gave up on
 * them)". Empty when they agree, or when the load was counted in the server itself (record --no-load).
 */
export function answeredBesideSeen(seen: number, load: Pick<LoadSummary, 'requests' | 'errors' | 'timeouts' | 'measuredInServer'> | null | undefined): string {
  if (!load || load.measuredInServer || load.requests === seen) return '';
  const failed = [load.timeouts ? `${formatCount(load.timeouts)} timed out` : '', load.errors ? `${formatCount(load.errors)} failed` : ''].filter(Boolean).join(', ');
  const why = seen > load.requests
    ? 'the server also finished requests the burst had stopped waiting for'
    : 'the server counts only the requests to the loaded port that it finished while Flambé listened';
  return `, ${formatCount(load.requests)} answered within the burst (${failed ? `${failed}; ` : ''}${why})`;
}
