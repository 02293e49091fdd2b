// The verdict — the one writer of it, for a comparison of two recordings, of
// rounds, and an experiment: what changed in throughput and latency, how sure
// that is, and which kind of work or function explains it, in one to three
// sentences. With two or more rounds a side it claims only what the rounds
// support: a change the 95% interval does not separate from 0 is "no clear
// difference" (benchstat's `~`). With one run each it says how sure it can be
// (library repeats) or that it cannot tell.
import type { OneSidedWork } from '../compare/one-sided.ts';
import type { BucketChange, ChangeRow, Comparison, Metric } from '../compare/types.ts';
import { formatBytes, formatCount, groupThousands } from '../number-format.ts';
import { cpuNoun, farBeyondWords, ofCpuWords } from '../compare/words.ts';

type Parts = Omit<Comparison, 'verdict'>;

/** What the rounds of an experiment add to the comparison. */
export interface VerdictExtras {
  /** A kind of work done in every round of one side and in none of the other's (one-sided.ts). */
  oneSided?: OneSidedWork | null;
  /**
   * The machine disturbed some pairs (shared/experiment interference.ts):
   * the sentence that says so, how many pairs were left out, and whether the
   * wall-clock measures were withheld (too few clean pairs).
   */
  busy?: { sentence: string; leftOut: number; wallClockWithheld: boolean } | null;
}

/** A kind of work is "the difference" only when it explains at least this share of the change in CPU per 1 000 requests. */
export const MIN_EXPLAINED_SHARE = 0.25;

const n0 = formatCount;
const ms = (x: number) => (Math.abs(x) >= 10 ? n0(x) : Math.abs(x) >= 1 ? x.toFixed(1) : x.toFixed(2));
/** The other side's ms on a kind of work; "none" where its profile has none ("B spends 0.00 ms" read as a measured trace). */
const spent = (x: number) => (x === 0 ? 'none' : `${ms(x)} ms`);
// Grouped like every number (shared/number-format.ts): "+6 819%", never "+6819%".
const pct = (x: number) => `${Math.abs(x) >= 10 ? n0(Math.abs(x)) : Math.abs(x).toFixed(1)}%`;
const range = (ci: [number, number]) => `${ci[0] >= 0 ? '+' : '−'}${pct(ci[0])} to ${ci[1] >= 0 ? '+' : '−'}${pct(ci[1])}`;
/** "server.js:16" from a long path. */
const shortLocation = (loc: string) => loc.split(/[/\\]/).pop() ?? loc;

function rpsWords(rps: Metric): string {
  const d = rps.deltaPercent ?? 0;
  if (Math.abs(d) < 1) return 'B serves about as many requests per second as A';
  if (d >= 100) return `B serves ${(rps.b / rps.a).toFixed(1)}× the requests per second of A`;
  return `B serves ${pct(d)} ${d > 0 ? 'more' : 'fewer'} requests per second than A`;
}

function p99Words(p99: Metric): string {
  const ratio = p99.a > 0 ? p99.b / p99.a : 1;
  return ratio >= 2 ? `p99 ${ratio.toFixed(1)}× higher` : ratio <= 0.5 ? `p99 ${(1 / ratio).toFixed(1)}× lower`
    : Math.abs(ratio - 1) < 0.01 ? 'p99 the same' : `p99 ${ratio > 1 ? '+' : '−'}${pct((ratio - 1) * 100)}`;
}

/**
 * The first sentence: requests/s, p99 and how sure. Requests/s far beyond what runs here differ by is said as real;
 * a p99 the same rule cannot tell from noise then follows apart ("p99 8.8× lower" beside that claim read as real
 * while its row said "cannot tell: one run each"; issue 38's walk).
 */
function throughputSentence1(rps: Metric, p99: Metric): string {
  if (rps.basis === 'machine' && p99.significant !== true && !/the same/.test(p99Words(p99))) {
    return `${rpsWords(rps)} — requests/s ${farBeyondWords(rps)}. Its p99 (${p99Words(p99).replace(/^p99 /, '')}) cannot be told from noise: one run each.`;
  }
  return `${rpsWords(rps)} (${p99Words(p99)})${sureness(rps)}`;
}

