// A screen's own state in its address (#/library?q=json, #/recordings/<id>?tab=…):
// read when the screen opens from an address (reload, pasted link), followed
// when the user edits the '#' by hand or walks back and forward, and written
// back as it changes (replaced, not pushed: typing a search is not a page of
// history). Kept per screen while another screen shows, so the Library's
// button brings its search back with it.
import { useCallback, useEffect, useState } from 'react';
import { parseRoute, routeHash, routePath, type Params } from './route.ts';

const remembered = new Map<string, Params>();

/** The params a screen had when it was left (the App puts them back in its address). */
export function rememberedParams(path: string): Params | undefined {
  return remembered.get(path);
}

function currentRoute() {
  return parseRoute(window.location.hash);
}

function paramsInAddress(path: string): Params | null {
  const route = currentRoute();
  return route && routePath(route) === path ? route.params ?? {} : null;
}

const same = (a: Params, b: Params) => {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
};

/** `path`: the screen's address without params (routePath); null while it has none (an unsaved recording). */
export function useAddressParams(path: string | null): [Params, (patch: Record<string, string | null>) => void] {
  const [params, setParams] = useState<Params>(() => (path ? paramsInAddress(path) ?? remembered.get(path) ?? {} : {}));

  useEffect(() => {
    if (!path) return;
    remembered.set(path, params);
    const route = currentRoute();
    if (!route || routePath(route) !== path || same(route.params ?? {}, params)) return;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${routeHash({ ...route, params })}`);
  }, [path, params]);

  useEffect(() => {
    if (!path) return;
    const follow = () => {
      const inAddress = paramsInAddress(path);
      if (inAddress) setParams((p) => (same(p, inAddress) ? p : inAddress));
    };
    window.addEventListener('hashchange', follow);
    window.addEventListener('popstate', follow);
    return () => {
      window.removeEventListener('hashchange', follow);
      window.removeEventListener('popstate', follow);
    };
  }, [path]);

  const update = useCallback((patch: Record<string, string | null>) => {
    setParams((p) => {
      const next: Record<string, string> = { ...p };
      for (const [k, v] of Object.entries(patch)) {
        if (v === null || v === '') delete next[k];
        else next[k] = v;
      }
      return same(p, next) ? p : next;
    });
  }, []);
  return [params, update];
}
