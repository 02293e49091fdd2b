// The UI side of the comparison worker; where a worker cannot start (CSP,
// custom protocol) the same code runs here, after the screen has painted.
import type { LibraryNoise } from '../../../shared/compare/index.ts';
import { computeComparison, hotLinesOf, type CompareOutput, type CompareSide, type CompareState, type HotLinesBySide } from './compute.ts';
import type { CompareWorkerRequest, CompareWorkerResponse } from './protocol.ts';

type Body = { type: 'compare'; a: CompareSide; b: CompareSide; noise: LibraryNoise | null } | { type: 'hotLines'; fn: { name: string; url: string; line: number; aLine?: number } };

export interface CompareClient {
  /** The profiles' bytes are copied to the worker, not moved: if it cannot start, the same bytes are compared here. */
  compare(a: CompareSide, b: CompareSide, noise: LibraryNoise | null): Promise<CompareOutput>;
  hotLines(fn: { name: string; url: string; line: number; aLine?: number }): Promise<HotLinesBySide>;
  close(): void;
}

function local(): (body: Body) => Promise<unknown> {
  let state: CompareState = { a: null, b: null };
  return (body) => new Promise((resolve, reject) => {
    setTimeout(() => {
      try {
        if (body.type === 'compare') {
          const r = computeComparison(body.a, body.b, body.noise);
          state = r.state;
          resolve(r.output);
        } else {
          resolve(hotLinesOf(state, body.fn));
        }
      } catch (e) {
        reject(e);
      }
    }, 30);
  });
}

export function createCompareClient(): CompareClient {
  let worker: Worker | null = null;
  try {
    worker = new Worker(new URL('./compare-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    worker = null;
  }
  let fallback: ((body: Body) => Promise<unknown>) | null = worker ? null : local();
  let alive = false;
  let nextId = 1;
  const pending = new Map<number, { body: Body; resolve(v: unknown): void; reject(e: Error): void }>();
  if (worker) {
    worker.onmessage = (e: MessageEvent<CompareWorkerResponse>) => {
      alive = true;
      const p = pending.get(e.data.id);
      if (!p) return;
      pending.delete(e.data.id);
      if (e.data.ok) p.resolve(e.data.result);
      else p.reject(new Error(e.data.message));
    };
    // A worker that cannot load (never answered): run everything here instead.
    worker.onerror = (e) => {
      if (alive) return;
      e.preventDefault?.();
      worker?.terminate();
      worker = null;
      fallback = local();
      for (const [id, p] of pending) {
        pending.delete(id);
        fallback(p.body).then(p.resolve, p.reject);
      }
    };
  }
  const send = (body: Body): Promise<unknown> => {
    if (fallback || !worker) return (fallback ??= local())(body);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { body, resolve, reject });
      worker!.postMessage({ id, ...body } as CompareWorkerRequest);
    });
  };
  return {
    compare: (a, b, noise) => send({ type: 'compare', a, b, noise }) as Promise<CompareOutput>,
    hotLines: (fn) => send({ type: 'hotLines', fn }) as Promise<HotLinesBySide>,
    close() {
      worker?.terminate();
      worker = null;
      for (const p of pending.values()) p.reject(new Error('closed'));
      pending.clear();
    },
  };
}