function sureness(rps: Metric): string {
  if (rps.basis === 'machine') return ` — requests/s ${farBeyondWords(rps)}.`;
  if (rps.significant === null) return ' — one run each: repeat both to know whether this is more than noise.';
  if (rps.significant === false) {
    const noise = rps.basis === 'rounds' ? 'the rounds disagree as much as that' : 'runs of these settings differ that much by chance';
    return ` — but ${noise} (95%: ${range(rps.ci95!)}): no clear difference.`;
  }
  return ` (95% interval ${range(rps.ci95!)}${rps.basis === 'repeats' ? ', from the noise of repeated recordings' : ''}).`;
}

/**
 * How sure a change in bytes per request is, for one run each: the sampler is
 * statistical and runs differ, so only the library's repeats of these settings
 * (noise.ts) can say it is more than noise.
 */
function bytesSureness(bytes: Metric): string {
  if (bytes.basis === 'machine') return `; ${farBeyondWords(bytes)}`;
  if (bytes.significant === null) return '; one run each, so not yet known to be more than noise';
  const repeats = bytes.basis === 'repeats';
  if (bytes.significant === false) return `; ${repeats ? 'runs of these settings differ' : 'the rounds disagree'} that much by chance (95%: ${range(bytes.ci95!)}): no clear difference`;
  return `; 95% interval ${range(bytes.ci95!)}${repeats ? ', from the noise of repeated recordings' : ''}`;
}

/**
 * Whether a kind of work's change can be called "the difference". Run-to-run
 * noise changes how much each thing costs — on a busy machine CPU per request
 * can move by half between identical runs — but it does not make work appear
 * or vanish: a kind of work (nearly) absent on one side is a real change of
 * what the code does; a change of degree needs the rounds to say it is real.
 */
function isClearChange(b: BucketChange, perRequest: boolean): boolean {
  if (b.significant === true) return true;
  const [x, y] = perRequest ? [b.aMsPer1k ?? 0, b.bMsPer1k ?? 0] : [b.aPercent, b.bPercent];
  return Math.min(x, y) <= 0.1 * Math.max(x, y);
}

function bucketSentence(b: BucketChange, perRequest: boolean, of: string): string {
  const where = b.where ? ` in ${b.where.lineText ? `\`${b.where.lineText.length > 60 ? `${b.where.lineText.slice(0, 57)}…` : b.where.lineText}\` at ` : `${b.where.name}, `}${shortLocation(b.where.location)}` : '';
  const clear = isClearChange(b, perRequest);
  const lead = clear ? `The difference is ${b.name}` : `The profiles differ most in ${b.name}`;
  const caveat = clear ? '' : b.significant === false ? ' — within what the rounds vary by: no clear difference' : ' — a change of degree, which noise alone can cause: repeat both to know';
  if (perRequest) {
    const grew = b.deltaMsPer1k! > 0;
    return grew
      ? `${lead}: B spends ${ms(b.bMsPer1k!)} ms ${of} per 1 000 requests on it${where} (A: ${spent(b.aMsPer1k!)})${caveat}.`
      : `${lead}: A spent ${ms(b.aMsPer1k!)} ms ${of} per 1 000 requests on it${where}; B spends ${spent(b.bMsPer1k!)}${caveat}.`;
  }
  const [more, less] = b.where?.side === 'a' ? [`${pct(b.aPercent)} of A's time${where}`, `${pct(b.bPercent)} of B's`] : [`${pct(b.bPercent)} of B's time${where}`, `${pct(b.aPercent)} of A's`];
  return `The profiles differ most in ${b.name}: ${more}, against ${less}${caveat}.`;
}

function functionSentence(f: ChangeRow, perRequest: boolean, of: string): string {
  const loc = f.location ? ` (${shortLocation(f.location)})` : '';
  const status = f.status === 'new' ? ', new in B' : f.status === 'gone' ? ', gone from B' : '';
  if (perRequest) {
    return `The largest change is ${f.name}${loc}${status}: ${ms(f.aMsPer1k!)} → ${ms(f.bMsPer1k!)} ms ${of} per 1 000 requests.`;
  }
  return `The largest change is ${f.name}${loc}${status}: ${pct(f.aPercent)} → ${pct(f.bPercent)} of each profile's time.`;
}

