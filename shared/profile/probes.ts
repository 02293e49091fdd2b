// Flambé's own probes in the target — the process sampler (event-loop
// utilization, loop delay, memory, CPU every ~250 ms), the listening-ports and
// identity reads, the output counter's counting of log lines — run as scripts
// Flambé evaluates over the inspector. While the profiler runs, their samples would show in the user's profile
// (`reset (node:internal/histogram)` at the top of a quiet server, then "gone"
// in a diff against a run without it). Every probe is evaluated under one
// script name, PROBE_URL, so its samples can be told apart; the recorder keeps
// them out of the profile it stores: each such sample counts for (program)
// (runtime work that is not the user's), and the time is written beside it
// (the probeMs addition, shared/recording/profile-extras.ts) so it is said, not hidden.
import type { CpuProfile } from './import/cpuprofile.ts';
import { joinProfile, type ExtrasInFile } from '../recording/profile-extras.ts';

/** The script name every probe Flambé evaluates in a target carries (`//# sourceURL=`). */
export const PROBE_URL = 'flambe-probe.js';

/** `expression` named as a probe, so its frames are recognized in the profile. */
export function asProbe(expression: string): string {
  return `${expression}\n//# sourceURL=${PROBE_URL}`;
}

/**
 * The profile with every sample under a probe frame moved to (root) — which
 * the timing rule counts as (program) — and the probe's frames pruned from
 * the tree; the probeMs addition holds their time. The input is not changed.
 */
export function withoutProbes(profile: CpuProfile): CpuProfile & ExtrasInFile {
  const { nodes, samples, timeDeltas } = profile;
  if (!samples || !timeDeltas) return profile;
  const parent = new Map<number, number>();
  for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const probe = new Set<number>();
  // Nodes in id order need not be parents first: walk each node up to a probe frame (memoized per node).
  const known = new Map<number, boolean>();
  const isProbe = (id: number): boolean => {
    const chain: number[] = [];
    let at: number | undefined = id;
    let answer = false;
    while (at !== undefined) {
      const k = known.get(at);
      if (k !== undefined) { answer = k; break; }
      chain.push(at);
      if (byId.get(at)?.callFrame.url === PROBE_URL) { answer = true; break; }
      at = parent.get(at);
    }
    for (const c of chain) known.set(c, answer);
    return answer;
  };
  for (const n of nodes) if (isProbe(n.id)) probe.add(n.id);
  if (probe.size === 0) return profile;
  const root = nodes.find((n) => !parent.has(n.id))!.id;
  // A sample's weight is the time to the next one (timing rule 3): sum those of the probe's samples.
  const order = samples.map((_, i) => i);
  const times: number[] = [];
  let t = profile.startTime;
  for (const d of timeDeltas) times.push((t += d));
  order.sort((a, b) => times[a] - times[b]);
  let probeUs = 0;
  for (let k = 0; k + 1 < order.length; k++) if (probe.has(samples[order[k]])) probeUs += times[order[k + 1]] - times[order[k]];
  return joinProfile({
    ...profile,
    nodes: nodes.filter((n) => !probe.has(n.id)).map((n) => (n.children?.some((c) => probe.has(c)) ? { ...n, children: n.children.filter((c) => !probe.has(c)) } : n)),
    samples: samples.map((s) => (probe.has(s) ? root : s)),
  }, { probeMs: Math.round(probeUs) / 1000 });
}
