// "--sampling-interval 1000,100" (and the UI's field): one or more sampling
// intervals in µs, each measured in its own rounds. One parser for both.
export const MIN_INTERVAL_US = 50;
export const MAX_INTERVAL_US = 100_000;

/** The intervals in the order given, without repeats, or the sentence saying what is wrong. */
export function parseIntervalList(text: string): { ok: true; intervals: number[] } | { ok: false; message: string } {
  const parts = text.split(',').map((x) => x.trim()).filter((x) => x !== '');
  if (!parts.length) return { ok: false, message: 'Give a sampling interval in microseconds, or several separated by commas, like 1000,100.' };
  const intervals: number[] = [];
  for (const p of parts) {
    const n = Number(p);
    if (!Number.isInteger(n) || n < MIN_INTERVAL_US || n > MAX_INTERVAL_US) {
      return { ok: false, message: `"${p}" is not a sampling interval: use whole microseconds from ${MIN_INTERVAL_US} to ${MAX_INTERVAL_US}, separated by commas, like 1000,100.` };
    }
    if (!intervals.includes(n)) intervals.push(n);
  }
  if (intervals.length > 6) return { ok: false, message: 'Use at most 6 sampling intervals in one run.' };
  return { ok: true, intervals };
}
