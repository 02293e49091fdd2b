// The result screen opens on the tab a user last chose (issue 12, item 7).
// Kept in localStorage: a preference of this browser, not of a recording.
const KEY = 'flambe.resultTab';

export function readLastTab<K extends string>(keys: readonly K[], fallback: K): K {
  try {
    const v = globalThis.localStorage?.getItem(KEY);
    return keys.includes(v as K) ? (v as K) : fallback;
  } catch {
    return fallback;
  }
}

export function rememberTab(key: string): void {
  try {
    globalThis.localStorage?.setItem(KEY, key);
  } catch {
    // Storage refused (private mode, quota): the next screen opens on the default tab.
  }
}
