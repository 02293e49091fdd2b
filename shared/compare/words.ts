// How sure, in words — one phrasing for the Compare screen, the HTML export
// and `flambe compare`.
import type { Metric } from './types.ts';
import { groupThousands } from '../number-format.ts';
import { spreadText, timesText } from './machine-noise.ts';

const MINUS = '−';

/** The unit of Compare's per-request tables, in the words every place prints: CPU from the OS clock, or sampled time (shared/profile/cpu-time.ts). */
export function per1kUnit(c: { perRequest: boolean; cpuTime: boolean }): string {
  return !c.perRequest ? '% of each profile' : c.cpuTime ? 'CPU ms per 1 000 requests' : 'sampled ms per 1 000 requests';
}

/**
 * What a comparison's profile ms are, in a sentence: "of CPU" only where every round's are CPU from the OS clock
 * (the comparison's cpuTime: compare.ts), else "of sampled time" — Compare's verdict, an experiment's and its cost
 * sentence all say it by this one rule.
 */
export function ofCpuWords(c: { cpuTime: boolean }): 'of CPU' | 'of sampled time' {
  return c.cpuTime ? 'of CPU' : 'of sampled time';
}

/** The same as a noun: "CPU per 1 000 requests", or "sampled time per 1 000 requests". */
export function cpuNoun(c: { cpuTime: boolean }): 'CPU' | 'sampled time' {
  return c.cpuTime ? 'CPU' : 'sampled time';
}

/** "+12.5", "−3.0", "0.0" — a change in its unit, thousands separated. */
export function signed(x: number | null, digits = 1): string {
  if (x === null || !Number.isFinite(x)) return '—';
  const s = groupThousands(Math.abs(x), digits);
  if (Number(s.replace(/ /g, '')) === 0) return (0).toFixed(digits);
  return `${x > 0 ? '+' : MINUS}${s}`;
}

/** "+12%", "−3.4%" (whole percent from 10 up). */
export function signedPercent(x: number | null): string {
  if (x === null || !Number.isFinite(x)) return '—';
  return `${signed(x, Math.abs(x) >= 10 ? 0 : 1)}%`;
}

export type Sureness = 'real' | 'noise' | 'unknown' | 'none';

/** What "how sure" reads of a number or a table row (a row's interval is its relativeCi95). */
type Judged = Pick<Metric, 'a' | 'b' | 'significant' | 'ci95' | 'negligible' | 'withheld'> & Partial<Pick<Metric, 'basis' | 'noiseBand'>>;

/**
 * "25× apart, far more than the 2.0× two runs of the same code can differ by
 * on a busy machine": a change of one run each called real by its size alone
 * (machine-noise.ts), with the spread it was judged against and where that came from.
 */
export function farBeyondWords(m: Pick<Metric, 'a' | 'b' | 'noiseBand'>): string {
  const band = m.noiseBand;
  if (!band) return '';
  const who = band.from === 'library' ? 'repeated runs here have differed by' : 'two runs of the same code can differ by on a busy machine';
  const starved = band.cpuShareRatio ? `, even allowing ${band.cpuShareRatio.toFixed(1)}× for one run having a core for less of its busy time` : '';
  return `${timesText(m.a, m.b)} apart, far more than the ${spreadText(band.spreadPercent)} ${who}${starved}`;
}

export function surenessOf(m: Judged): Sureness {
  if (m.a === 0 && m.b === 0) return 'none';
  return m.significant === null ? 'unknown' : m.significant ? 'real' : 'noise';
}

/** How sure, in a few words, for a table cell. */
export function surenessWords(m: Judged): string {
  // Past ×100 a bound says only "cannot tell" (two pairs widened for many measures reach +5 000 000%).
  const bound = (x: number) => (x >= 9900 ? 'over ×100' : signedPercent(x));
  const ci = m.ci95 ? ` (95%: ${bound(m.ci95[0])} to ${bound(m.ci95[1])})` : '';
  switch (surenessOf(m)) {
    case 'none': return 'none on either side';
    case 'unknown': return m.withheld === 'busy' ? `not judged: the machine was busy${ci}`
      : m.withheld === 'one-request' ? 'not judged: one request, more of them with more requests' : 'cannot tell: one run each';
    // An interval holding both a halving and a doubling (early rounds) is no answer yet: said as the range that fits.
    // From nothing to something no ratio, so no interval, can be put on: say what is known instead of "no clear difference".
    case 'noise': if (!m.ci95 && (m.a === 0) !== (m.b === 0)) return `only in ${m.a === 0 ? 'B' : 'A'}: no interval from zero`;
      // Early rounds only (a row is judged from rounds): a library's repeats keep their interval, as the verdict says it.
      return m.basis !== 'repeats' && m.ci95 && m.ci95[0] <= -50 && m.ci95[1] >= 100 ? `too early to tell: anything from ${m.ci95[0] <= -99 ? '−99% or lower' : signedPercent(m.ci95[0])} to ${m.ci95[1] >= 9900 ? '×100 or higher' : `×${groupThousands(1 + m.ci95[1] / 100, 1)}`} fits`
      : `no ${m.negligible ? 'meaningful' : 'clear'} difference${ci}`;
    case 'real': return m.basis === 'machine' ? `real: ${farBeyondWords(m)}` : `real${ci}`;
  }
}