/** The explaining sentence, when a kind of work or a function changed enough to matter. */
function explanation(c: Parts): string {
  const scale = c.perRequest && c.cpuMsPer1kRequests ? Math.max(c.cpuMsPer1kRequests.a, c.cpuMsPer1kRequests.b) : 100;
  const size = (x: { deltaMsPer1k: number | null; deltaPercent: number }) => Math.abs(c.perRequest ? x.deltaMsPer1k ?? 0 : x.deltaPercent);
  // A change matters at 5% of the CPU per 1000 requests (or 3 points of the profile).
  const threshold = c.perRequest ? 0.05 * scale : 3;
  const bucket = c.buckets.find((b) => size(b) >= threshold);
  // "of CPU" only where every round's ms are CPU from the OS clock, else "of sampled time" (an imported file).
  const of = ofCpuWords(c);
  if (bucket) return bucketSentence(bucket, c.perRequest, of);
  const fn = c.functions.find((f) => f.category !== 'idle' && f.name !== '(idle)' && f.name !== '(program)' && size(f) >= threshold);
  if (fn) return functionSentence(fn, c.perRequest, of);
  if (c.functions.length) return 'No function changed its cost by more than 5%.';
  return '';
}

export function verdictOf(c: Parts, extras: VerdictExtras = {}): string {
  if (c.load && c.howSure.basis === 'rounds') return roundsVerdict(c, extras.oneSided ?? null, extras.busy ?? null);
  const out: string[] = [];
  if (c.load) out.push(throughputSentence1(c.load.rps, c.load.p99Ms));
  else if (c.functions.length) out.push('Without request counts on both sides, Flambé compares each profile in % of its own time.');
  if (c.cpuMsPer1kRequests && c.cpuMsPer1kRequests.deltaPercent !== null && Math.abs(c.cpuMsPer1kRequests.deltaPercent) >= 5) {
    const m = c.cpuMsPer1kRequests;
    out.push(`${c.cpuTime ? 'CPU' : 'Sampled time'} per 1 000 requests: ${ms(m.a)} → ${ms(m.b)} ms (${m.deltaPercent! > 0 ? '+' : '−'}${pct(m.deltaPercent!)}).`);
  }
  const why = explanation(c);
  if (why) out.push(why);
  const bytes = c.allocations?.bytesPerRequest;
  if (bytes && bytes.deltaPercent !== null && Math.abs(bytes.deltaPercent) >= 5) {
    out.push(`Allocated per request: ${formatBytes(bytes.a)} → ${formatBytes(bytes.b)} (${bytes.deltaPercent > 0 ? '+' : '−'}${pct(bytes.deltaPercent)}${bytesSureness(bytes)}).`);
  }
  if (!out.length) return 'Nothing to compare: neither a profile nor load numbers on both sides.';
  return out.join(' ');
}

// ---- Two or more rounds a side (an experiment): every claim from the rounds.

/** "2.4×", "1.25×" */
export function formatRatio(r: number): string {
  // Thousands grouped as every number is (shared/number-format.ts): "16 316×", never "16316×".
  return `${r >= 10 ? groupThousands(r) : r >= 2 ? r.toFixed(1) : r.toFixed(2)}×`;
}

/** "12 ms", "4.3 ms", "0.81 ms" */
export function formatMs(x: number): string {
  const a = Math.abs(x);
  if (a < 0.005) return '0 ms';
  return `${a >= 10 ? formatCount(x) : a >= 1 ? x.toFixed(1) : x.toFixed(2)} ms`;
}

