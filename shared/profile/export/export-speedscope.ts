// Exporter to speedscope's own JSON format
// (https://www.speedscope.app/file-format-schema.json), as an "evented"
// profile: frames open and close in time order, so speedscope's Time Order
// view shows the real sequence, and the file grows with stack changes, not
// with samples × depth.
import { callNodeTable } from '../call-nodes.ts';
import { displayFile, type Profile } from '../model.ts';

export interface SpeedscopeFrame { name: string; file?: string; line?: number; col?: number }
export interface SpeedscopeEvent { type: 'O' | 'C'; frame: number; at: number }
export interface SpeedscopeFile {
  $schema: 'https://www.speedscope.app/file-format-schema.json';
  shared: { frames: SpeedscopeFrame[] };
  profiles: { type: 'evented'; name: string; unit: 'milliseconds'; startValue: number; endValue: number; events: SpeedscopeEvent[] }[];
  name: string;
  activeProfileIndex: number;
  exporter: string;
}

export function exportSpeedscope(profile: Profile, name = 'CPU profile'): SpeedscopeFile {
  const t = callNodeTable(profile);
  const frames: SpeedscopeFrame[] = profile.frames.map((f) => {
    const out: SpeedscopeFrame = { name: f.name };
    if (f.url) out.file = displayFile(f.url);
    if (f.line > 0) out.line = f.line;
    if (f.column > 0) out.col = f.column;
    return out;
  });
  const events: SpeedscopeEvent[] = [];
  let open = 0; // call node whose stack is open (0 = nothing open)
  let at = 0;
  const opening: number[] = [];
  for (let s = 0; s < profile.samples.length; s++) {
    const w = profile.weightsMs[s];
    if (w <= 0) continue;
    const target = t.nodeToCallNode[profile.samples[s]];
    if (target !== open) {
      // Lowest common ancestor by depth; close up to it, then open down to target.
      let a = open;
      let b = target;
      opening.length = 0;
      while (t.depth[b] > t.depth[a]) { opening.push(b); b = t.parent[b]; }
      while (t.depth[a] > t.depth[b]) { events.push({ type: 'C', frame: t.frame[a], at }); a = t.parent[a]; }
      while (a !== b) {
        events.push({ type: 'C', frame: t.frame[a], at });
        a = t.parent[a];
        opening.push(b);
        b = t.parent[b];
      }
      for (let k = opening.length - 1; k >= 0; k--) events.push({ type: 'O', frame: t.frame[opening[k]], at });
      open = target;
    }
    at += w;
  }
  for (let a = open; a > 0; a = t.parent[a]) events.push({ type: 'C', frame: t.frame[a], at });
  return {
    $schema: 'https://www.speedscope.app/file-format-schema.json',
    shared: { frames },
    profiles: [{ type: 'evented', name, unit: 'milliseconds', startValue: 0, endValue: at, events }],
    name,
    activeProfileIndex: 0,
    exporter: 'flambe',
  };
}
