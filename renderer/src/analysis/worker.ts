// The analysis worker (docs/ARCHITECTURE.md "Nothing heavy on a UI thread"): imports the
// recording's profile once, then answers view requests (flamegraph, call
// tree, bottom-up, categories) for any transform stack. engine.ts does the work.
import { AnalysisEngine } from './engine.ts';
import type { WorkerRequest, WorkerResponse } from './protocol.ts';

const scope = self as unknown as { onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null; postMessage(message: WorkerResponse, transfer?: Transferable[]): void };

let engine: AnalysisEngine | null = null;

scope.onmessage = (e) => {
  const req = e.data;
  try {
    if (req.type === 'open') {
      engine = AnalysisEngine.open(req.profile);
      scope.postMessage({ id: req.id, ok: true, result: null });
      return;
    }
    if (!engine) throw new Error('No profile is open.');
    const result = engine.view(req.request);
    scope.postMessage({ id: req.id, ok: true, result }, transferables(result));
  } catch (err) {
    scope.postMessage({ id: req.id, ok: false, message: err instanceof Error ? err.message : String(err) });
  }
};

/** The typed arrays of a call tree move to the UI thread instead of being copied. */
function transferables(result: unknown): Transferable[] {
  if (!result || typeof result !== 'object') return [];
  return Object.values(result).filter((v): v is ArrayBufferView => ArrayBuffer.isView(v)).map((v) => v.buffer as ArrayBuffer);
}
