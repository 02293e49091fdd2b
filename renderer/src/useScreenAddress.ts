// The address follows the screen, and the screen follows the address: every
// screen change the app makes is pushed as a page of history (so back and
// forward walk the screens), and an address reached by reload, a pasted link,
// back/forward or an edit of the '#' by hand is followed. A screen's own
// state (search, tab, range) rides in its params (lib/useAddressParams.ts).
import { useEffect, useEffectEvent, useRef } from 'react';
import { parseRoute, routeHash, routePath, type Route } from './lib/route.ts';
import { rememberedParams } from './lib/useAddressParams.ts';

interface Options {
  /** The route the app's state shows; null when what shows has no address (a recording not saved). */
  current: Route | null;
  /** Show what an address names (null: an address the app does not know, or none). */
  follow(route: Route | null, hash: string): void;
}

export function useScreenAddress({ current, follow }: Options): void {
  const onAddress = useEffectEvent(() => follow(parseRoute(window.location.hash), window.location.hash));
  useEffect(() => {
    // The first address is followed by the App's initial state and this call (a recording is opened here).
    onAddress();
    const listener = () => onAddress();
    window.addEventListener('hashchange', listener);
    window.addEventListener('popstate', listener);
    return () => {
      window.removeEventListener('hashchange', listener);
      window.removeEventListener('popstate', listener);
    };
  }, []);

  const path = current ? routePath(current) : null;
  const first = useRef(true);
  useEffect(() => {
    // On the first render the address is the truth: the state was built from it (or is still being opened).
    if (first.current) {
      first.current = false;
      return;
    }
    const here = parseRoute(window.location.hash);
    if (path === null) {
      // What shows has no address: leave none that names something else.
      if (window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
      return;
    }
    // No '#' at all is the Record screen (the printed address): following it must not push a page of history.
    const herePath = here ? routePath(here) : window.location.hash.replace(/^#\/?/, '') ? null : '#/record';
    if (herePath === path) return;
    const params = rememberedParams(path);
    const hash = routeHash({ ...current!, params });
    window.history.pushState(null, '', `${window.location.pathname}${window.location.search}${hash}`);
    // `current` is read for its params only; `path` says when the screen changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
}
