// A cluster's workers run the same code: the same hot function shows in each
// worker's profile. Said once per worker, the verdict would list it twice at
// half its weight, under a heavier finding that is really smaller; so the
// findings of the child processes' main threads that name the same work at
// the same place are one finding, their time added and their CPU per 1 000
// requests that of all their requests (each process's is of the requests it
// served: shared/recording/processes.ts requestsOfThread), named by the
// processes it ran in: "2 cluster workers (pid 4242, 4243)".
import { PROCESS_ROLE_PLURAL } from '../recording/processes.ts';
import type { Finding } from './findings.ts';

const CHILD = /^process (\d+) \((.+)\)$/;

/** The same work at the same place, in another child process. */
function keyOf(f: Finding): string | null {
  if (!f.thread || !CHILD.test(f.thread)) return null;
  return [f.kind, f.label, f.function, f.url, f.line].join('\u0000');
}

/** The requests a child process's thread served, when it served any (its figures per request are of those); null otherwise. */
export type RequestsOfThread = (thread: string) => number | null;

/** Several children's findings of one work as one; others unchanged, in their order (the heaviest first is the caller's sort). */
export function mergeChildProcessFindings(findings: readonly Finding[], requestsOf: RequestsOfThread): Finding[] {
  const groups = new Map<string, Finding[]>();
  const out: (Finding | string)[] = [];
  for (const f of findings) {
    const key = keyOf(f);
    if (key === null) { out.push(f); continue; }
    const group = groups.get(key);
    if (group) group.push(f);
    else { groups.set(key, [f]); out.push(key); }
  }
  return out.map((x) => (typeof x === 'string' ? joined(groups.get(x)!, requestsOf) : x));
}

function joined(group: Finding[], requestsOf: RequestsOfThread): Finding {
  if (group.length === 1) return group[0];
  const ms = group.reduce((s, f) => s + f.ms, 0);
  // Each percent is of its own process's profile: the joined one is of their durations summed.
  const duration = group.reduce((s, f) => s + (f.percent > 0 ? f.ms / (f.percent / 100) : 0), 0);
  const busy = group.reduce((s, f) => s + (f.busyPercent > 0 ? f.ms / (f.busyPercent / 100) : 0), 0);
  const per1k = group.every((f) => f.msPer1kRequests !== null) ? joinedPerThousand(group, requestsOf) : null;
  // Its split of own code and built-ins is one process's: left out.
  const { split: _oneProcess, ...heaviest } = group.reduce((a, b) => (b.ms > a.ms ? b : a));
  return {
    ...heaviest, ms, percent: duration > 0 ? (ms / duration) * 100 : heaviest.percent, busyPercent: busy > 0 ? (ms / busy) * 100 : heaviest.busyPercent,
    msPer1kRequests: per1k, cpuTime: group.every((f) => f.cpuTime), thread: processesLabel(group.map((f) => f.thread!)),
    // Its frame is in one process's profile: no jump from a finding of several.
    frame: -1,
  };
}

/**
 * Each process's figure is of the requests it served (cluster workers): the
 * joined one is their CPU over all their requests. Processes that served none
 * (a pool's forked children) each worked for every request: their figures add
 * up. A mix of both has no one basis: null, not a number Flambé cannot stand by.
 */
function joinedPerThousand(group: readonly Finding[], requestsOf: RequestsOfThread): number | null {
  const served = group.map((f) => requestsOf(f.thread!));
  if (served.every((n) => n === null)) return group.reduce((s, f) => s + f.msPer1kRequests!, 0);
  if (served.some((n) => n === null)) return null;
  const all = served.reduce((s: number, n) => s + n!, 0);
  return group.reduce((s, f, i) => s + f.msPer1kRequests! * served[i]!, 0) / all;
}

const PLURAL: Record<string, string> = PROCESS_ROLE_PLURAL;

/** A finding's thread that is a child process ("process 7 (forked child)") or several ("2 forked children (pid 7, 8)"). */
export function onChildProcesses(thread: string | undefined): boolean {
  if (!thread) return false;
  return CHILD.test(thread) || new RegExp(`^\\d+ (${Object.values(PLURAL).join('|')}) \\(pid `).test(thread);
}

/** "2 cluster workers (pid 4242, 4243)" from their thread names. */
export function processesLabel(names: readonly string[]): string {
  const parsed = names.map((n) => CHILD.exec(n)).filter((m): m is RegExpExecArray => m !== null);
  const roles = new Set(parsed.map((m) => m[2]));
  const role = roles.size === 1 ? parsed[0][2] : 'child process';
  return `${parsed.length} ${PLURAL[role] ?? role} (pid ${parsed.map((m) => m[1]).join(', ')})`;
}


