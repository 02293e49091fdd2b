// One line, one finding. A handler whose hottest line is
//   const lines = Array.from({ length: 3000 }, (_, i) => ({ … }));
// spends that line's time in two functions: its own code (Array.from has no
// frame of its own) and the arrow written on the line, which V8 samples as a
// function of its own. Named apart, they read as one sentence said twice —
// "(anonymous) … 30%. Hottest line in shop.cjs:10" and "(anonymous) … 29%.
// Hottest line in shop.cjs:10". A function written on another function's
// hottest line and called from it (through built-ins only) is that line's
// callback: the finding of the outer function carries it.
import { callNodeTable } from '../profile/call-nodes.ts';
import { frameClasses } from '../profile/frame-classes.ts';
import type { Profile } from '../profile/model.ts';
import { callbackHost } from './callback-host.ts';

/** A function of yours with the line it spends most time on (the finding's candidate). */
export interface FunctionWork {
  frame: number;
  /** Its own code and the built-ins it calls directly, ms. */
  ms: number;
  /** Its hottest line outside JSON/regex work; undefined when the profile has no line ticks. Asked only of a possible host. */
  hot(): { url: string; line: number; text: string | null } | undefined;
}

/** A function with the callbacks written on its hottest line (heaviest first). */
export interface LineWork<T extends FunctionWork> {
  fn: T;
  callbacks: T[];
  /** The callbacks go with it as the anonymous functions it passes on (callback-host.ts), not as its hottest line's. */
  passed?: boolean;
}

/** Whether `callee` runs with `caller` as the nearest function of your code or a dependency above it in some stack. */
function calledThroughBuiltins(profile: Profile, callee: number, caller: number): boolean {
  const t = callNodeTable(profile);
  const { cls } = frameClasses(profile);
  for (let c = 0; c < t.count; c++) {
    if (t.frame[c] !== callee) continue;
    let p = t.parent[c];
    while (p > 0 && cls[t.frame[p]].kind !== 'user' && cls[t.frame[p]].kind !== 'dependency') p = t.parent[p];
    if (p > 0 && t.frame[p] === caller) return true;
  }
  return false;
}

/** The functions grouped by line: each callback goes with the function whose hottest line it is written on. */
export function foldLineCallbacks<T extends FunctionWork>(profile: Profile, fns: readonly T[]): LineWork<T>[] {
  const hostOf = new Map<T, T>();
  const passedTo = new Set<T>();
  for (const cb of fns) {
    const def = profile.frames[cb.frame];
    // A host is written before its callback, in the same file; only such a function's hot lines are read.
    const host = fns.find((h) => {
      const at = profile.frames[h.frame];
      if (h === cb || at.url !== def.url || at.line > def.line) return false;
      const hot = h.hot();
      return !!hot && hot.url === def.url && hot.line === def.line && calledThroughBuiltins(profile, cb.frame, h.frame);
    });
    if (host) hostOf.set(cb, host);
    else {
      // An anonymous callback over several lines (lines.map((line) => { … })) is not on its host's hottest line: it goes
      // with the named function of yours that passes it on (issue 35: a CSV parser read "(anonymous)'s own code").
      const passer = callbackHost(profile, cb.frame);
      const named = passer && fns.find((h) => h !== cb && profile.frames[h.frame].url === def.url && profile.frames[h.frame].name === passer.function && profile.frames[h.frame].line <= def.line);
      if (named) { hostOf.set(cb, named); passedTo.add(named); }
    }
  }
  // A callback's own callback on the same line goes to the outermost function (a chain, never a cycle: each step calls the next).
  const root = (f: T): T => {
    const seen = new Set<T>();
    while (hostOf.has(f) && !seen.has(f)) {
      seen.add(f);
      f = hostOf.get(f)!;
    }
    return f;
  };
  const groups = new Map<T, T[]>();
  for (const f of fns) {
    const r = root(f);
    if (!groups.has(r)) groups.set(r, []);
    if (r !== f) groups.get(r)!.push(f);
  }
  return [...groups].map(([fn, callbacks]) => ({ fn, callbacks: callbacks.sort((a, b) => b.ms - a.ms), ...(passedTo.has(fn) && callbacks.length > 0 ? { passed: true } : {}) }));
}

/**
 * The call a callback on `text` is passed to ("Array.from", "items.map"), when
 * every function written on the line is an argument of the same call; null
 * when the line does not say (no function literal, or several calls take one).
 */
export function callbackCallee(text: string | null): string | null {
  // A long line (a bundle's) says nothing clear, and the scan below is not meant for one.
  if (!text || text.length > 500) return null;
  const open: (string | null)[] = [];
  const callees = new Set<string | null>();
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') {
      const m = /([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*$/.exec(text.slice(0, i));
      open.push(m && !/^(?:if|for|while|switch|return|function)$/.test(m[1]) ? m[1].replace(/\s+/g, '') : null);
    } else if (ch === ')') {
      open.pop();
    } else if (text.startsWith('=>', i) || isFunctionKeyword(text, i)) {
      // A function literal is an argument of the innermost call still open (an arrow's own parameter list is closed by now).
      callees.add(open.length > 0 ? open[open.length - 1] : null);
      i += text.startsWith('=>', i) ? 1 : 7;
    }
  }
  if (callees.size !== 1) return null;
  const [only] = callees;
  return only ?? null;
}

function isFunctionKeyword(text: string, i: number): boolean {
  return text.startsWith('function', i) && !/[\w$]/.test(text[i + 8] ?? '') && (i === 0 || !/[\w$]/.test(text[i - 1]));
}
