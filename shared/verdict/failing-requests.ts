// Requests the server answered with an error, or that never got an answer:
// when most of a burst failed, the profile shows the server turning requests
// away (a 404 handler, an error page), not doing the work the user meant to
// measure — so that is said first, and "use more connections" is not said at
// all (an idle server answering 404s needs a right URL, not more load).
// One rule for the verdict (the UI and the CLI) and the recorder's warning.
import type { LoadSummary } from '../recording/load.ts';
import { formatCount } from '../number-format.ts';

/** At least this share of the answers (plus failed connections) must be errors for the burst to count as failing. */
export const FAILING_SHARE = 0.5;

const STATUS_TEXT: Record<string, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 408: 'Request Timeout',
  413: 'Content Too Large', 415: 'Unsupported Media Type', 422: 'Unprocessable Content', 429: 'Too Many Requests',
  500: 'Internal Server Error', 501: 'Not Implemented', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};

/** "23 892": digits grouped by thin spaces, as the rest of Flambé's sentences write counts. */
export function countText(n: number): string {
  return formatCount(n);
}

/** Why a status usually fails, and what to check. */
function causeOf(code: string): string {
  if (code === '404') return 'the server has no route for that URL, so the profile shows it turning requests away, not serving them. Check the URL (path, port) and the method';
  if (code === '405') return 'the route does not take that method, so the profile shows it turning requests away. Check the method';
  if (code === '401' || code === '403') return 'the server refused them, so the profile shows its access check, not the route. Send the headers it needs (a token or a cookie)';
  if (code === '429') return 'the server rate-limited the load, so the profile shows it refusing requests. Lower the rate or lift the limit for the test';
  if (code.startsWith('4')) return 'the server rejected them, so the profile shows it refusing requests, not serving them. Check the URL, the method, the headers and the body';
  return 'the server failed them, so the profile shows its error path, not the work. Look at its console for the cause';
}

/** The sentence that leads the verdict when most of the burst failed; null when it did not. */
export function failingRequestsSentence(load: LoadSummary | null | undefined): string | null {
  if (!load) return null;
  const codes = Object.entries(load.statusCodes).filter(([, n]) => n > 0);
  const errors = codes.filter(([c]) => Number(c) >= 400).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const failed = errors.reduce((s, [, n]) => s + n, 0);
  const answered = codes.reduce((s, [, n]) => s + n, 0);
  const unanswered = load.errors;
  const all = answered + unanswered;
  if (all === 0 || (failed + unanswered) / all < FAILING_SHARE) return null;
  if (failed === 0) return `${countText(unanswered)} of ${countText(all)} requests got no answer (connection errors or timeouts): the profile shows little of the work. Check that the server is up and the URL points at it.`;
  const [top, topN] = errors[0];
  const name = STATUS_TEXT[top] ? `${top} (${STATUS_TEXT[top]})` : top;
  const others = errors.slice(1).map(([c, n]) => `${c} ×${countText(n)}`);
  const lead = topN === answered && unanswered === 0
    ? `All ${countText(answered)} responses were ${name}`
    : `${countText(failed)} of ${countText(answered)} responses (${Math.round((failed / answered) * 100)}%) were errors, most of them ${name} ×${countText(topN)}${others.length ? ` (also ${others.join(', ')})` : ''}${unanswered > 0 ? `, and ${countText(unanswered)} requests got no answer` : ''}`;
  return `${lead}: ${causeOf(top)}.`;
}
