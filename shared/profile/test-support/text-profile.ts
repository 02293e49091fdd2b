// Profiles from a tiny text format, and trees printed as text — so tests read
// like the domain (after Firefox Profiler's getProfileFromTextSamples and its
// printed call trees).
//
// Each column is one sample, read top-down from the outermost frame:
//
//   main      main      main      (idle)
//   handle    handle    log[node:internal/console/constructor]
//   parse               write[native]
//
// A name may carry where it lives in brackets:
//   name[file.js:12]    your code, file:///app/file.js, line 12
//   name[node_modules/express/lib/router.js:3]
//   name[node:fs]       Node internals (any URL with a scheme is kept as is)
//   name[native]        native code (no URL)
//   name[flambe-request-collector.js]   Flambé's request collector (its script has no scheme; so for flambe-output-counter.js)
// Without brackets a name is a function of file:///app/app.js, at a line of
// its own (the order in which names first appear). (idle), (program) and
// (gc) — short for (garbage collector) — are V8's meta nodes. Every sample weighs 1 ms unless
// `weightsMs` says otherwise. `leafLines` gives each sample the line its leaf
// function was on (V8's positionTicks), `sourceLines` the text of lines.
import { importCpuProfile, type CpuProfile, type CpuProfileFile, type CpuProfileNode } from '../import/cpuprofile.ts';
import { joinProfile } from '../../recording/profile-extras.ts';
import { isFlambeUrl } from '../classify.ts';
import type { Profile } from '../model.ts';

export interface TextProfileOptions {
  /** One weight per sample (ms), or one for all. Default 1. */
  weightsMs?: number | number[];
  startTimeUs?: number;
  /** For each sample, the line (1-based, in its script) its leaf function was on: becomes V8's positionTicks. 0 = none. */
  leafLines?: number[];
  /** Source text of lines, { url: { line: text } } (Flambé's sourceLines addition). */
  sourceLines?: Record<string, Record<string, string>>;
}

const META = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

/** Columns start where the first row's names start; a name below belongs to the nearest column start. */
function parseColumns(text: string): string[][] {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) return [];
  const indent = Math.min(...lines.map((l) => l.length - l.trimStart().length));
  const tokens = (row: string) => [...row.slice(indent).matchAll(/\S+/g)].map((m) => ({ at: m.index, text: m[0] }));
  const starts = tokens(lines[0]).map((t) => t.at);
  const columns: string[][] = starts.map(() => []);
  const ended = starts.map(() => false);
  for (const line of lines) {
    const cells: (string | undefined)[] = starts.map(() => undefined);
    for (const t of tokens(line)) {
      let best = 0;
      for (let k = 1; k < starts.length; k++) if (Math.abs(starts[k] - t.at) < Math.abs(starts[best] - t.at)) best = k;
      cells[best] = t.text;
    }
    cells.forEach((cell, k) => {
      if (cell === undefined) ended[k] = true;
      else if (!ended[k]) columns[k].push(cell);
    });
  }
  return columns;
}

function callFrameOf(token: string, lineOf: (name: string) => number): CpuProfileNode['callFrame'] {
  const m = /^(.*?)(?:\[(.*)\])?$/.exec(token)!;
  const name = m[1] === '(gc)' ? '(garbage collector)' : m[1];
  const where = m[2];
  const frame = (url: string, line: number) => ({ functionName: name, scriptId: '0', url, lineNumber: line - 1, columnNumber: line > 0 ? 0 : -1 });
  if (META.has(name) || where === 'native') return frame('', 0);
  if (where === undefined) return frame('file:///app/app.js', lineOf(name));
  if (isFlambeUrl(where)) return frame(where, 0);
  const lm = /^(.*?)(?::(\d+))?$/.exec(where)!;
  const url = /^[a-z]+:/.test(lm[1]) ? lm[1] : `file:///app/${lm[1]}`;
  return frame(url, lm[2] ? Number(lm[2]) : 0);
}

