// The verdict: what changed in throughput and latency, how sure that is, and
// which kind of work or function explains it — in one to three sentences.
import type { BucketChange, ChangeRow, Comparison, Metric } from './types.ts';

type Parts = Omit<Comparison, 'verdict'>;

const n0 = (x: number) => Math.round(x).toLocaleString('en-US');
const ms = (x: number) => (Math.abs(x) >= 10 ? n0(x) : Math.abs(x) >= 1 ? x.toFixed(1) : x.toFixed(2));
const pct = (x: number) => `${Math.abs(x) >= 10 ? Math.round(Math.abs(x)) : Math.abs(x).toFixed(1)}%`;
const range = (ci: [number, number]) => `${ci[0] >= 0 ? '+' : '−'}${pct(ci[0])} to ${ci[1] >= 0 ? '+' : '−'}${pct(ci[1])}`;
/** "server.js:16" from a long path. */
const shortLocation = (loc: string) => loc.split(/[/\\]/).pop() ?? loc;

function throughput(rps: Metric, p99: Metric): string {
  const d = rps.deltaPercent ?? 0;
  let rpsWords: string;
  if (Math.abs(d) < 1) rpsWords = 'B serves about as many requests per second as A';
  else if (d >= 100) rpsWords = `B serves ${(rps.b / rps.a).toFixed(1)}× the requests per second of A`;
  else rpsWords = `B serves ${pct(d)} ${d > 0 ? 'more' : 'fewer'} requests per second than A`;
  const ratio = p99.a > 0 ? p99.b / p99.a : 1;
  const p99Words = ratio >= 2 ? `p99 ${ratio.toFixed(1)}× higher` : ratio <= 0.5 ? `p99 ${(1 / ratio).toFixed(1)}× lower`
    : Math.abs(ratio - 1) < 0.01 ? 'p99 the same' : `p99 ${ratio > 1 ? '+' : '−'}${pct((ratio - 1) * 100)}`;
  return `${rpsWords} (${p99Words})`;
}

function sureness(rps: Metric): string {
  if (rps.significant === null) return ' — one run each: repeat both to know whether this is more than noise.';
  if (rps.significant === false) {
    const noise = rps.basis === 'rounds' ? 'the rounds disagree as much as that' : 'runs of these settings differ that much by chance';
    return ` — but ${noise} (95%: ${range(rps.ci95!)}): no clear difference.`;
  }
  return ` (95% interval ${range(rps.ci95!)}${rps.basis === 'repeats' ? ', from the noise of repeated recordings' : ''}).`;
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

function bucketSentence(b: BucketChange, perRequest: boolean): string {
  const where = b.where ? ` in ${b.where.lineText ? `\`${b.where.lineText.length > 60 ? `${b.where.lineText.slice(0, 57)}…` : b.where.lineText}\` at ` : `${b.where.name}, `}${shortLocation(b.where.location)}` : '';
  const clear = isClearChange(b, perRequest);
  const lead = clear ? `The difference is ${b.name}` : `The profiles differ most in ${b.name}`;
  const caveat = clear ? '' : b.significant === false ? ' — within what the rounds vary by: no clear difference' : ' — a change of degree, which noise alone can cause: repeat both to know';
  if (perRequest) {
    const grew = b.deltaMsPer1k! > 0;
    return grew
      ? `${lead}: B spends ${ms(b.bMsPer1k!)} ms of CPU per 1 000 requests on it${where} (A: ${ms(b.aMsPer1k!)} ms)${caveat}.`
      : `${lead}: A spent ${ms(b.aMsPer1k!)} ms of CPU per 1 000 requests on it${where}; B spends ${ms(b.bMsPer1k!)} ms${caveat}.`;
  }
  const [more, less] = b.where?.side === 'a' ? [`${pct(b.aPercent)} of A's time${where}`, `${pct(b.bPercent)} of B's`] : [`${pct(b.bPercent)} of B's time${where}`, `${pct(b.aPercent)} of A's`];
  return `The profiles differ most in ${b.name}: ${more}, against ${less}${caveat}.`;
}

function functionSentence(f: ChangeRow, perRequest: boolean): string {
  const loc = f.location ? ` (${shortLocation(f.location)})` : '';
  const status = f.status === 'new' ? ', new in B' : f.status === 'gone' ? ', gone from B' : '';
  if (perRequest) {
    return `The largest change is ${f.name}${loc}${status}: ${ms(f.aMsPer1k!)} → ${ms(f.bMsPer1k!)} ms of CPU per 1 000 requests.`;
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
  if (bucket) return bucketSentence(bucket, c.perRequest);
  const fn = c.functions.find((f) => f.category !== 'idle' && f.name !== '(idle)' && f.name !== '(program)' && size(f) >= threshold);
  if (fn) return functionSentence(fn, c.perRequest);
  if (c.functions.length) return 'No function changed its cost by more than 5%.';
  return '';
}

export function verdictOf(c: Parts): string {
  const out: string[] = [];
  if (c.load) out.push(throughput(c.load.rps, c.load.p99Ms) + sureness(c.load.rps));
  else if (c.functions.length) out.push('Without request counts on both sides, Flambé compares each profile in % of its own time.');
  if (c.cpuMsPer1kRequests && c.cpuMsPer1kRequests.deltaPercent !== null && Math.abs(c.cpuMsPer1kRequests.deltaPercent) >= 5) {
    const m = c.cpuMsPer1kRequests;
    out.push(`CPU per 1 000 requests: ${ms(m.a)} → ${ms(m.b)} ms (${m.deltaPercent! > 0 ? '+' : '−'}${pct(m.deltaPercent!)}).`);
  }
  const why = explanation(c);
  if (why) out.push(why);
  if (!out.length) return 'Nothing to compare: neither a profile nor load numbers on both sides.';
  return out.join(' ');
}