/**
 * A change in % as people read it: "+18%", "−26%", and past +200% as a
 * factor ("×850"), since "+84893%" (2 rounds with df = 1 give such bounds)
 * says nothing a reader can hold.
 */
export function formatChange(x: number): string {
  if (!Number.isFinite(x)) return x > 0 ? 'new' : '—';
  if (x >= 200) return `×${formatRatio(1 + x / 100).replace('×', '')}`;
  return `${x > 0 ? '+' : x < 0 ? '−' : ''}${pct(x)}`;
}

/** "(95%: 2.2–2.6×)" or "(95%: 9–28% more)" — the interval in the words of the change. */
function intervalWords(d: Metric, unit: 'ratio' | 'percent', words: [string, string] = ['more', 'fewer']): string {
  if (!d.ci95) return '';
  const [lo, hi] = d.ci95;
  const [up, down] = words;
  if (unit === 'ratio') return `(95%: ${formatRatio(1 + lo / 100).replace('×', '')}–${formatRatio(1 + hi / 100)})`;
  // Past 100× (or 99% less) an interval says only "it cannot tell": two pairs, widened for many measures, reach ×10⁶.
  const more = (x: number) => (x >= 9900 ? `over 100× as ${up === 'more' ? 'many' : 'much'}` : x >= 200 ? `${formatRatio(1 + x / 100)} as ${up === 'more' ? 'many' : 'much'}` : `${pct(x)} ${up}`);
  const lessPct = (x: number) => (x <= -99 ? 'over 99%' : pct(x));
  if (lo >= 0) return hi >= 200 ? `(95%: ${pct(lo)} ${up} to ${more(hi)})` : `(95%: ${pct(lo)}–${pct(hi)} ${up})`;
  if (hi <= 0) return `(95%: ${pct(hi)}–${lessPct(lo)} ${down})`;
  return `(95%: ${lessPct(lo)} ${down} to ${more(hi)})`;
}

/** An interval that holds both a halving and a doubling says nothing a reader can hold yet. */
const isTooEarly = (ci: [number, number]) => ci[0] <= -50 && ci[1] >= 100;
/** "80% fewer", "over 99% fewer" — the low end of an interval of requests/s, in requests. */
const fewerWords = (lo: number) => (lo <= -99 ? 'over 99% fewer' : `${pct(lo)} fewer`);
/** "2.3× as many", "over 100× as many" — its high end. */
const moreWords = (hi: number) => (hi >= 9900 ? 'over 100× as many' : `${formatRatio(1 + hi / 100)} as many`);

/** Names in quotes, so "without console.log serves…" reads as a name; A and B when both sides have the same name. */
function sideNames(c: Parts): [string, string] {
  return c.a.name && c.b.name && c.a.name !== c.b.name ? [`“${c.a.name}”`, `“${c.b.name}”`] : ['A', 'B'];
}

function throughputSentence(c: Parts): string {
  const d = c.load!.rps;
  const delta = d.deltaPercent ?? 0;
  const [A, B] = sideNames(c);
  const ratio = d.b / d.a;
  // An interval from half to double or wider (early rounds) allows about anything: "no clear difference
  // (95%: over 99% less to over 100× as many)" read as an answer; it is "too early to tell", said as requests (issue 38).
  if (!d.significant && d.ci95 && isTooEarly(d.ci95)) {
    return `Too early to tell whether ${B} serves more or fewer requests per second than ${A}: after ${c.a.rounds} rounds each, anything from ${fewerWords(d.ci95[0])} to ${moreWords(d.ci95[1])} fits (${B}: ${delta >= 0 ? '+' : '−'}${pct(delta)} so far)`;
  }
  if (!d.significant) return `No ${d.negligible ? 'meaningful' : 'clear'} difference in requests per second between ${A} and ${B} (${B}: ${delta >= 0 ? '+' : '−'}${pct(delta)}; 95%: ${intervalWords(d, 'percent').slice(6, -1)})`;
  if (ratio >= 1.5) return `${B} serves ${formatRatio(ratio)} the requests per second of ${A} ${intervalWords(d, 'ratio')}`;
  if (ratio <= 1 / 1.5) return `${B} serves ${pct(delta)} fewer requests per second than ${A}: ${A} serves ${formatRatio(1 / ratio)} as many`;
  return `${B} serves ${pct(delta)} ${delta >= 0 ? 'more' : 'fewer'} requests per second than ${A} ${intervalWords(d, 'percent')}`;
}

