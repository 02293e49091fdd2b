// Student's t distribution: CDF and quantile for any (fractional) degrees of
// freedom. Welch's test gives fractional df (2.37, 3.9 …) and experiments run
// as few as 2–3 rounds a side, so a lookup table for a few df is not enough:
// the quantile is computed from the regularized incomplete beta function
// (Numerical Recipes §6.2–6.4), then inverted by bisection + Newton.

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9; ~15 significant digits). */
export function logGamma(x: number): number {
  const g = 7;
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let sum = c[0];
  for (let i = 1; i < g + 2; i++) sum += c[i] / (z + i);
  const t = z + g + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** Continued fraction for the incomplete beta function (modified Lentz). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d; if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c; if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d; h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d; if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c; if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/** Regularized incomplete beta I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  // The continued fraction converges fast for x < (a+1)/(a+b+2); use the symmetry otherwise.
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(a, b, x)) / a;
  return 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** P(T ≤ t) for Student's t with `df` degrees of freedom (df > 0, may be fractional). */
export function studentTCdf(t: number, df: number): number {
  if (!(df > 0)) throw new RangeError('degrees of freedom must be positive');
  if (!Number.isFinite(t)) return t > 0 ? 1 : 0;
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t > 0 ? 1 - tail : tail;
}

/** Density of Student's t, used by the Newton steps of the quantile. */
function studentTPdf(t: number, df: number): number {
  return Math.exp(logGamma((df + 1) / 2) - logGamma(df / 2) - 0.5 * Math.log(df * Math.PI)
    - ((df + 1) / 2) * Math.log(1 + (t * t) / df));
}

/** The t such that P(T ≤ t) = p, for 0 < p < 1 and df > 0. */
export function studentTQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError('probability must be between 0 and 1');
  if (!(df > 0)) throw new RangeError('degrees of freedom must be positive');
  if (p === 0.5) return 0;
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  // Bracket [0, hi], bisect to a few digits, then polish with Newton.
  let lo = 0;
  let hi = 1;
  while (studentTCdf(hi, df) < p) { lo = hi; hi *= 2; if (hi > 1e12) return hi; }
  for (let i = 0; i < 60 && hi - lo > 1e-6 * Math.max(1, lo); i++) {
    const mid = (lo + hi) / 2;
    if (studentTCdf(mid, df) < p) lo = mid; else hi = mid;
  }
  let t = (lo + hi) / 2;
  for (let i = 0; i < 5; i++) {
    const step = (studentTCdf(t, df) - p) / studentTPdf(t, df);
    t -= step;
    if (Math.abs(step) < 1e-12 * Math.max(1, Math.abs(t))) break;
  }
  return t;
}
