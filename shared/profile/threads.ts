// Worker threads: a recording's profile carries each worker's own V8 profile
// beside the main thread's, in its threads addition (shared/recording/profile-extras.ts)
//   [{ "name": "worker 1 (hash-worker.js)", "profile": { …a .cpuprofile… } }]
// (other tools read the main thread and ignore it). `threadsOf` lists them,
// main thread first; `mergeThreads` builds one profile with a node per thread
// under the root, so every view can show all threads at once.
import type { HeapProfile } from '../recording/memory.ts';
import { extraOf, rawExtrasOf } from '../recording/profile-extras.ts';
import { processName } from '../recording/processes.ts';
import { frameKind, type Frame, type Profile } from './model.ts';

/** What the main thread is called, in the picker and in every export that names threads. */
export const MAIN_THREAD_NAME = 'main thread';

/** One thread's profile, named as the picker names it. */
export interface NamedProfile {
  name: string;
  profile: Profile;
  /** The thread's own allocation profile, when the recording sampled it (each worker has its own heap). */
  allocations?: HeapProfile | null;
  /** A child process's thread: the requests that process served (processes.ts requestsOfThread). */
  requests?: number | null;
}

export interface ThreadRaw {
  name: string;
  raw: unknown;
  /** A child process's thread: the requests its process served (null: not counted). */
  requests?: number | null;
}

/**
 * The main thread, then each worker kept in the profile, then each child
 * process recorded beside it (its processes addition: a cluster's workers),
 * named "process 4242 (cluster worker)", and its own worker threads after it
 * ("process 4242 · worker 1 (hash.js)"). A recording without children: its threads.
 */
export function threadsOf(raw: unknown): ThreadRaw[] {
  const out: ThreadRaw[] = [{ name: MAIN_THREAD_NAME, raw }, ...workerThreadsOf(raw)];
  const processes = extraOf(raw, 'processes');
  for (const child of processes?.children ?? []) {
    const name = processName(child);
    out.push({ name, raw: child.profile, requests: child.requests });
    for (const t of workerThreadsOf(child.profile)) out.push({ name: `process ${child.pid} · ${t.name}`, raw: t.raw, requests: child.requests });
  }
  return out;
}

function workerThreadsOf(raw: unknown): ThreadRaw[] {
  const out: ThreadRaw[] = [];
  const list = rawExtrasOf(raw).threads;
  if (!Array.isArray(list)) return out;
  for (const t of list) {
    if (typeof t === 'object' && t !== null && typeof (t as { name?: unknown }).name === 'string' && typeof (t as { profile?: unknown }).profile === 'object') {
      out.push({ name: (t as { name: string }).name, raw: (t as { profile: unknown }).profile });
    }
  }
  return out;
}

/**
 * One profile of several threads: under the root, one node per thread (a
 * frame named after it), with that thread's tree below. Samples follow each
 * other thread by thread; times and self times are each thread's own, so the
 * duration is their sum (CPU time of all threads, not wall time).
 */
export function mergeThreads(threads: { name: string; profile: Profile }[]): Profile {
  const frames: Frame[] = [{ name: '(root)', url: '', line: 0, column: 0, kind: 'root' }];
  const frameIndex = new Map<string, number>();
  const nodeFrame: number[] = [0];
  const nodeParent: number[] = [-1];
  const samples: number[] = [];
  const weights: number[] = [];
  let durationMs = 0;
  for (const { name, profile } of threads) {
    const threadNode = nodeFrame.length;
    frames.push({ name: `[${name}]`, url: '', line: 0, column: 0, kind: frameKind(`[${name}]`, '') });
    nodeFrame.push(frames.length - 1);
    nodeParent.push(0);
    const offset = nodeFrame.length - 1; // the thread's root becomes the thread node
    for (let n = 1; n < profile.nodeFrame.length; n++) {
      const f = profile.frames[profile.nodeFrame[n]];
      const key = [f.name, f.url, f.line, f.column, f.kind].join('\u0000');
      let fi = frameIndex.get(key);
      if (fi === undefined) {
        fi = frames.length;
        frames.push(f);
        frameIndex.set(key, fi);
      }
      nodeFrame.push(fi);
      nodeParent.push(profile.nodeParent[n] === 0 ? threadNode : profile.nodeParent[n] + offset);
    }
    for (let i = 0; i < profile.samples.length; i++) {
      samples.push(profile.samples[i] + offset);
      weights.push(profile.weightsMs[i]);
    }
    durationMs += profile.durationMs;
  }
  return {
    frames, nodeFrame: Int32Array.from(nodeFrame), nodeParent: Int32Array.from(nodeParent),
    samples: Int32Array.from(samples), weightsMs: Float64Array.from(weights), durationMs,
    startTimeUs: 0, endTimeUs: durationMs * 1000,
  };
}

/** One process of a recording and its threads, by their index in `threadsOf` (the picker's two levels). */
export interface ProcessThreads {
  /** Null: the process Flambé launched or attached to; else the child's pid. */
  pid: number | null;
  /** "process 4242 (cluster worker)", or '' for the recorded process (the picker names it with its pid). */
  name: string;
  threads: { index: number; name: string }[];
}

const CHILD_PROCESS = /^process (\d+) \(([^)]*)\)$/;
const CHILD_THREAD = /^process (\d+) · (.+)$/;

/**
 * The thread names `threadsOf` gives, grouped by process: the recorded
 * process's threads first, then each child's (its main thread, then its
 * workers, named as in their own process: "main thread", "worker 1 (…)").
 */
export function processThreads(names: readonly string[]): ProcessThreads[] {
  const out: ProcessThreads[] = [{ pid: null, name: '', threads: [] }];
  const byPid = new Map<number, ProcessThreads>();
  names.forEach((name, index) => {
    const child = CHILD_PROCESS.exec(name);
    const thread = child ? null : CHILD_THREAD.exec(name);
    if (child) {
      const p: ProcessThreads = { pid: Number(child[1]), name, threads: [{ index, name: MAIN_THREAD_NAME }] };
      byPid.set(p.pid!, p);
      out.push(p);
    } else if (thread && byPid.has(Number(thread[1]))) {
      byPid.get(Number(thread[1]))!.threads.push({ index, name: thread[2] });
    } else {
      out[0].threads.push({ index, name });
    }
  });
  return out;
}
