// The UI side of the analysis: one session — one worker — per open recording
// (engine.ts on the UI thread where a worker cannot start: CSP, custom
// protocol, tests): its profile is fetched and read once, and each thread's
// client asks the same worker. Answers are memoized per request — thread +
// transform stack + view — so popping a transform or switching back to a tab
// or a thread is instant.
//
// A worker is started before the first recording is opened (warmAnalysisWorker,
// while the page is idle), and the worker of a closed session is kept for the
// next one when it has nothing left to answer: opening a small profile waited
// ~50 ms for a new worker's first message, then ran its code cold (issue 36).
import { OpenRecording } from './open-recording.ts';
import { loadRegexChecker } from './regex-check.ts';
import type { ChildMemoryNote } from '../../../shared/recording/processes.ts';
import { requestKey, type OpenResult, type ViewRequest, type ViewResult, type WorkerRequest, type WorkerReset, type WorkerResponse } from './protocol.ts';

const KEEP_RESULTS = 24;

/** A worker request without its id (the backend numbers them). */
type Message = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export interface Backend {
  /**
   * `transfer`: buffers that move to the worker instead of being copied (the profile's bytes).
   * `onPartial`: what the worker sends ahead of the answer (the exact flame chart so far); a
   * backend without a worker answers whole.
   */
  send(message: Message, transfer?: Transferable[], onPartial?: (result: unknown) => void): Promise<unknown>;
  close(): void;
}

/** Runs the engine here, one request per macrotask so the screen can paint in between. */
export function localBackend(): Backend {
  let recording: OpenRecording | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  let closed = false;
  const run = (m: Message) => {
    if (m.type === 'open') {
      recording = new OpenRecording(m.profile);
      return recording.opened;
    }
    if (!recording) throw new Error('No profile is open.');
    if (m.type === 'thread') {
      recording.engine(m.thread);
      return recording.opened;
    }
    return recording.engine(m.thread).view(m.request);
  };
  return {
    send(m) {
      // The ReDoS checker is loaded when first needed (regex-check.ts).
      const loaded = m.type === 'view' && m.request.view === 'regex-check' ? loadRegexChecker().catch(() => {}) : null;
      const next = chain.then(() => loaded).then(() => new Promise((resolve, reject) => {
        setTimeout(() => {
          if (closed) return reject(new Error('closed'));
          try { resolve(run(m)); } catch (e) { reject(e); }
        }, 0);
      }));
      chain = next.catch(() => {});
      return next;
    },
    close() {
      closed = true;
      recording = null;
    },
  };
}

/** A worker started ahead of need, or kept from a closed session; `failed`: it could not load (CSP, protocol). */
let spare: { worker: Worker; failed: boolean } | null = null;

function newWorker(): Worker {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
}

function keepAsSpare(worker: Worker, loaded: boolean): void {
  const kept = { worker, failed: false };
  worker.onmessage = null;
  worker.onerror = (e) => {
    e.preventDefault();
    if (!loaded) kept.failed = true;
  };
  spare = kept;
}

/** Starts the analysis worker the next recording will use (once; nothing where no worker can start). */
export function warmAnalysisWorker(): void {
  if (spare || typeof Worker !== 'function') return;
  try {
    keepAsSpare(newWorker(), false);
  } catch {
    // No worker here: sessions run the engine on this thread (localBackend).
  }
}

/** The spare worker if there is one (then it is no longer spare), else a new one; throws where none can start. */
function takeWorker(): Worker {
  const taken = spare;
  spare = null;
  if (!taken) return newWorker();
  if (taken.failed) {
    taken.worker.terminate();
    throw new Error('the analysis worker cannot load here');
  }
  return taken.worker;
}

/** Request ids are unique on the page: a kept worker never answers a new session with an old id. */
let nextId = 1;

/**
 * A worker that read a bigger profile is ended, not kept: its heap would hold
 * the big profile's garbage until a collection, and reading a big profile
 * takes seconds of parsing whether the worker's code is warm or not.
 */
