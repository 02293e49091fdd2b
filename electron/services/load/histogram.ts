// Latency histograms in microseconds (hdr-histogram-js) and what a summary
// reads from them: the percentiles shown, the curve drawn, and the encoded
// histogram kept with every recording so any percentile can be read later.
import * as hdr from 'hdr-histogram-js';
import type { LatencyMs } from '../../../shared/api.ts';

export type Histogram = hdr.Histogram;

/** 1 µs .. 10 min, 3 significant digits (0.1 % relative error). */
export function newHistogram(): Histogram {
  return hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 600_000_000, numberOfSignificantValueDigits: 3 });
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
const ms = (us: number) => round3(us / 1000);

export function latencyOf(h: Histogram): LatencyMs {
  if (h.totalCount === 0) return { min: 0, p50: 0, p75: 0, p90: 0, p95: 0, p99: 0, p999: 0, max: 0, mean: 0 };
  const at = (p: number) => ms(h.getValueAtPercentile(p));
  return {
    min: ms(h.minNonZeroValue), p50: at(50), p75: at(75), p90: at(90), p95: at(95), p99: at(99), p999: at(99.9),
    max: at(100), mean: ms(h.mean),
  };
}

/**
 * The percentile plot's points: percentiles spaced evenly on a log scale of
 * 1/(1-p) (the usual HDR plot: 90, 99, 99.9 … equally apart), up to 99.999 %.
 */
export function percentileCurve(h: Histogram): { percentile: number; ms: number }[] {
  if (h.totalCount === 0) return [];
  const out: { percentile: number; ms: number }[] = [];
  for (let i = 0; i <= 50; i++) {
    const percentile = round3(100 * (1 - Math.pow(10, -i / 10)));
    if (percentile > 99.999) break;
    out.push({ percentile, ms: ms(h.getValueAtPercentile(percentile)) });
  }
  out.push({ percentile: 100, ms: ms(h.getValueAtPercentile(100)) });
  return out;
}

export function encodeHistogram(h: Histogram): string {
  return hdr.encodeIntoCompressedBase64(h);
}

export function decodeHistogram(encoded: string): Histogram {
  return hdr.decodeFromCompressedBase64(encoded);
}
