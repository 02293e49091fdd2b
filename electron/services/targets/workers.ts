// Worker threads: each worker has its own V8 isolate and its own profiler.
// Node's inspector reaches them through the NodeWorker domain: enable it,
// get an `attachedToWorker` event per worker (those already running too),
// and talk to each worker's inspector by wrapping protocol messages in
// NodeWorker.sendMessageToWorker / receivedMessageFromWorker.
// Every worker's profiler starts with the main thread's and stops with it;
// a worker started during the recording is profiled from its start. Its
// allocations are sampled too when the main thread's are (each isolate has
// its own heap): kept in the worker's profile under ALLOCATIONS_FIELD, as the
// main thread's are in its own.
import { addExtras, type ProfileThread } from '../../../shared/recording/profile-extras.ts';
import type { HeapProfile } from '../../../shared/recording/memory.ts';
import { asProbe } from '../../../shared/profile/probes.ts';

export interface Protocol {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
  on(event: string, handler: (params: unknown) => void): void;
}

/** A worker's profile, named "worker 2 (hash-worker.js)": the recording's threads addition (shared/recording/profile-extras.ts). */
export type ThreadProfile = ProfileThread;

interface Worker {
  id: string;
  title: string;
  url: string;
  started: Promise<boolean>;
  /** Its allocations are being sampled. */
  sampling: boolean;
  /** Its own thread's CPU when its profiler started, µs (process.threadCpuUsage in the worker); null where Node lacks it. */
  cpuAtStartUs: number | null;
}

// A worker's own thread's CPU so far, µs (null where Node has no process.threadCpuUsage): run as a probe, out of its profile.
const WORKER_CPU_JS = asProbe('(function () { var t = typeof process.threadCpuUsage === "function" ? process.threadCpuUsage() : null; return t ? t.user + t.system : null; })()');

const CALL_TIMEOUT_MS = 10_000;

export class WorkerProfilers {
  private readonly protocol: Protocol;
  private intervalUs = 1000;
  /** Bytes between allocation samples in each worker; null: allocations not sampled. */
  private allocationBytes: number | null = null;
  private readonly workers = new Map<string, Worker>();
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private active = false;
  /** Each worker's own CPU over its profile, as the last stop() read it (the recording's accounting: thread-clock.ts). */
  lastCpu: { name: string; cpuMs: number | null }[] = [];

  constructor(protocol: Protocol) {
    this.protocol = protocol;
    protocol.on('NodeWorker.attachedToWorker', (p) => this.attached(p as { sessionId: string; workerInfo?: { workerId?: string; title?: string; url?: string } }));
    protocol.on('NodeWorker.detachedFromWorker', (p) => this.workers.delete((p as { sessionId: string }).sessionId));
    protocol.on('NodeWorker.receivedMessageFromWorker', (p) => this.received(p as { message: string }));
  }

  async start(intervalUs: number, allocationBytes: number | null = null): Promise<void> {
    this.intervalUs = intervalUs;
    this.allocationBytes = allocationBytes;
    this.active = true;
    await this.protocol.send('NodeWorker.enable', { waitForDebuggerOnStart: false });
  }

  /** Each worker's profile (those that could be read), then the domain is disabled. */
  async stop(): Promise<ThreadProfile[]> {
    this.active = false;
    const out: ThreadProfile[] = [];
    this.lastCpu = [];
    for (const [sessionId, w] of this.workers) {
      try {
        if (!(await w.started)) continue;
        const heap = w.sampling ? await this.stopAllocations(sessionId) : null;
        const cpuAtStopUs = w.cpuAtStartUs === null ? null : await this.threadCpuUs(sessionId);
        const reply = (await this.call(sessionId, 'Profiler.stop')) as { profile?: Record<string, unknown> };
        if (reply?.profile && heap && typeof reply.profile === 'object') addExtras(reply.profile, { allocations: heap });
        const name = `worker ${w.id}${w.url ? ` (${w.url.split(/[\\/]/).pop()})` : ''}`;
        if (reply?.profile && typeof reply.profile === 'object') out.push({ name, profile: reply.profile });
        if (reply?.profile) this.lastCpu.push({ name, cpuMs: cpuAtStopUs !== null && w.cpuAtStartUs !== null ? Math.max(0, cpuAtStopUs - w.cpuAtStartUs) / 1000 : null });
      } catch { /* the worker ended meanwhile: its profile is gone with it */ }
    }
    await this.protocol.send('NodeWorker.disable').catch(() => undefined);
    this.workers.clear();
    return out;
  }