const KEEP_WORKER_UP_TO_BYTES = 16 * 1024 * 1024;

/** The size of the profile an 'open' message carries (bytes, text, or a parsed object: counted as big). */
function profileSize(message: Message): number {
  if (message.type !== 'open') return 0;
  const p = message.profile;
  if (p instanceof Uint8Array) return p.byteLength;
  if (typeof p === 'string') return p.length;
  return Infinity;
}

/** The worker; if it cannot load, everything sent (and to be sent) goes to a local backend instead. */
function workerBackend(makeWorker: () => Worker): Backend {
  let worker: Worker | null;
  try {
    worker = makeWorker();
  } catch {
    return localBackend();
  }
  let fallback: Backend | null = null;
  let alive = false;
  let readBytes = 0;
  const pending = new Map<number, { message: Message; resolve(v: unknown): void; reject(e: Error): void; onPartial?: (result: unknown) => void }>();
  worker.onmessage = (e: MessageEvent<WorkerResponse>) => {
    alive = true;
    const p = pending.get(e.data.id);
    if (!p) return;
    if (e.data.ok && e.data.partial) {
      p.onPartial?.(e.data.result);
      return;
    }
    pending.delete(e.data.id);
    if (e.data.ok) p.resolve(e.data.result);
    else p.reject(new Error(e.data.message));
  };
  // A worker that cannot load (CSP, protocol) reports an error before answering anything.
  worker.onerror = (e) => {
    if (alive) return;
    e.preventDefault();
    worker?.terminate();
    worker = null;
    fallback = localBackend();
    const replay = [...pending.values()];
    pending.clear();
    for (const p of replay) fallback.send(p.message).then(p.resolve, p.reject);
  };
  return {
    send(message, transfer = [], onPartial) {
      if (fallback) return fallback.send(message);
      if (!worker) return Promise.reject(new Error('closed'));
      const to = worker;
      readBytes = Math.max(readBytes, profileSize(message));
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { message, resolve, reject, onPartial });
        to.postMessage({ id, ...message } as WorkerRequest, transfer);
      });
    },
    close() {
      // Kept warm for the next recording when it has nothing left to answer (the newest idle worker: its code ran last).
      if (worker && alive && pending.size === 0 && readBytes <= KEEP_WORKER_UP_TO_BYTES) {
        spare?.worker.terminate();
        worker.postMessage({ type: 'reset' } satisfies WorkerReset);
        keepAsSpare(worker, true);
      } else worker?.terminate();
      worker = null;
      fallback?.close();
      for (const p of pending.values()) p.reject(new Error('closed'));
      pending.clear();
    },
  };
}

/**
 * One open recording: its profile fetched once (`profile` may be a function
 * that fetches it — as bytes, getProfile, which then move into the worker
 * without a copy) and read once in one worker. Each thread's views come from
 * client(thread), all from that worker; close() ends it.
 */
export class AnalysisSession {
  /** Every thread's name, main thread first, once the profile is read. */
  readonly opened: Promise<string[]>;
  readonly backend: Backend;

  constructor(profile: unknown, backend: Backend) {
    this.backend = backend;
    const load = typeof profile === 'function' ? Promise.resolve().then(profile as () => unknown) : Promise.resolve(profile);
    this.opened = load.then((p) => {
      const bytes = ownBytes(p);
      return backend.send({ type: 'open', profile: bytes ?? p }, bytes ? [bytes.buffer] : []);
    }).then((opened) => (opened as OpenResult).threads);
    this.opened.catch(() => {});
  }

  private readonly clients = new Map<number, AnalysisClient>();

  /** The views of one thread (shared/profile/import/open-thread.ts; ALL_THREADS: merged), kept with their answers: a switch back is instant. */
  client(thread = 0): AnalysisClient {
    let client = this.clients.get(thread);
    if (!client) {
      client = new AnalysisClient(this, thread);
      this.clients.set(thread, client);
    }
    return client;
  }

  close(): void {
    this.backend.close();
  }
}

