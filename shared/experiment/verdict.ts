// The experiment's answer in one paragraph, claiming only what the rounds
// support: a change the 95% interval does not separate from 0 is "no clear
// difference" (benchstat's `~`), and one round a side claims nothing.
import type { Metric } from '../compare/index.ts';
import type { ExperimentComparison, OneSidedWork } from './comparison.ts';

/** "2.4×", "1.25×" */
export function formatRatio(r: number): string {
  return `${r >= 10 ? r.toFixed(0) : r >= 2 ? r.toFixed(1) : r.toFixed(2)}×`;
}

/** "12 ms", "4.3 ms", "0.81 ms" */
export function formatMs(ms: number): string {
  const a = Math.abs(ms);
  if (a < 0.005) return '0 ms';
  return `${a >= 100 ? ms.toFixed(0) : a >= 10 ? ms.toFixed(0) : a >= 1 ? ms.toFixed(1) : ms.toFixed(2)} ms`;
}

const pct = (x: number) => `${Math.abs(x) >= 10 ? Math.abs(x).toFixed(0) : Math.abs(x).toFixed(1)}%`;

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
export function intervalWords(d: Metric, unit: 'ratio' | 'percent'): string {
  if (!d.ci95) return '';
  const [lo, hi] = d.ci95;
  if (unit === 'ratio') return `(95%: ${formatRatio(1 + lo / 100).replace('×', '')}–${formatRatio(1 + hi / 100)})`;
  const more = (x: number) => (x >= 200 ? `${formatRatio(1 + x / 100)} as many` : `${pct(x)} more`);
  if (lo >= 0) return hi >= 200 ? `(95%: ${pct(lo)} more to ${more(hi)})` : `(95%: ${pct(lo)}–${pct(hi)} more)`;
  if (hi <= 0) return `(95%: ${pct(hi)}–${pct(lo)} fewer)`;
  return `(95%: ${pct(lo)} fewer to ${more(hi)})`;
}

/** Names in quotes, so "without console.log serves…" reads as a name. */
const quoted = (name: string) => `“${name}”`;

function throughputSentence(c: ExperimentComparison): string {
  const d = c.load!.rps;
  const delta = d.deltaPercent ?? 0;
  const A = quoted(c.a.name);
  const B = quoted(c.b.name);
  const ratio = d.b / d.a;
  if (d.significant === null) {
    return `${B} served ${pct(delta)} ${delta >= 0 ? 'more' : 'fewer'} requests per second than ${A}, but one round each cannot tell that from noise`;
  }
  if (!d.significant) return `No clear difference in requests per second between ${A} and ${B} (${B}: ${delta >= 0 ? '+' : '−'}${pct(delta)}; 95%: ${intervalWords(d, 'percent').slice(6, -1)})`;
  if (ratio >= 1.5) return `${B} serves ${formatRatio(ratio)} the requests per second of ${A} ${intervalWords(d, 'ratio')}`;
  if (ratio <= 1 / 1.5) return `${B} serves ${pct(delta)} fewer requests per second than ${A}: ${A} serves ${formatRatio(1 / ratio)} as many`;
  return `${B} serves ${pct(delta)} ${delta >= 0 ? 'more' : 'fewer'} requests per second than ${A} ${intervalWords(d, 'percent')}`;
}

function latencySentence(d: Metric): string {
  if (d.significant === null) return '';
  if (!d.significant) return 'p99 latency shows no clear difference';
  return `p99 ${d.b < d.a ? 'falls' : 'rises'} from ${formatMs(d.a)} to ${formatMs(d.b)}`;
}

/**
 * Which kind of work (else which function) explains the change. `loadMoved`:
 * the load numbers changed clearly; otherwise a clear change in the profiles
 * is still reported, as too small to show against the noise of the load.
 */
function explanation(c: ExperimentComparison, loadMoved: boolean, oneSided: OneSidedWork | null): string {
  const cpuA = c.cpuMsPer1kRequests?.a ?? 0;
  const big = (delta: number) => Math.abs(delta) >= Math.max(1, 0.05 * cpuA);
  const bucket = c.buckets.find((b) => b.significant && b.deltaMsPer1k !== null && big(b.deltaMsPer1k));
  const A = quoted(c.a.name);
  const B = quoted(c.b.name);
  if (bucket) {
    const [more, less] = bucket.deltaMsPer1k! < 0 ? [A, B] : [B, A];
    const [hi, lo] = bucket.deltaMsPer1k! < 0 ? [bucket.aMsPer1k!, bucket.bMsPer1k!] : [bucket.bMsPer1k!, bucket.aMsPer1k!];
    const cost = `${formatMs(hi)} of CPU per 1 000 requests with ${more}, ${formatMs(lo)} with ${less}`;
    return loadMoved
      ? `The difference is ${bucket.name}: ${cost}.`
      : `The profiles do show a clear change in ${bucket.name}: ${cost} — too small against the noise to show in the load numbers.`;
  }
  if (oneSided) {
    const [with_, without] = oneSided.side === 'a' ? [A, B] : [B, A];
    const amount = oneSided.minMs === oneSided.maxMs ? formatMs(oneSided.minMs) : `${formatMs(oneSided.minMs).replace(' ms', '')}–${formatMs(oneSided.maxMs)}`;
    const tail = loadMoved ? '' : ' — a real difference in the work done, though the load numbers are too noisy to show what it costs';
    return `${loadMoved ? 'The difference is ' : ''}${loadMoved ? oneSided.name : oneSided.name[0].toUpperCase() + oneSided.name.slice(1)}${loadMoved ? ': it' : ''} happens only with ${with_}: ${amount} of CPU per 1 000 requests in each of its rounds, next to none with ${without}${tail}.`;
  }
  const fn = c.functions.find((f) => f.significant && f.category !== 'idle' && f.deltaMsPer1k !== null && big(f.deltaMsPer1k));
  if (fn && loadMoved) {
    const where = fn.location.split(/[\\/]/).pop() || fn.location;
    return `The largest change is in ${fn.name || '(anonymous)'}${where ? ` (${where})` : ''}: ${formatMs(fn.aMsPer1k!)} → ${formatMs(fn.bMsPer1k!)} of CPU per 1 000 requests.`;
  }
  const cpu = c.cpuMsPer1kRequests;
  if (cpu?.significant) return `CPU per 1 000 requests ${cpu.b < cpu.a ? 'falls' : 'rises'} from ${formatMs(cpu.a)} to ${formatMs(cpu.b)}, spread over many functions.`;
  return '';
}

export function experimentVerdict(c: ExperimentComparison, oneSided: OneSidedWork | null = null): string {
  if (!c.load) return c.verdict;
  const first = throughputSentence(c);
  const latency = latencySentence(c.load.p99Ms);
  const loadMoved = !!(c.load.rps.significant || c.load.p99Ms.significant);
  const why = c.rounds >= 2 ? explanation(c, loadMoved, oneSided) : '';
  const rounds = `${c.rounds} round${c.rounds === 1 ? '' : 's'} each`;
  return `${first}${latency ? `, and ${latency}` : ''} (${rounds}).${why ? ` ${why}` : ''}`;
}