/** The .cpuprofile (as V8 would write it) for a text profile. */
export function cpuProfileFromText(text: string, opts: TextProfileOptions = {}): CpuProfileFile {
  const columns = parseColumns(text);
  const lines = new Map<string, number>();
  const lineOf = (name: string) => {
    if (!lines.has(name)) lines.set(name, lines.size + 1);
    return lines.get(name)!;
  };
  const nodes: CpuProfileNode[] = [{ id: 1, callFrame: { functionName: '(root)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 }, hitCount: 0, children: [] }];
  const childByToken = new Map<string, number>();
  const samples: number[] = [];
  for (const stack of columns) {
    let node = 1;
    for (const token of stack) {
      const key = `${node}\u0000${token}`;
      let id = childByToken.get(key);
      if (id === undefined) {
        id = nodes.length + 1;
        nodes.push({ id, callFrame: callFrameOf(token, lineOf), hitCount: 0 });
        (nodes[node - 1].children ??= []).push(id);
        childByToken.set(key, id);
      }
      node = id;
    }
    nodes[node - 1].hitCount! += 1;
    const line = opts.leafLines?.[samples.length] ?? 0;
    if (line > 0) {
      const ticks = (nodes[node - 1].positionTicks ??= []);
      const at = ticks.find((t) => t.line === line);
      if (at) at.ticks++;
      else ticks.push({ line, ticks: 1 });
    }
    samples.push(node);
  }
  const w = opts.weightsMs ?? 1;
  const weightUs = (i: number) => Math.round((Array.isArray(w) ? w[i] : w) * 1000);
  const startTime = opts.startTimeUs ?? 1_000_000;
  const timeDeltas = samples.map((_, i) => (i === 0 ? 0 : weightUs(i - 1)));
  const endTime = startTime + timeDeltas.reduce((a, b) => a + b, 0) + (samples.length ? weightUs(samples.length - 1) : 0);
  const v8: CpuProfile = { nodes, startTime, endTime, samples, timeDeltas };
  // The last sample weighs what weightsMs says, not the mean interval the
  // timing rule would give it (as Flambé's own export states it).
  const lastSampleUs = samples.length && Array.isArray(w) ? weightUs(samples.length - 1) : undefined;
  return joinProfile(v8, { sourceLines: opts.sourceLines, lastSampleUs });
}

/** A model built through the real importer (so the timing rules apply). */
export function profileFromText(text: string, opts: TextProfileOptions = {}): Profile {
  return importCpuProfile(cpuProfileFromText(text, opts));
}

const fmt = (ms: number) => String(Number(ms.toFixed(3)));

interface PrintableNode { name: string; children: PrintableNode[] }

/**
 * Prints a tree one node per line, two spaces per level:
 *   - main (total 3, self 0)
 *     - handle (total 2, self 2)
 * Works on flame trees (value/selfMs), call trees (totalMs/selfMs) and diff
 * flame trees (value/delta); `describe` overrides the numbers.
 */
export function formatTree<T extends PrintableNode>(root: T, describe?: (n: T) => string): string {
  const d = describe ?? ((n: T) => {
    const x = n as unknown as Record<string, number>;
    if ('delta' in x) return `self ${fmt(x.value)}, delta ${fmt(x.delta)}`;
    return `total ${fmt(x.totalMs ?? x.value)}, self ${fmt(x.selfMs)}`;
  });
  const out: string[] = [];
  const stack: [T, number][] = [[root, 0]];
  while (stack.length) {
    const [n, depth] = stack.pop()!;
    out.push(`${'  '.repeat(depth)}- ${n.name} (${d(n)})`);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push([n.children[i] as T, depth + 1]);
  }
  return out.join('\n');
}

/** Prints rows (bottom-up, diff, categories…) as "name: a, b" lines. */
export function formatRows<T>(rows: readonly T[], line: (row: T) => string): string {
  return rows.map(line).join('\n');
}

export { fmt as formatMs };
