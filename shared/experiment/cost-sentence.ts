// The trainer's answer, framed as the cost of the thing shown: variant A has
// it (with console.log), B does not (the baseline route). "console.log costs
// 142 ms of CPU per 1 000 requests, 80% of the throughput" reads the way the
// question was asked; "B serves 5× more requests than A" reads backwards.
import type { Comparison, Metric } from '../compare/types.ts';
import { formatMs } from '../verdict/compare-verdict.ts';
import { formatCount } from '../number-format.ts';
import { ofCpuWords } from '../compare/words.ts';

// Each part says when its own rounds cannot tell it from noise: one sure number must not lend its certainty to the other.
// Not judged at all (a busy machine, or no interval to be had) is said too: the headline must not read surer than the rounds.
const unsure = (m: Metric): string => (m.withheld === 'busy' ? ', not judged: the machine was too busy during the rounds'
  : m.significant === false ? ', not clearly more than noise yet'
    : m.significant === null ? ', not yet told apart from noise' : '');

/** The rounds judged a measure that shows no cost: told apart from noise, or an interval narrower than half to double. */
function judgedNoCost(m: Metric): boolean {
  if (m.withheld !== undefined || m.significant === null || m.significant === undefined) return false;
  return m.significant || (!!m.ci95 && !(m.ci95[0] <= -50 && m.ci95[1] >= 100));
}

/**
 * One sentence, or null when the comparison has neither CPU per request nor
 * requests/s. `thing`: what A adds ("console.log"). The CPU is the whole
 * process's (every thread, from the OS) when known, else the profile's.
 */
export function costSentence(thing: string, c: Pick<Comparison, 'load' | 'processCpuMsPer1k' | 'cpuMsPer1kRequests' | 'cpuTime'>): string | null {
  const cpu = c.processCpuMsPer1k ?? c.cpuMsPer1kRequests;
  // The whole process's is the OS's own clock; the profile's is CPU only where every round had that clock (words.ts).
  const of = c.processCpuMsPer1k ? 'of CPU' : ofCpuWords(c);
  const rps = c.load?.rps ?? null;
  // Each part: what it is (for its own sentence when unsure), its words after "costs", and whether its rounds call it real.
  const parts: { what: string; amount: string; figures: string; sure: boolean; m: Metric }[] = [];
  const isSure = (m: Metric) => m.significant === true && m.withheld === undefined;
  if (cpu && cpu.a > cpu.b) parts.push({ what: 'CPU', m: cpu, sure: isSure(cpu), amount: `${formatMs(cpu.a - cpu.b)} ${of} per 1 000 requests`, figures: `${formatMs(cpu.a)} with it, ${formatMs(cpu.b)} without` });
  // A's share of the baseline's throughput that it takes away: 1 − rpsA / rpsB.
  if (rps && rps.b > 0 && rps.a < rps.b) parts.push({ what: 'throughput', m: rps, sure: isSure(rps), amount: `${Math.round((1 - rps.a / rps.b) * 100)}% of the throughput`, figures: `${formatCount(rps.a)} requests/s with it, ${formatCount(rps.b)} without` });
  if (parts.length === 0) {
    if (!cpu && !rps) return null;
    const none = 'the server used no more CPU per request and served no fewer requests per second';
    // "Costs nothing" is an answer only where the rounds judged every measure; after one pair (mid-experiment) or on
    // a busy machine it is "cannot tell yet" — the walk of issue 38 read "costs nothing" over "A spent 83 ms … on it".
    if (![cpu, rps].every((m) => !m || judgedNoCost(m))) return `Cannot tell yet what ${thing} costs: in the rounds so far, with it ${none}, but they cannot tell that from noise.`;
    return `${thing} costs nothing Flambé could measure here: with it, ${none}.`;
  }
  // A headline never reads surer than its rounds (issue 38: "console.log costs 585 ms…" led, its doubts in parentheses).
  const sure = parts.filter((p) => p.sure);
  if (!sure.length) return `Cannot tell yet what ${thing} costs: the rounds cannot tell it from noise. In them it took ${parts.map((p) => `${p.amount} (${p.figures}${unsure(p.m)})`).join(', and ')}.`;
  // What the rounds call real is the answer; an unsure part follows in a sentence of its own, never after "costs"
  // ("costs …, and 41% of the throughput (…, not judged …)" said a cost and took it back; issue 38's walk).
  const after = parts.filter((p) => !p.sure).map((p) => (p.m.withheld === 'busy'
    ? ` Its cost in ${p.what} is not judged, because the machine was too busy during the rounds (${p.figures}).`
    : ` Its cost in ${p.what} is not known yet: in the rounds it took ${p.amount} (${p.figures}${unsure(p.m)}).`));
  return `${thing} costs ${sure.map((p) => `${p.amount} (${p.figures})`).join(', and ')}.${after.join('')}`;
}
