// Forms that survive a reload: the load form, the target picker and the
// experiment form are kept in sessionStorage (this tab only, like the token;
// a new tab starts from the defaults). What comes back is checked against the
// defaults' shape — a field renamed or added since keeps its default — so an
// old or hand-edited entry can never break the form.
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `stored` over `defaults`, field by field, keeping only fields of the defaults with the same type (one level of nesting). */
export function restoreForm<T extends object>(stored: unknown, defaults: T): T {
  if (!isPlain(stored)) return defaults;
  const out: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [k, d] of Object.entries(defaults)) {
    const v = stored[k];
    if (isPlain(d)) out[k] = restoreForm(v, d);
    else if (v !== undefined && typeof v === typeof d && Array.isArray(v) === Array.isArray(d)) out[k] = v;
  }
  return out as T;
}

function read<T extends object>(key: string, defaults: T): T {
  try {
    const text = globalThis.sessionStorage?.getItem(key);
    return text ? restoreForm(JSON.parse(text), defaults) : defaults;
  } catch {
    return defaults;
  }
}

export function useSessionState<T extends object>(key: string, defaults: T): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() => read(key, defaults));
  useEffect(() => {
    try {
      globalThis.sessionStorage?.setItem(key, JSON.stringify(value));
    } catch {
      // Storage refused (private mode, quota): the form still works, it is just not kept.
    }
  }, [key, value]);
  return [value, setValue];
}
