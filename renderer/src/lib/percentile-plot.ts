// Geometry of the latency percentile plot (as HdrHistogram plots it): x is
// log10(1/(1-p)), so 90, 99, 99.9 % are equally apart; y is latency in ms on
// a linear scale from 0.
export const PLOT_MAX_NINES = 5; // up to 99.999 %

/** x position 0..1 of a percentile (0..100). */
export function nineX(percentile: number): number {
  if (percentile >= 100 - 10 ** -PLOT_MAX_NINES * 100) return 1;
  return Math.log10(1 / (1 - percentile / 100)) / PLOT_MAX_NINES;
}

export const PLOT_TICKS = [0, 90, 99, 99.9, 99.99, 99.999];

export function tickLabel(p: number): string {
  return p === 0 ? '0 %' : `${p} %`;
}

/** A "nice" top of the y scale (1, 2, 5 × 10^k) above `max`. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const k = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 5, 10]) if (m * k >= max) return m * k;
  return 10 * k;
}

/** A short axis label: "0", "250 ms", "1.5 s". */
export function axisMs(ms: number): string {
  if (ms === 0) return '0';
  return ms >= 1000 ? `${Number((ms / 1000).toPrecision(3))} s` : `${Number(ms.toPrecision(3))} ms`;
}

/** SVG path of the points, in a width × height box. */
export function curvePath(points: readonly { percentile: number; ms: number }[], width: number, height: number, yMax: number): string {
  return points
    .map((pt, i) => `${i ? 'L' : 'M'}${(nineX(pt.percentile) * width).toFixed(1)},${(height - (pt.ms / yMax) * height).toFixed(1)}`)
    .join('');
}
