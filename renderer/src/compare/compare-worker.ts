// The comparison worker (DESIGN.md "Nothing heavy on a UI thread"): imports
// both profiles, builds the Comparison and the diff flame trees once, then
// answers hot-line questions about the selected function.
import { computeComparison, hotLinesOf, type CompareState } from './compute.ts';
import type { CompareWorkerRequest, CompareWorkerResponse } from './protocol.ts';

const scope = self as unknown as { onmessage: ((e: MessageEvent<CompareWorkerRequest>) => void) | null; postMessage(message: CompareWorkerResponse): void };

let state: CompareState = { a: null, b: null };

scope.onmessage = (e) => {
  const req = e.data;
  try {
    if (req.type === 'compare') {
      const { output, state: next } = computeComparison(req.a, req.b, req.noise);
      state = next;
      scope.postMessage({ id: req.id, ok: true, result: output });
    } else {
      scope.postMessage({ id: req.id, ok: true, result: hotLinesOf(state, req.fn) });
    }
  } catch (err) {
    scope.postMessage({ id: req.id, ok: false, message: err instanceof Error ? err.message : String(err) });
  }
};