/**
 * The CPU the whole process spends per 1 000 requests: on a busy machine it
 * can show a change that requests/s cannot (process-cpu.ts says why).
 */
function processCpuSentence(c: Parts): string {
  const m = c.processCpuMsPer1k;
  if (!m?.significant) return '';
  const delta = m.deltaPercent ?? 0;
  const [A, B] = sideNames(c);
  const ratio = m.b / m.a;
  const ms = `${formatMs(m.a)} → ${formatMs(m.b)}`;
  if (ratio >= 1.5) return `${B} uses ${formatRatio(ratio)} the CPU time per 1 000 requests of ${A} ${intervalWords(m, 'ratio')}: ${ms}`;
  return `${B} uses ${pct(delta)} ${delta > 0 ? 'more' : 'less'} CPU time per 1 000 requests than ${A} ${intervalWords(m, 'percent', ['more', 'less'])}: ${ms}`;
}

function latencySentence(d: Metric): string {
  // Two rounds a side may allow anything: "no clear difference" beside a p99 of 10 ms against 490 ms read as an answer
  // (issue 38's walk, /fast against /slow); it is too early to tell, as the throughput's sentence says.
  if (!d.significant && d.ci95 && isTooEarly(d.ci95)) return `p99 latency cannot be told yet (${formatMs(d.a)} → ${formatMs(d.b)} so far)`;
  if (!d.significant) return `p99 latency shows no ${d.negligible ? 'meaningful' : 'clear'} difference`;
  return `p99 ${d.b < d.a ? 'falls' : 'rises'} from ${formatMs(d.a)} to ${formatMs(d.b)}`;
}

/**
 * Which kind of work (else which function) explains the change. `loadMoved`:
 * requests/s, p99 or the process's CPU per request changed clearly; otherwise
 * a clear change in the profiles is still reported, as too small to show
 * against the noise — or, when a busy machine kept the load numbers from
 * being judged at all (`withheld`), as not judged: a change that halves the
 * requests per second is not "too small".
 */
