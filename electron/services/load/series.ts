// The per-second series of a burst, bucketed by when each response arrived.
// The last, partial second is kept and its rate is divided by its length, so
// the series adds up to the total and its weighted mean is the header's req/s
// (issue 13: a 3 s burst used to show 2 rows that did not add up). A tail
// shorter than a quarter second joins the second before it: 1 request in the
// last millisecond of a 2 s burst at 200 req/s read as a "1000 req/s" spike.
import type { LoadSecond } from '../../../shared/api.ts';
import { newHistogram } from './histogram.ts';

const round3 = (x: number) => Math.round(x * 1000) / 1000;
/** A last partial second shorter than this joins the second before it. */
export const MIN_TAIL_SEC = 0.25;

export class SecondSeries {
  readonly seconds: LoadSecond[] = [];
  private index = 0;
  private count = 0;
  private latency = newHistogram();
  /** The last closed second's latencies, kept so a short tail can join it. */
  private previous = newHistogram();
  private readonly onSecond?: (s: LoadSecond) => void;

  constructor(onSecond?: (s: LoadSecond) => void) {
    this.onSecond = onSecond;
  }

  /** A response arrived `elapsedMs` after the burst started, taking `us` microseconds. */
  record(elapsedMs: number, us: number): void {
    const at = Math.floor(elapsedMs / 1000);
    if (at > this.index) this.closeUntil(at);
    this.count++;
    this.latency.recordValue(us);
  }

  /** Closes every whole second before `elapsedMs` (called by a timer too, so a silent server still shows its zero seconds). */
  tick(elapsedMs: number): void {
    const at = Math.floor(elapsedMs / 1000);
    if (at > this.index) this.closeUntil(at);
  }

  /** Ends the series at `endMs`: the last, partial second is kept, weighted by its length. */
  finish(endMs: number): LoadSecond[] {
    this.tick(endMs);
    const lengthSec = round3(endMs / 1000 - this.index);
    const last = this.seconds.at(-1);
    if (last && lengthSec < MIN_TAIL_SEC) {
      // The tail joins the second before it (already sent live; the kept series has the joined one).
      this.previous.add(this.latency);
      const requests = last.requests! + this.count;
      const length = round3(last.lengthSec! + lengthSec);
      this.seconds[this.seconds.length - 1] = {
        ...last, requests, lengthSec: length, rps: round3(requests / length),
        p99Ms: requests ? round3(this.previous.getValueAtPercentile(99) / 1000) : 0,
      };
    } else if (this.count > 0 || lengthSec >= 0.001) {
      this.close(Math.max(lengthSec, 0.001));
    }
    this.latency.destroy();
    this.previous.destroy();
    return this.seconds;
  }

  private closeUntil(at: number): void {
    while (this.index < at) this.close(1);
  }

  private close(lengthSec: number): void {
    const s: LoadSecond = {
      second: this.index + 1,
      rps: round3(this.count / lengthSec),
      p99Ms: this.count ? round3(this.latency.getValueAtPercentile(99) / 1000) : 0,
      requests: this.count,
      lengthSec,
    };
    this.seconds.push(s);
    this.onSecond?.(s);
    this.index++;
    this.count = 0;
    [this.previous, this.latency] = [this.latency, this.previous];
    this.latency.reset();
  }
}
