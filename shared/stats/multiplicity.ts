// Many measures judged at once. An experiment shows requests/s, four
// latencies, errors, the CPU per request twice, the event loop, and tables of
// kinds of work, functions, files and packages: at 95% each, one of twenty
// unchanged numbers looks "real" by chance, so an A/A experiment would raise
// an alarm most of the time. Two corrections, the usual ones:
// - Holm (step-down Bonferroni) for the headline measures, where one false
//   claim is one too many: the chance that any of them is falsely called
//   real stays at 5%.
// - Benjamini–Hochberg for each table's rows (many rows, most unchanged):
//   among the rows called real, at most 5% are expected to be false.
// Each returns adjusted p-values (a measure is real when its adjusted p is
// below 5%); effectiveAlpha turns that back into the confidence its shown
// interval must have, so that the interval excludes 0 exactly when the
// corrected test says "real" and the numbers never contradict the words.

/** Holm's adjusted p-values, in the order given. */
export function holm(ps: readonly number[]): number[] {
  const m = ps.length;
  const order = ps.map((p, i) => [p, i] as const).sort((x, y) => x[0] - y[0]);
  const out = new Array<number>(m);
  let running = 0;
  order.forEach(([p, i], k) => {
    running = Math.max(running, Math.min(1, (m - k) * p));
    out[i] = running;
  });
  return out;
}

/** Benjamini–Hochberg adjusted p-values (false-discovery rate), in the order given. */
export function benjaminiHochberg(ps: readonly number[]): number[] {
  const m = ps.length;
  const order = ps.map((p, i) => [p, i] as const).sort((x, y) => x[0] - y[0]);
  const out = new Array<number>(m);
  let running = 1;
  for (let k = m - 1; k >= 0; k--) {
    const [p, i] = order[k];
    running = Math.min(running, Math.min(1, (m * p) / (k + 1)));
    out[i] = running;
  }
  return out;
}

/**
 * The per-measure error rate its interval must use so that "the interval
 * excludes 0" and "the adjusted p is below alpha" agree: alpha × p / p̃
 * (between alpha / m and alpha). `m` is the family's size, for p = 0.
 */
export function effectiveAlpha(p: number, adjusted: number, alpha: number, m: number): number {
  if (!(p > 0) || !(adjusted > 0)) return alpha / Math.max(1, m);
  return Math.min(alpha, (alpha * p) / adjusted);
}
