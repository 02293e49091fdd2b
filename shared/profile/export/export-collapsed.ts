// Exporter to collapsed stacks, the input of Brendan Gregg's flamegraph.pl
// (and of speedscope, inferno, …): one line per distinct stack,
//   root-most;…;leaf-most <value>
// Frames are "name file:line" (or the bare name for native code). The value is
// self time in integer microseconds (flamegraph.pl sums and prints it as
// "samples"), or the sample count with { unit: 'samples' }.
import { callNodeTable } from '../call-nodes.ts';
import { frameLocation, type Profile } from '../model.ts';

export interface CollapsedOptions {
  unit?: 'us' | 'samples';
}

function label(name: string, location: string): string {
  const text = location ? `${name} ${location}` : name;
  // ';' separates frames and a newline ends the line: neither may appear in a frame.
  return text.replace(/;/g, ',').replace(/[\r\n]+/g, ' ');
}

export function exportCollapsed(profile: Profile, opts: CollapsedOptions = {}): string {
  const t = callNodeTable(profile);
  const value = new Float64Array(t.count);
  if (opts.unit === 'samples') {
    for (let s = 0; s < profile.samples.length; s++) value[t.nodeToCallNode[profile.samples[s]]] += 1;
  } else {
    for (let c = 0; c < t.count; c++) value[c] = Math.round(t.selfMs[c] * 1000);
  }
  const labels = profile.frames.map((f) => label(f.name, frameLocation(f)));
  // Preorder: a node's stack text is its parent's plus its own label.
  const stackText: string[] = new Array(t.count);
  stackText[0] = '';
  const lines: string[] = [];
  for (let c = 1; c < t.count; c++) {
    const p = t.parent[c];
    stackText[c] = p === 0 ? labels[t.frame[c]] : `${stackText[p]};${labels[t.frame[c]]}`;
    if (value[c] > 0) lines.push(`${stackText[c]} ${value[c]}`);
  }
  return lines.length ? lines.join('\n') + '\n' : '';
}
