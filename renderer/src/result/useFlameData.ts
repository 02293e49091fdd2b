// The flamegraph data of a profile, built in a worker; on the UI thread
// (after the first paint) where a worker cannot start.
import { useEffect, useState } from 'react';
import { prepareFlameData, type FlameDataResult } from '../lib/flame-data.ts';

let nextId = 1;

function buildInWorker(profile: unknown): { promise: Promise<FlameDataResult>; cancel(): void } {
  let worker: Worker;
  try {
    worker = new Worker(new URL('../lib/flame-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return buildHere(profile);
  }
  const id = nextId++;
  const promise = new Promise<FlameDataResult>((resolve) => {
    worker.onmessage = (e: MessageEvent<{ id: number; result: FlameDataResult }>) => {
      if (e.data.id === id) resolve(e.data.result);
      worker.terminate();
    };
    // A worker that cannot load (CSP, protocol) reports an error: build here instead.
    worker.onerror = (e) => {
      e.preventDefault();
      worker.terminate();
      resolve(prepareFlameData(profile));
    };
    worker.postMessage({ id, profile });
  });
  return { promise, cancel: () => worker.terminate() };
}

function buildHere(profile: unknown): { promise: Promise<FlameDataResult>; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<FlameDataResult>((resolve) => {
    timer = setTimeout(() => resolve(prepareFlameData(profile)), 0);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

/** null while building (and for no profile); the data or the reason it could not be read once built. */
export function useFlameData(profile: unknown | null): FlameDataResult | null {
  const [built, setBuilt] = useState<{ profile: unknown; result: FlameDataResult } | null>(null);

  useEffect(() => {
    if (profile == null) return;
    const job = typeof Worker === 'function' ? buildInWorker(profile) : buildHere(profile);
    let cancelled = false;
    void job.promise.then((result) => {
      if (!cancelled) setBuilt({ profile, result });
    });
    return () => {
      cancelled = true;
      job.cancel();
    };
  }, [profile]);

  return built && built.profile === profile ? built.result : null;
}
