// Unlike runs: what differs between A and B besides the change being
// compared, and why it matters — and which views a side without request
// counts or without a profile cannot have.
import { failedRequests } from '../load/request-counts.ts';
import { routePath } from './noise.ts';
import type { CompareRound, CompareWarning, RunMeta } from './types.ts';

const cpuOf = (m: RunMeta) => (m.machine ? `${m.machine.cpuModel} (${m.machine.cores} cores)` : null);
const lengthOf = (m: RunMeta) => (m.requestLimit ? `${m.requestLimit} requests` : m.durationSec !== null ? `${m.durationSec} s` : null);

interface Check {
  kind: string;
  value(m: RunMeta): string | number | null;
  why: string;
  what: string;
}

const CHECKS: Check[] = [
  { kind: 'node', what: 'Node version', value: (m) => m.nodeVersion, why: 'a different V8 optimises and collects garbage differently, so the same code can run at another speed' },
  { kind: 'url', what: 'URL or method', value: (m) => (m.url ? `${m.method ?? 'GET'} ${m.targetLabel ? routePath(m.url) : m.url}` : null), why: 'they did not serve the same requests' },
  { kind: 'connections', what: 'connections', value: (m) => m.connections, why: 'more connections queue more requests: latency rises and requests/s may change without any code change' },
  { kind: 'duration', what: 'load length', value: lengthOf, why: 'a short run weighs warm-up and garbage collection differently from a long one' },
  { kind: 'sampling', what: 'sampling interval', value: (m) => (m.samplingIntervalUs !== null ? `${m.samplingIntervalUs} µs` : null), why: 'a finer interval costs the server more and sees shorter functions' },
  { kind: 'machine', what: 'machine', value: cpuOf, why: 'another CPU or another number of cores changes every number' },
  { kind: 'target', what: 'target', value: (m) => m.targetLabel, why: 'they may not be the same program' },
];

/** The warnings for A's and B's first rounds (rounds of one side share their settings). */
export function unlikeRunWarnings(a: CompareRound[], b: CompareRound[]): CompareWarning[] {
  const ma = a[0].meta;
  const mb = b[0].meta;
  const out: CompareWarning[] = [];
  for (const c of CHECKS) {
    const va = c.value(ma);
    const vb = c.value(mb);
    if (va === null || vb === null || va === vb) continue;
    // A different URL is often the very thing compared (/log against /hello): say it, mildly.
    const message = c.kind === 'url'
      ? `A and B loaded different requests (A: ${va}; B: ${vb}): fine when that is what you compare, but then the difference is the route's, not a change of code.`
      : `Different ${c.what}: A ${va}, B ${vb} — ${c.why}.`;
    out.push({ kind: c.kind, message });
  }
  const machines = [ma, mb].filter((m) => m.source === 'recorded' && !m.machine).length;
  if (machines === 1) out.push({ kind: 'machine', message: 'One recording does not say which machine it ran on (made by an older Flambé): if they ran on different computers, every number differs for that reason alone.' });
  for (const [letter, rounds] of [['A', a], ['B', b]] as const) {
    const load = rounds[0].load;
    if (!load) continue;
    const bad = failedRequests(load) + load.non2xx;
    const sent = load.requests + failedRequests(load);
    if (sent > 0 && bad / sent > 0.01) {
      out.push({ kind: 'errors', message: `${letter} had ${bad} failed requests or non-2xx responses out of ${sent} sent: errors are often faster (or slower) than real answers, so its numbers are not those of the working server.` });
    }
    if (load.stoppedEarly) out.push({ kind: 'stopped', message: `${letter} was stopped early: its run is shorter than planned.` });
  }
  return out;
}

/** One sentence per view that cannot be shown, and why. */
export function unavailableViews(a: CompareRound[], b: CompareRound[]): string[] {
  const out: string[] = [];
  for (const [letter, rounds] of [['A', a], ['B', b]] as const) {
    if (rounds.some((r) => !r.profile)) {
      out.push(`${letter} is a load-only run (no CPU profile): the differential flamegraph and the tables of what changed need a profile on both sides.`);
    }
    if (rounds.some((r) => !r.load)) {
      out.push(`${letter} has no load numbers (an imported profile): requests/s, latency and CPU ms per 1 000 requests cannot be compared; the tables compare each profile's share of its own time instead.`);
    }
  }
  return out;
}
