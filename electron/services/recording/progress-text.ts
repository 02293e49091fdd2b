// The words a recording's progress says each second, in the one number style (shared/number-format.ts): the Record
// screen showed "Warming up: 1026 requests/s" beside its own "Requests/s 1 026" (issue 38's walk).
import { formatMsInText, formatReadable } from '../../../shared/number-format.ts';

const rate = (rps: number): string => (rps === 0 ? '0' : formatReadable(rps));

/** "Warming up: 1 026 requests/s". */
export const warmupText = (rps: number): string => `Warming up: ${rate(rps)} requests/s`;

/** "Recording: 1 026 requests/s, p99 130 ms"; no p99 before a response has come back, rather than "0 ms". */
export function recordingText(rps: number, p99Ms: number | null | undefined): string {
  const p99 = p99Ms && p99Ms > 0 ? `, p99 ${formatMsInText(p99Ms)}` : '';
  return `Recording: ${rate(rps)} requests/s${p99}`;
}
