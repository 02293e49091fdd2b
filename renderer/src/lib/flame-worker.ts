// Builds the flamegraph data off the UI thread (DESIGN.md "Nothing heavy on
// a UI thread"): a long profile at a fine sampling interval has hundreds of
// thousands of samples.
import { prepareFlameData } from './flame-data.ts';

interface Request {
  id: number;
  profile: unknown;
}

const scope = self as unknown as { onmessage: ((e: MessageEvent<Request>) => void) | null; postMessage(message: unknown): void };

scope.onmessage = (e) => {
  scope.postMessage({ id: e.data.id, result: prepareFlameData(e.data.profile) });
};
