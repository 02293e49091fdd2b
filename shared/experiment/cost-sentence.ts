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
  const parts: string[] = [];
  // A part the rounds call real (its interval leaves out no cost); none of them: the answer is "cannot tell yet".
  let sure = false;
  const judged = (m: Metric) => { sure ||= m.significant === true && m.withheld === undefined; };
  if (cpu && cpu.a > cpu.b) judged(cpu);
  if (rps && rps.b > 0 && rps.a < rps.b) judged(rps);
  if (cpu && cpu.a > cpu.b) parts.push(`${formatMs(cpu.a - cpu.b)} ${of} per 1 000 requests (${formatMs(cpu.a)} with it, ${formatMs(cpu.b)} without${unsure(cpu)})`);
  // A's share of the baseline's throughput that it takes away: 1 − rpsA / rpsB.
  if (rps && rps.b > 0 && rps.a < rps.b) parts.push(`${Math.round((1 - rps.a / rps.b) * 100)}% of the throughput (${formatCount(rps.a)} requests/s with it, ${formatCount(rps.b)} without${unsure(rps)})`);
  if (parts.length === 0) {
    if (!cpu && !rps) return null;
    return `${thing} costs nothing Flambé could measure here: with it, the server used no more CPU per request and served no fewer requests per second.`;
  }
  // A headline never reads surer than its rounds (issue 38: "console.log costs 585 ms…" led, its doubts in parentheses).
  if (!sure) return `Cannot tell yet what ${thing} costs: the rounds cannot tell it from noise. In them it took ${parts.join(', and ')}.`;
  return `${thing} costs ${parts.join(', and ')}.`;
}
