// An anonymous callback is named by the function that passes it on (issue 35):
// a CSV parser's `lines.map((line) => …)` read "(anonymous)'s own code", and a
// search's `records.filter((r) => … .some((v) => JSON.stringify(v)…))` read
// "From (anonymous)" — the user's own parseCsv and fullTextSearch never named.
// The call tree knows who calls the arrow: walk up from it through the
// built-ins it was passed to (map, filter, some — native frames) and through
// other anonymous functions of the same file, to the first named function of
// your code in that file. Its heaviest such caller is the host.
import { callNodeTable } from '../profile/call-nodes.ts';
import { frameClasses } from '../profile/frame-classes.ts';
import { ANONYMOUS_NAME, type Profile } from '../profile/model.ts';

export interface CallbackHost {
  /** The named function of yours that passes the callback on: "parseCsv". */
  function: string;
  /** The built-in it is passed to, when a native frame is right above the callback ("map"); '' otherwise. */
  via: string;
}

/** The host of an anonymous function of yours (see above); null for a named one or when none calls it. */
export function callbackHost(profile: Profile, frame: number): CallbackHost | null {
  const f = profile.frames[frame];
  if (!f || (f.name !== '' && f.name !== ANONYMOUS_NAME)) return null;
  const t = callNodeTable(profile);
  const { cls } = frameClasses(profile);
  const weight = new Map<string, number>();
  const vias = new Map<string, string>();
  for (let c = 1; c < t.count; c++) {
    if (t.frame[c] !== frame || t.selfMs[c] <= 0) continue;
    const p = t.parent[c];
    const via = p >= 0 && cls[t.frame[p]].kind === 'native' ? profile.frames[t.frame[p]].name : '';
    for (let at = p; at >= 0; at = t.parent[at]) {
      const up = profile.frames[t.frame[at]];
      const kind = cls[t.frame[at]].kind;
      if (kind === 'native' || kind === 'node' || (kind === 'user' && up.url === f.url && (up.name === '' || up.name === ANONYMOUS_NAME))) continue;
      if (kind === 'user' && up.url === f.url) {
        weight.set(up.name, (weight.get(up.name) ?? 0) + t.selfMs[c]);
        if (!vias.has(up.name)) vias.set(up.name, via);
      }
      break;
    }
  }
  const [best] = [...weight].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return best ? { function: best[0], via: vias.get(best[0]) ?? '' } : null;
}

/** "(anonymous) in parseCsv (the callback passed to map)" — how a finding names an anonymous function with a host. */
export function hostedName(name: string, host: CallbackHost | null): string {
  if (!host) return name;
  return `${name} in ${host.function}${host.via ? ` (the callback passed to ${host.via})` : ''}`;
}