  /** A worker's sampling heap profile, or null when it could not be read. */
  private async stopAllocations(sessionId: string): Promise<HeapProfile | null> {
    try {
      const reply = (await this.call(sessionId, 'HeapProfiler.stopSampling')) as { profile?: HeapProfile };
      await this.call(sessionId, 'HeapProfiler.disable').catch(() => undefined);
      return reply?.profile ?? null;
    } catch {
      return null;
    }
  }

  private attached(p: { sessionId: string; workerInfo?: { workerId?: string; title?: string; url?: string } }): void {
    if (!this.active) return;
    const info = p.workerInfo ?? {};
    const worker: Worker = { id: info.workerId ?? String(this.workers.size + 1), title: info.title ?? '', url: info.url ?? '', started: Promise.resolve(false), sampling: false, cpuAtStartUs: null };
    worker.started = (async () => {
      try {
        await this.call(p.sessionId, 'Profiler.enable');
        await this.call(p.sessionId, 'Profiler.setSamplingInterval', { interval: this.intervalUs });
        await this.call(p.sessionId, 'Profiler.start');
      } catch {
        return false;
      }
      worker.cpuAtStartUs = await this.threadCpuUs(p.sessionId);
      // Same flags as the main thread's (inspector.ts startAllocationSampling); a worker that refuses just has none.
      if (this.allocationBytes !== null) {
        worker.sampling = await this.call(p.sessionId, 'HeapProfiler.enable')
          .then(() => this.call(p.sessionId, 'HeapProfiler.startSampling', {
            samplingInterval: this.allocationBytes, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true,
          }))
          .then(() => true, () => false);
      }
      return true;
    })();
    this.workers.set(p.sessionId, worker);
  }

  /** The worker's own thread's CPU so far, µs; null where it cannot be read. */
  private async threadCpuUs(sessionId: string): Promise<number | null> {
    const reply = (await this.call(sessionId, 'Runtime.evaluate', { expression: WORKER_CPU_JS, returnByValue: true }).catch(() => null)) as { result?: { value?: unknown } } | null;
    const v = reply?.result?.value;
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  }

  private call(sessionId: string, method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method} in a worker did not answer`));
      }, CALL_TIMEOUT_MS);
      timer.unref?.();
      this.pending.set(id, { resolve: (v) => { clearTimeout(timer); resolve(v); }, reject: (e) => { clearTimeout(timer); reject(e); } });
      this.protocol.send('NodeWorker.sendMessageToWorker', { sessionId, message: JSON.stringify({ id, method, params }) }).catch((e: Error) => {
        this.pending.get(id)?.reject(e);
        this.pending.delete(id);
      });
    });
  }

  private received(p: { message: string }): void {
    let msg: { id?: number; result?: unknown; error?: { message?: string } };
    try {
      msg = JSON.parse(p.message);
    } catch {
      return;
    }
    if (typeof msg.id !== 'number') return; // an event from the worker
    const waiting = this.pending.get(msg.id);
    if (!waiting) return;
    this.pending.delete(msg.id);
    if (msg.error) waiting.reject(new Error(msg.error.message ?? 'worker protocol error'));
    else waiting.resolve(msg.result);
  }
}

const bySession = new WeakMap<object, WorkerProfilers>();

/** One WorkerProfilers per inspector session (its event listeners are added once). */
export function workerProfilersOf(session: { protocol: Protocol }): WorkerProfilers {
  let w = bySession.get(session);
  if (!w) bySession.set(session, (w = new WorkerProfilers(session.protocol)));
  return w;
}
