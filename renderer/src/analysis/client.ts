// The UI side of the analysis: one worker per recording's profile (engine.ts
// on the UI thread where a worker cannot start: CSP, custom protocol, tests).
// Answers are memoized per request — profile + transform stack + view — so
// popping a transform or switching back to a tab is instant.
import { AnalysisEngine } from './engine.ts';
import { loadRegexChecker } from './regex-check.ts';
import { requestKey, type OpenResult, type ViewRequest, type ViewResult, type WorkerRequest, type WorkerResponse } from './protocol.ts';

const KEEP_RESULTS = 24;

type Message = { type: 'open'; profile: unknown; thread?: number } | { type: 'view'; request: ViewRequest };

interface Backend {
  /** `transfer`: buffers that move to the worker instead of being copied (the profile's bytes). */
  send(message: Message, transfer?: Transferable[]): Promise<unknown>;
  close(): void;
}

/** Runs the engine here, one request per macrotask so the screen can paint in between. */
export function localBackend(): Backend {
  let engine: AnalysisEngine | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  let closed = false;
  const run = (m: Message) => {
    if (m.type === 'open') {
      engine = AnalysisEngine.open(m.profile, m.thread);
      return { threads: engine.threads } satisfies OpenResult;
    }
    if (!engine) throw new Error('No profile is open.');
    return engine.view(m.request);
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
      engine = null;
    },
  };
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
  let nextId = 1;
  const pending = new Map<number, { message: Message; resolve(v: unknown): void; reject(e: Error): void }>();
  worker.onmessage = (e: MessageEvent<WorkerResponse>) => {
    alive = true;
    const p = pending.get(e.data.id);
    if (!p) return;
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
    send(message, transfer = []) {
      if (fallback) return fallback.send(message);
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { message, resolve, reject });
        worker!.postMessage({ id, ...message } as WorkerRequest, transfer);
      });
    },
    close() {
      worker?.terminate();
      fallback?.close();
      for (const p of pending.values()) p.reject(new Error('closed'));
      pending.clear();
    },
  };
}

export class AnalysisClient {
  readonly ready: Promise<void>;
  /** Every thread's name, main thread first; known once `ready`. */
  threads: string[] = [];
  private readonly results = new Map<string, unknown>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly backend: Backend;

  /**
   * `profile`: the profile, or a function that fetches it — as bytes
   * (getProfile), which then move into the worker without a copy and are
   * imported there once, on the importer's fast path. `thread`: which
   * thread to analyse (shared/profile/import/open-thread.ts; ALL_THREADS: merged).
   */
  constructor(profile: unknown, backend: Backend, thread = 0) {
    this.backend = backend;
    const load = typeof profile === 'function' ? Promise.resolve().then(profile as () => unknown) : Promise.resolve(profile);
    this.ready = load.then((p) => {
      const bytes = ownBytes(p);
      return backend.send({ type: 'open', profile: bytes ?? p, thread }, bytes ? [bytes.buffer] : []);
    }).then((opened) => {
      this.threads = (opened as OpenResult).threads;
    });
    this.ready.catch(() => {});
  }

  /** The answer if it is already here (synchronous: no flash of "loading" for a known view). */
  cached<R extends ViewRequest>(request: R): ViewResult<R> | undefined {
    return this.results.get(requestKey(request)) as ViewResult<R> | undefined;
  }

  view<R extends ViewRequest>(request: R): Promise<ViewResult<R>> {
    const key = requestKey(request);
    if (this.results.has(key)) {
      const value = this.results.get(key);
      this.results.delete(key); // most recently used goes last
      this.results.set(key, value);
      return Promise.resolve(value as ViewResult<R>);
    }
    let p = this.inFlight.get(key);
    if (!p) {
      p = this.ready.then(() => this.backend.send({ type: 'view', request })).then((value) => {
        this.results.set(key, value);
        while (this.results.size > KEEP_RESULTS) this.results.delete(this.results.keys().next().value!);
        return value;
      }).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, p);
    }
    return p as Promise<ViewResult<R>>;
  }

  close(): void {
    this.backend.close();
  }
}

/** Bytes in a buffer of their own (one that can be transferred whole), or null for anything else. */
function ownBytes(p: unknown): Uint8Array<ArrayBuffer> | null {
  if (p instanceof ArrayBuffer) return new Uint8Array(p);
  if (!(p instanceof Uint8Array)) return null;
  if (p.byteOffset === 0 && p.byteLength === p.buffer.byteLength && p.buffer instanceof ArrayBuffer) return p as Uint8Array<ArrayBuffer>;
  return p.slice();
}

export function createAnalysisClient(profile: unknown, opts: { worker?: boolean; thread?: number } = {}): AnalysisClient {
  const useWorker = (opts.worker ?? true) && typeof Worker === 'function';
  const backend = useWorker
    ? workerBackend(() => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' }))
    : localBackend();
  return new AnalysisClient(profile, backend, opts.thread);
}
