// The other processes of a recording (issue 34): the workers of a node:cluster
// primary, children it forked — each profiled beside the process Flambé
// launched or attached to, with its own request collector. Kept in the
// profile's processes addition (profile-extras.ts), as worker threads are in
// its threads addition; a recording made before has none: one process.
import { z } from 'zod';
import { count, list, text } from './limits.ts';
import { formatCount } from '../number-format.ts';

export const processRoleSchema = z.enum(['cluster worker', 'forked child', 'child process']);
export type ProcessRole = z.output<typeof processRoleSchema>;

/** One child process: who it is, how many of the load's requests it finished, and its own profile (a file-form profile, threads and all). */
export const recordedProcessSchema = z.object({
  pid: count,
  role: processRoleSchema,
  /** Requests its request collector saw finish during the burst; null when its collector could not be installed. */
  requests: count.nullable(),
  profile: z.record(z.string(), z.unknown()),
});
export type RecordedProcess = z.output<typeof recordedProcessSchema>;

/** The processes addition: the children recorded, and those Flambé could not open (said, not hidden). */
export const processesSchema = z.object({
  /** Requests the recorded process's own collector saw finish (a cluster primary: 0); null when not counted. */
  primaryRequests: count.nullable(),
  children: list(recordedProcessSchema, 1000),
  refused: list(z.object({ pid: count, why: text(2000) }), 1000),
});
export type RecordedProcesses = z.output<typeof processesSchema>;

/** How the thread picker and the verdict name a child process: "process 4242 (cluster worker)". */
export function processName(p: Pick<RecordedProcess, 'pid' | 'role'>): string {
  return `process ${p.pid} (${p.role})`;
}