function roundsExplanation(c: Parts, loadMoved: boolean, oneSided: OneSidedWork | null, withheld = false): string {
  const cpuA = c.cpuMsPer1kRequests?.a ?? 0;
  const big = (delta: number) => Math.abs(delta) >= Math.max(1, 0.05 * cpuA);
  // The share of the change in CPU per 1 000 requests a row explains (null when that change is unknown or nil).
  const totalDelta = c.cpuMsPer1kRequests ? c.cpuMsPer1kRequests.b - c.cpuMsPer1kRequests.a : 0;
  const share = (delta: number) => (totalDelta !== 0 ? delta / totalDelta : null);
  const explains = (delta: number) => { const s = share(delta); return s !== null && s >= MIN_EXPLAINED_SHARE; };
  const [A, B] = sideNames(c);
  // "of CPU" only where every round had the OS clock, as Compare says it (words.ts).
  const of = ofCpuWords(c);
  const noun = cpuNoun(c);
  // A kind of work's own frames and lines are not all a change costs: what it leaves (the rest of the server's work per
  // request, beside it) is said as such, so "the difference is logging" never reads as if logging's rows held all of it.
  const shareWords = (delta: number) => {
    const s = share(delta)!;
    if (s >= 0.95) return `all of the change in ${noun} per 1 000 requests`;
    // Where the rest sits, not why: it is the difference of two means, each as noisy as the whole.
    return `${Math.round(s * 100)}% of the change in ${noun} per 1 000 requests; the other ${100 - Math.round(s * 100)}% is in work both ran`;
  };
  // A kind of work done on one side only is what an env switch or a script turns on or off: the row the verdict leads with.
  const bucket = oneSided && loadMoved ? null : c.buckets.find((b) => b.significant && b.deltaMsPer1k !== null && big(b.deltaMsPer1k) && explains(b.deltaMsPer1k));
  if (bucket) {
    const [more, less] = bucket.deltaMsPer1k! < 0 ? [A, B] : [B, A];
    const [hi, lo] = bucket.deltaMsPer1k! < 0 ? [bucket.aMsPer1k!, bucket.bMsPer1k!] : [bucket.bMsPer1k!, bucket.aMsPer1k!];
    const cost = `${formatMs(hi)} ${of} per 1 000 requests with ${more}, ${formatMs(lo)} with ${less}`;
    return loadMoved
      ? `The difference is ${bucket.name}: ${cost} (${shareWords(bucket.deltaMsPer1k!)}).`
      : `The profiles do show a clear change in ${bucket.name}: ${cost} — ${withheld ? NOT_JUDGED : 'too small against the noise to show in the load numbers'}.`;
  }
  if (oneSided) {
    const [with_, without] = oneSided.side === 'a' ? [A, B] : [B, A];
    const amount = oneSided.minMs === oneSided.maxMs ? formatMs(oneSided.minMs) : `${formatMs(oneSided.minMs).replace(' ms', '')}–${formatMs(oneSided.maxMs)}`;
    const what = `happens only with ${with_}: ${amount} ${of} per 1 000 requests in each of its rounds, next to none with ${without}`;
    const row = c.buckets.find((b) => b.name === oneSided.name);
    const part = row?.deltaMsPer1k != null && explains(row.deltaMsPer1k) && c.cpuMsPer1kRequests?.significant ? ` (${shareWords(row.deltaMsPer1k)})` : '';
    return loadMoved
      ? `The difference is ${oneSided.name}: it ${what}${part}.`
      : `${oneSided.name[0].toUpperCase()}${oneSided.name.slice(1)} ${what} — a real difference in the work done${withheld ? `; ${NOT_JUDGED}` : ', though the load numbers are too noisy to show what it costs'}.`;
  }
  const fn = c.functions.find((f) => f.significant && f.category !== 'idle' && f.deltaMsPer1k !== null && big(f.deltaMsPer1k) && explains(f.deltaMsPer1k));
  if (fn && loadMoved) {
    const where = fn.location.split(/[\\/]/).pop() || fn.location;
    return `The largest change is in ${fn.name || '(anonymous)'}${where ? ` (${where})` : ''}: ${formatMs(fn.aMsPer1k!)} → ${formatMs(fn.bMsPer1k!)} ${of} per 1 000 requests.`;
  }
  const cpu = c.cpuMsPer1kRequests;
  if (cpu?.significant) return `${noun[0].toUpperCase()}${noun.slice(1)} per 1 000 requests ${cpu.b < cpu.a ? 'falls' : 'rises'} from ${formatMs(cpu.a)} to ${formatMs(cpu.b)}, spread over many functions.`;
  return '';
}

const NOT_JUDGED = 'what it costs in requests per second and latency is not judged on this busy machine';

/**
 * Too few pairs the machine left alone: only the CPU time per request is judged. The answer comes first — the CPU
 * time's, or "cannot tell yet, because the machine was busy" — and the busy machine's numbers after it (issue 38:
 * a user's A/B led with "The machine was busy…" and the answer came in the fourth sentence).
 */
