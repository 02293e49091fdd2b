// The CPU profiler's sampling interval in words a student reads: how often it
// looks at the stack and how many looks a second — "every 1 ms (1 000 samples
// a second)" — never the setting's raw microseconds ("1000", "1000 µs"). One
// rule for the overhead table and sentence, the result's header and the Library.
import { formatCount, groupThousands } from '../number-format.ts';

/** "every 1 ms", "every 2.5 ms", "every 250 µs". */
export function samplingEvery(intervalUs: number): string {
  if (intervalUs >= 1000) {
    const ms = intervalUs / 1000;
    return `every ${Number.isInteger(ms) ? groupThousands(ms) : groupThousands(ms, ms < 10 ? 2 : 1).replace(/\.?0+$/, '')} ms`;
  }
  return `every ${formatCount(intervalUs)} µs`;
}

/** "1 000 samples a second", "4 000 samples a second". */
export function samplesPerSecond(intervalUs: number): string {
  return `${formatCount(1_000_000 / intervalUs)} samples a second`;
}

/** "every 1 ms (1 000 samples a second)". */
export function samplingWords(intervalUs: number): string {
  return `${samplingEvery(intervalUs)} (${samplesPerSecond(intervalUs)})`;
}