/** True for a name processName gave (its main thread), or one of its worker threads ("process 4242 · worker 1 (…)"). */
export function isChildProcessName(name: string): boolean {
  return /^process \d+ [(·]/.test(name);
}

/**
 * The requests a thread's figures per request are of: a child process that
 * served requests (a cluster worker) did its work for those, not for all the
 * load's — 10 ms per request in each of 4 workers is not 2.5 ms; one that
 * served none (a pool's forked child, a helper) worked for the recording's
 * requests, as the recorded process's own threads do.
 */
export function requestsOfThread(thread: { requests?: number | null }, recordingRequests: number | null | undefined): number | null | undefined {
  return requestsServedBy(thread) ?? recordingRequests;
}

/** The requests a child process's thread served, when it served any; null otherwise (the recorded process's threads too). */
export function requestsServedBy(thread: { requests?: number | null }): number | null {
  return thread.requests != null && thread.requests > 0 ? thread.requests : null;
}

/** Each role's plural, as every sentence about several child processes says it. */
export const PROCESS_ROLE_PLURAL: Record<ProcessRole, string> = { 'cluster worker': 'cluster workers', 'forked child': 'forked children', 'child process': 'child processes' };
const thousands = formatCount;

/**
 * Where the requests ran: "1 840 requests served by 2 cluster workers (pid
 * 4242: 921, pid 4243: 919); the primary served none". Null without children.
 */
export function servedBySentence(processes: RecordedProcesses | undefined): string | null {
  if (processes && processes.children.length === 0 && processes.refused.length > 0) return noneRecordedSentence(processes.refused);
  if (!processes || processes.children.length === 0) return null;
  const primary = processes.primaryRequests;
  const kids = processes.children;
  const counted = kids.filter((k) => k.requests !== null);
  const total = counted.reduce((s, k) => s + (k.requests ?? 0), 0) + (primary ?? 0);
  const roles = new Set(kids.map((k) => k.role));
  const role = roles.size === 1 ? kids[0].role : 'child process';
  const who = `${kids.length} ${kids.length === 1 ? role : PROCESS_ROLE_PLURAL[role]}`;
  const each = kids.map((k) => `pid ${k.pid}: ${k.requests === null ? 'not counted' : thousands(k.requests)}`).join(', ');
  const parent = kids[0].role === 'cluster worker' ? 'the primary' : 'the parent';
  const own = primary === null ? `${parent}'s were not counted` : primary === 0 ? `${parent} served none` : `${parent} served ${thousands(primary)}`;
  const refused = processes.refused.length
    ? `; not recorded: ${processes.refused.map((r) => `pid ${r.pid} (${r.why.replace(/\.$/, '')})`).join(', ')}` : '';
  if (counted.length === kids.length && total > 0 && total === primary) {
    // Children that served nothing (helpers the server forked): the requests were the parent's.
    return `${parent.charAt(0).toUpperCase()}${parent.slice(1)} served all ${thousands(total)} requests; its ${who} (pid ${kids.map((k) => k.pid).join(', ')}), recorded beside it, served none${refused}.`;
  }
  return `${thousands(total)} requests served by ${who} (${each}); ${own}${refused}.`;
}

/**
 * Node children Flambé found and could not open, none recorded: said, never left out in silence — a fork pool
 * recorded by --pid read as one process while its children did the work ("Port 9229 is taken" in each).
 */
function noneRecordedSentence(refused: RecordedProcesses['refused']): string {
  const n = refused.length;
  // One reason for all (each child met the same port) is said once: "process 9911" in each's own is "it".
  const reasons = refused.map((r) => r.why.replace(/\.$/, '').replaceAll(`process ${r.pid} `, 'it '));
  const why = reasons.every((w) => w === reasons[0])
    ? `pid ${refused.map((r) => r.pid).join(', ')} (${reasons[0]})`
    : refused.map((r, i) => `pid ${r.pid} (${reasons[i]})`).join(', ');
  return `Its ${n === 1 ? 'Node child process' : `${n} Node child processes`} could not be recorded beside it, so ${n === 1 ? 'its' : 'their'} work is not in this recording: ${why}.`;
}

/** What the memory verdict says of child processes that served requests (childMemoryNotWatched). */
export interface ChildMemoryNote {
  sentence: string;
  /** The recorded process served none: its memory says nothing of the requests', and the sentence is said instead. */
  replaces: boolean;
}

/**
 * Memory is watched in the recorded process only (its process.memoryUsage(), the full collections Flambé runs in it):
 * a child process's heap is its own. When children served requests the verdict is the recorded process's and says so —
 * "Memory did not grow" of a cluster's idle primary was read as its workers', which kept every session they made
 * (18 327 requests). Null without children that served.
 */
export function childMemoryNotWatched(processes: RecordedProcesses | undefined): ChildMemoryNote | null {
  const served = processes?.children.filter((k) => (k.requests ?? 0) > 0) ?? [];
  if (!processes || served.length === 0) return null;
  const role = new Set(served.map((k) => k.role)).size === 1 ? served[0].role : 'child process';
  const pids = `pid ${served.map((k) => k.pid).join(', ')}`;
  const parent = served[0].role === 'cluster worker' ? 'the primary' : 'the parent';
  const own = served.length === 1 ? 'has a heap of its own, which Flambé does not watch' : 'have heaps of their own, which Flambé does not watch';
  if (!processes.primaryRequests) {
    const who = served.length === 1 ? `the ${role} that served them (${pids})` : `the ${served.length} ${PROCESS_ROLE_PLURAL[role]} that served them (${pids})`;
    return {
      replaces: true,
      sentence: `Cannot tell whether memory grows where the requests ran: ${who} ${own}, and ${parent}, whose memory Flambé watched, served none. `
        + `To watch one's memory, record it alone: flambe record --pid ${served[0].pid} --url ….`,
    };
  }
  const requests = served.reduce((n, k) => n + (k.requests ?? 0), 0);
  const who = served.length === 1 ? `its ${role} (${pids}), which served ${thousands(requests)} of the requests,` : `its ${served.length} ${PROCESS_ROLE_PLURAL[role]} (${pids}), which served ${thousands(requests)} of the requests,`;
  return { replaces: false, sentence: `That is ${parent}'s memory: ${who} ${own}.` };
}

/** The memory verdict's sentence with what it says of the children beside it, or in its place (childMemoryNotWatched). */
export function memorySentenceWithChildren(sentence: string, grows: boolean, note: ChildMemoryNote | null): string {
  if (!note) return sentence;
  return note.replaces && !grows ? note.sentence : `${sentence} ${note.sentence}`;
}