function busyFirst(c: Parts, cpu: string, machine: string, rounds: number): string {
  const [A, B] = sideNames(c);
  const proc = c.processCpuMsPer1k;
  const notCounted = `${B}: ${formatChange(c.load!.rps.deltaPercent ?? 0)} requests/s, not counted`;
  // machineSentence reads "The machine was busy: load 7.8 on 2 cores, …; 3 of 4 pairs disturbed".
  const because = machine.replace(/^The /, 'the ');
  if (cpu) return `${cpu} (${rounds} rounds each). Requests per second and latency are not judged, because ${because} (${notCounted}).`;
  const cpuNoDifference = !proc?.ci95 ? ''
    // Two rounds each allow about anything: "no clear difference (×64; 95%: over 99% less to over 100× as many)" read
    // as an answer (issue 38's walk, the throughput sentence's rule).
    : isTooEarly(proc.ci95)
      ? ` Too early to tell from the CPU time per 1 000 requests either: after ${rounds} rounds each, anything from ${proc.ci95[0] <= -99 ? 'over 99%' : pct(proc.ci95[0])} less to ${proc.ci95[1] >= 9900 ? 'over 100×' : formatRatio(1 + proc.ci95[1] / 100)} as much fits (${B}: ${formatChange(proc.deltaPercent ?? 0)} so far).`
      : ` The CPU time per 1 000 requests shows no ${proc.negligible ? 'meaningful' : 'clear'} difference (${B}: ${formatChange(proc.deltaPercent ?? 0)}; 95%: ${intervalWords(proc, 'percent', ['more', 'less']).slice(6, -1)}).`;
  return `Cannot tell yet whether ${B} is faster or slower than ${A}, because ${because} (${notCounted}; ${rounds} rounds each).${cpuNoDifference}`;
}

function roundsVerdict(c: Parts, oneSided: OneSidedWork | null, busy: VerdictExtras['busy']): string {
  const load = c.load!;
  const rounds = Math.min(c.a.rounds, c.b.rounds);
  const latency = latencySentence(load.p99Ms);
  const cpu = processCpuSentence(c);
  const loadMoved = !!(load.rps.significant || load.p99Ms.significant || c.processCpuMsPer1k?.significant);
  let first: string;
  if (busy?.wallClockWithheld) {
    first = busyFirst(c, cpu, busy.sentence, rounds);
  } else if (load.rps.significant || !cpu) {
    first = `${throughputSentence(c)}, and ${latency} (${rounds} rounds each).${load.rps.significant && cpu ? ` ${cpu}.` : ''}`;
  } else {
    // Requests/s too noisy, CPU per request clear: lead with what the rounds support.
    first = `${cpu} (${rounds} rounds each). Requests per second vary too much between rounds on this machine to show it (${sideNames(c)[1]}: ${formatChange(load.rps.deltaPercent ?? 0)}; 95%: ${intervalWords(load.rps, 'percent').slice(6, -1)}), and ${latency}.`;
  }
  const why = roundsExplanation(c, loadMoved, oneSided, !!busy?.wallClockWithheld);
  const bytes = allocationSentence(c);
  const leftOut = busy && busy.leftOut > 0 ? ` ${busy.sentence}: those pairs are left out.` : '';
  return `${first}${why ? ` ${why}` : ''}${bytes ? ` ${bytes}` : ''}${leftOut}`;
}

/** "B allocates 84% less per request than A (95%: 80–87% less): 10 MB → 1.6 MB." — only when the rounds say so. */
function allocationSentence(c: Parts): string {
  const m = c.allocations?.bytesPerRequest;
  if (!m?.significant || m.deltaPercent === null) return '';
  const [A, B] = sideNames(c);
  const ratio = m.b / m.a;
  const amounts = `${formatBytes(m.a)} → ${formatBytes(m.b)} per request`;
  if (ratio >= 1.5) return `${B} allocates ${formatRatio(ratio)} the bytes per request of ${A} ${intervalWords(m, 'ratio')}: ${amounts}.`;
  return `${B} allocates ${pct(m.deltaPercent)} ${m.deltaPercent > 0 ? 'more' : 'less'} per request than ${A} ${intervalWords(m, 'percent', ['more', 'less'])}: ${amounts}.`;
}
