// `#/recordings/<id>` (lib/route.ts): the address opens that recording, and the
// recording on the result screen is in the address — so a reload, a bookmark
// or a link printed by the CLI comes back to it.
import { useEffect, useEffectEvent, useState } from 'react';
import { formatRoute, parseRoute } from '../lib/route.ts';

interface Options {
  /** The recording shown on the result screen, when it is in the library; null otherwise. */
  shownId: string | null;
  /** The result screen is the one in view. */
  onResultScreen: boolean;
  open(id: string): Promise<void>;
}

/** Returns a sentence when the address names a recording that could not be opened. */
export function useRecordingAddress({ shownId, onResultScreen, open }: Options): [string | null, () => void] {
  const [problem, setProblem] = useState<string | null>(null);

  const follow = useEffectEvent(() => {
    const route = parseRoute(window.location.hash);
    if (route?.screen !== 'recording' || route.id === shownId) return;
    open(route.id).then(
      () => setProblem(null),
      () => setProblem(`No recording with the id “${route.id}” is in the library: it may have been deleted, or the address is cut short.`),
    );
  });
  useEffect(() => {
    follow();
    const listener = () => follow();
    window.addEventListener('hashchange', listener);
    return () => window.removeEventListener('hashchange', listener);
  }, []);

  // The address says what is shown (replaced, not pushed: screens are not pages of history).
  useEffect(() => {
    const want = onResultScreen && shownId ? formatRoute({ screen: 'recording', id: shownId }) : '';
    // Other screens' addresses (#/compare/…) are theirs to keep or clear.
    if (window.location.hash === want || (!want && parseRoute(window.location.hash)?.screen !== 'recording')) return;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${want}`);
  }, [onResultScreen, shownId]);

  return [problem, () => setProblem(null)];
}