export class AnalysisClient {
  readonly ready: Promise<void>;
  /** Every thread's name, main thread first; known once `ready`. */
  threads: string[] = [];
  /** Where the requests ran (a cluster's workers), known once `ready`; null for one process. */
  servedBy: string | null = null;
  /** Per thread, the requests its child process served; null for the others (known once `ready`). */
  threadRequests: (number | null)[] = [];
  /** What the memory verdict says of child processes that served requests (known once `ready`); null for one process. */
  childMemory: ChildMemoryNote | null = null;
  readonly thread: number;
  private readonly results = new Map<string, unknown>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  /** Who wants what the worker sends ahead of each answer in flight (the exact flame chart so far). */
  private readonly partialListeners = new Map<string, Set<(result: unknown) => void>>();
  private readonly session: AnalysisSession;

  /** `thread`: which thread to analyse; imported in the session's worker (once: a switch back finds it there). */
  constructor(session: AnalysisSession, thread = 0) {
    this.session = session;
    this.thread = thread;
    this.ready = session.opened.then(() => session.backend.send({ type: 'thread', thread })).then((opened) => {
      this.threads = (opened as OpenResult).threads;
      this.servedBy = (opened as OpenResult).servedBy ?? null;
      this.threadRequests = (opened as OpenResult).threadRequests ?? [];
      this.childMemory = (opened as OpenResult).childMemory ?? null;
    });
    this.ready.catch(() => {});
  }

  /** The answer if it is already here (synchronous: no flash of "loading" for a known view). */
  cached<R extends ViewRequest>(request: R): ViewResult<R> | undefined {
    return this.results.get(requestKey(request)) as ViewResult<R> | undefined;
  }

  /** `onPartial`: called with what the worker sends ahead of the answer, while it is computed (a flame chart so far). */
  view<R extends ViewRequest>(request: R, onPartial?: (soFar: ViewResult<R>) => void): Promise<ViewResult<R>> {
    const key = requestKey(request);
    if (onPartial && !this.results.has(key)) {
      let listeners = this.partialListeners.get(key);
      if (!listeners) this.partialListeners.set(key, (listeners = new Set()));
      listeners.add(onPartial as (result: unknown) => void);
    }
    if (this.results.has(key)) {
      const value = this.results.get(key);
      this.results.delete(key); // most recently used goes last
      this.results.set(key, value);
      return Promise.resolve(value as ViewResult<R>);
    }
    let p = this.inFlight.get(key);
    if (!p) {
      const toListeners = (soFar: unknown) => { for (const l of this.partialListeners.get(key) ?? []) l(soFar); };
      p = this.ready.then(() => this.session.backend.send({ type: 'view', thread: this.thread, request }, [], toListeners)).then((value) => {
        this.results.set(key, value);
        while (this.results.size > KEEP_RESULTS) this.results.delete(this.results.keys().next().value!);
        return value;
      }).finally(() => {
        this.inFlight.delete(key);
        this.partialListeners.delete(key);
      });
      this.inFlight.set(key, p);
    }
    return p as Promise<ViewResult<R>>;
  }
}

/** Bytes in a buffer of their own (one that can be transferred whole), or null for anything else. */
function ownBytes(p: unknown): Uint8Array<ArrayBuffer> | null {
  if (p instanceof ArrayBuffer) return new Uint8Array(p);
  if (!(p instanceof Uint8Array)) return null;
  if (p.byteOffset === 0 && p.byteLength === p.buffer.byteLength && p.buffer instanceof ArrayBuffer) return p as Uint8Array<ArrayBuffer>;
  return p.slice();
}

/** A session in a worker (on the UI thread where none can start, or with `worker: false`). */
export function createAnalysisSession(profile: unknown, opts: { worker?: boolean } = {}): AnalysisSession {
  const useWorker = (opts.worker ?? true) && typeof Worker === 'function';
  const backend = useWorker ? workerBackend(takeWorker) : localBackend();
  return new AnalysisSession(profile, backend);
}
