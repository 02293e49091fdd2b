// One sentence for a profiling-overhead measurement, the same in the UI (Record
// screen, result) and the CLI (`flambe overhead`). When the 95 % interval
// holds zero, the rounds cannot tell the cost from noise, and the sentence
// says so instead of printing a "cost" of -44 % that reads as a speed-up.
import type { OverheadResult } from '../api.ts';
import { groupThousands } from '../number-format.ts';
import { samplingWords } from './sampling-words.ts';

type Measured = Pick<OverheadResult, 'rounds' | 'samplingIntervalUs' | 'rpsCostPercent' | 'ci95' | 'p99CostPercent' | 'profiler'>
  & Partial<Pick<OverheadResult, 'cpuCostPercent' | 'cpuCi95' | 'withoutProfiler' | 'withProfiler'>>;

/** What requests/s say, then what the target's CPU time per request says (when it was read). */
export function overheadSentence(r: Measured): string {
  const cpu = cpuSentence(r);
  return cpu ? `${rpsSentence(r)} ${cpu}` : rpsSentence(r);
}

/**
 * The CPU time the target spent per request, with against without: what the profiler adds to each request,
 * read from the process's own clock, so a busy machine (which takes the core away, not CPU time) moves it less.
 */
function cpuSentence(r: Measured): string | null {
  const [a, b] = [r.withoutProfiler?.cpuMsPerRequest, r.withProfiler?.cpuMsPerRequest];
  if (r.cpuCostPercent === undefined || a === undefined || b === undefined) return null;
  const ci = r.cpuCi95;
  const each = `${formatMs(a)} ms of CPU per request without it, ${formatMs(b)} ms with it`;
  if (!ci) return `${each} (${signed(r.cpuCostPercent)} %).`;
  const interval = `95 % interval ${ci[0]} % to ${ci[1]} %`;
  if (ci[0] <= 0 && ci[1] >= 0) return `In CPU time the rounds cannot tell either: at most ${ci[1]} % more per request (${each}; ${interval}).`;
  if (ci[0] > 0) return `In CPU time it costs ${r.cpuCostPercent} % more per request: ${each} (${interval}).`;
  return `It did not add CPU time per request: ${each} (${interval}).`;
}

const signed = (x: number) => (x > 0 ? `+${x}` : String(x));
const formatMs = (ms: number) => (ms >= 1 ? ms.toFixed(2) : ms.toFixed(3));

/** "your server serves about 88 of every 100 requests it would serve without it" — a cost in % read as requests. */
function perHundred(costPercent: number, bound: 'about' | 'at least'): string {
  const kept = bound === 'at least' ? Math.floor(100 - costPercent) : Math.round(100 - costPercent);
  return `your server would serve ${bound} ${kept} of every 100 requests it serves without it`;
}

/**
 * "In these rounds your server served 108.5 % more requests/s with it: the rounds vary that much (95 % interval:
 * anything from 430.7 % more requests/s to 18.1 % fewer requests/s with it)" — a cost's measure and interval said as requests, with or without
 * the profiler, instead of "95 % interval −430.7 % to 18.1 %; measured −108.5 %" (issue 38).
 */
function measuredWords(costPercent: number, ci: [number, number]): string {
  // A cost of 100 % or more is a server that serves nothing: said so, not "118.1 % fewer".
  const asRequests = (cost: number) => (cost >= 100 ? 'none at all' : cost > 0 ? `${cost} % fewer requests/s` : cost < 0 ? `${-cost} % more requests/s` : 'as many requests/s');
  return `In these rounds your server served ${asRequests(costPercent)} with it: the rounds vary that much (95 % interval: anything from ${asRequests(ci[0])} to ${asRequests(ci[1])} with it)`;
}

function rpsSentence(r: Measured): string {
  const ci = r.ci95;
  const interval = ci ? ` (95 % interval ${ci[0]} % to ${ci[1]} %)` : '';
  const p99 = r.p99CostPercent >= 0 ? `p99 rose ${r.p99CostPercent} %` : `p99 fell ${-r.p99CostPercent} %`;
  const what = r.profiler === 'allocations' ? 'Sampling allocations (one per 512 KiB)'
    : r.profiler === 'requests' ? "Timing each request (the request collector: where each request's time went)" : `Profiling ${samplingWords(r.samplingIntervalUs)}`;
  const over = `over ${r.rounds} rounds with and without it`;
  if (ci && ci[0] <= 0 && ci[1] >= 0) {
    // The answer first ("cannot tell yet, because …"), then the one thing the rounds do say: a bound, the interval's
    // top (a cost larger than that would have shown), read as requests; the raw interval last (issue 38: a student
    // read "95 % interval −430.7 % to 18.1 %; measured −108.5 %" and could not say what it meant for the server).
    const bound = ci[1] < 100 ? `If it costs anything, it costs at most ${ci[1]} % of requests/s: ${perHundred(ci[1], 'at least')}`
      : 'The rounds cannot even put an upper limit on its cost';
    return `${what}: cannot tell yet whether it slows your server, because its ${r.rounds} rounds with and without it varied more ` +
      `than any cost it has. ${bound}. ${measuredWords(r.rpsCostPercent, ci)}; ${p99}. More rounds or a quieter machine narrow the interval.`;
  }
  if (r.rpsCostPercent < 0) {
    // Said as "higher", so its interval is too (a cost of −256 % is 256 % higher): the same numbers, signs turned.
    const higher = ci ? ` (95 % interval ${-ci[1]} % to ${-ci[0]} % higher)` : '';
    return `${what} did not lower requests/s: they were ${-r.rpsCostPercent} % higher with it${higher}, ${over}; ${p99}. ` +
      'A profiler does not make a server faster: the machine was busier during the rounds without it.';
  }
  return `${what} cost ${r.rpsCostPercent} % of requests/s${interval}, ${over}: ${perHundred(r.rpsCostPercent, 'about')}; ${p99}.`;
}

/** A percentage in the one number style, signed with a real minus: "+8.2 %", "−430.7 %", "0 %". */
function signedPercent(x: number): string {
  const text = groupThousands(Math.abs(x), Number.isInteger(x) ? 0 : 1);
  return `${x > 0 ? '+' : x < 0 ? '\u2212' : ''}${text} %`;
}

/**
 * The overhead table's cost and interval cells (one row per sampling interval), in the sentence's terms: a cost the
 * rounds cannot tell from noise reads "cannot tell" with the one thing they do say (its most), never a bare
 * "-108.5" that reads as a speed-up; a higher rate with it reads "none seen".
 */
export function overheadCells(r: Pick<OverheadResult, 'rpsCostPercent' | 'ci95'>): { cost: string; interval: string } {
  const ci = r.ci95;
  const interval = ci ? `${signedPercent(ci[0])} to ${signedPercent(ci[1])}` : '–';
  if (ci && ci[0] <= 0 && ci[1] >= 0) return { cost: ci[1] < 100 ? `cannot tell (at most ${groupThousands(ci[1], 1)} %)` : 'cannot tell', interval };
  if (r.rpsCostPercent < 0) return { cost: 'none seen (more requests/s with it)', interval };
  return { cost: `${groupThousands(r.rpsCostPercent, 1)} % fewer requests/s`, interval };
}
