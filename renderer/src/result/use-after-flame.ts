// The first screen of a recording, flamegraph first (issue 36: a 50 KB
// recording spent most of "chosen → drawn" rendering and laying out the whole
// page at once). The cards below the profile — memory, the process — mount
// once the flamegraph is drawn and the page is idle; the Flamegraph says it
// is drawn with a DOM event that bubbles to the Result screen.
import { useEffect, useState, type RefObject } from 'react';

/** Dispatched (bubbling) by the flamegraph's element once its first tree is drawn. */
export const FLAME_DRAWN = 'flambe-flame-drawn';

/** Whatever happens (another tab opens first, a slow machine), the cards wait no longer than this, ms. */
const WAIT_AT_MOST_MS = 1500;

const whenIdle = (fn: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: 500 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 0);
  return () => clearTimeout(id);
};

/**
 * True once the cards below the profile of recording `id` may mount: its
 * flamegraph (inside `root`) is drawn and the page idle — at once when there is
 * no flamegraph to wait for (`nothingToWaitFor`: no profile, or unreadable).
 */
export function useAfterFlame(root: RefObject<HTMLElement | null>, id: string, nothingToWaitFor: boolean): boolean {
  const [readyFor, setReadyFor] = useState<string | null>(null);
  useEffect(() => {
    if (nothingToWaitFor) return;
    const el = root.current;
    const ready = () => setReadyFor(id);
    let cancelIdle = () => {};
    const drawn = () => { cancelIdle = whenIdle(ready); };
    el?.addEventListener(FLAME_DRAWN, drawn, { once: true });
    const timer = setTimeout(ready, WAIT_AT_MOST_MS);
    return () => {
      el?.removeEventListener(FLAME_DRAWN, drawn);
      clearTimeout(timer);
      cancelIdle();
    };
  }, [root, id, nothingToWaitFor]);
  return nothingToWaitFor || readyFor === id;
}
