// Where a frame's code comes from, in words a student knows: your code, a
// dependency (by package), Node internals, V8 and native code, or one of V8's
// meta states (GC, idle, program). Pure string rules over the frame's URL.
import type { Frame } from './model.ts';

export type CategoryKind = 'user' | 'dependency' | 'node' | 'native' | 'gc' | 'idle' | 'program';

export interface FrameClass {
  kind: CategoryKind;
  /** The npm package for dependencies ('' otherwise). */
  packageName: string;
}

export const CATEGORY_LABELS: Record<CategoryKind, string> = {
  user: 'your code',
  dependency: 'dependencies',
  node: 'Node internals',
  native: 'V8 and native',
  gc: 'garbage collection',
  idle: 'idle',
  program: 'program',
};

/** A category's name at the start of a label or a legend entry: "Your code", "V8 and native". */
export function categoryTitle(kind: CategoryKind): string {
  const label = CATEGORY_LABELS[kind];
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** What each category means, for tooltips and the README. */
export const CATEGORY_HELP: Record<CategoryKind, string> = {
  user: 'JavaScript in your own files',
  dependency: 'JavaScript in node_modules',
  node: "Node's own JavaScript (node:fs, node:http, streams…)",
  native: 'C++ and compiled code without a JavaScript file: V8 builtins, regular expressions, Node bindings',
  gc: 'V8 freeing memory your program no longer uses',
  idle: 'waiting for work (the event loop had nothing to run)',
  program: 'V8 and Node busy outside any JavaScript function (compiling, bookkeeping)',
};

/**
 * What a row that is not a function of anyone's code says in place of its
 * file:line — (program) and (garbage collector) are V8's own work, listed
 * among functions in Compare's tables, the CLI and the report: said as such,
 * so a student does not take them for code to change. Null for code.
 */
export function notCodeWords(kind: CategoryKind): string | null {
  return kind === 'program' || kind === 'gc' ? `not a function — ${CATEGORY_HELP[kind]}` : null;
}

/** "express" for …/node_modules/express/lib/router.js, "@scope/pkg" for scoped packages; '' when not in node_modules. */
export function packageName(url: string): string {
  const at = Math.max(url.lastIndexOf('/node_modules/'), url.lastIndexOf('\\node_modules\\'));
  if (at < 0) return '';
  const rest = url.slice(at + '/node_modules/'.length).split(/[/\\]/);
  const name = rest[0].startsWith('@') && rest.length > 1 ? `${rest[0]}/${rest[1]}` : rest[0];
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

// Node's own modules: node:fs, node:internal/… (Node ≥ 16); internal/… and
// bare fs.js / _http_server.js (Node ≤ 14 wrote them without a scheme).
const OLD_NODE_URL = /^(internal\/|[a-z_]+\.js$)/;

/**
 * The script name of the request collector, which wraps `fetch` and socket
 * writes in the target (electron/services/request-time/request-collector.ts). Its
 * frames stay in the profile — the user's fetch runs under them — but they are
 * Flambé's, not the user's: counted with Node's own code, so no finding blames
 * "fetch" with the collector's line. Its own work, with what it calls, is one
 * frame no table names (collector-work.ts).
 */
export const COLLECTOR_URL = 'flambe-request-collector.js';

/**
 * The script name of the output counter, which wraps process.stdout/stderr
 * during the burst (electron/services/targets/output-counter.ts): every write
 * to them, and the stream's own flush of what was buffered, runs under one of
 * its frames wherever it runs — so a write the pipe finished later, outside
 * the console.log that made it, is still logging (buckets.ts).
 */
export const OUTPUT_COUNTER_URL = 'flambe-output-counter.js';

/**
 * The output counter's functions that only ever run a write to stdout/stderr
 * (the stream's write, its own writes and their callback, a write to fd 1 or
 * 2): logging in buckets.ts. Its wrapper of fs.write/fs.writeSync runs every
 * write of the process, to any file: that one is no kind of work by itself.
 */
export const STDIO_WRITE_FRAMES = {
  streamWrite: 'flambeCountedWrite', ownWrite: 'flambeStdioWrite', written: 'flambeStdioWritten', fdWrite: 'flambeStdioFsWrite',
} as const;

export function isNodeInternal(url: string): boolean {
  // Flambé's wrappers around the user's fetch, socket writes and stdout: runtime work done on their behalf, like Node's.
  return url.startsWith('node:') || OLD_NODE_URL.test(url) || isFlambeUrl(url);
}

/** A script Flambé runs in the target (the request collector, the output counter's wrappers): never the user's code. */
export function isFlambeUrl(url: string): boolean {
  return url === COLLECTOR_URL || url === OUTPUT_COUNTER_URL;
}

export function classifyFrame(frame: Frame): FrameClass {
  switch (frame.kind) {
    case 'gc': return { kind: 'gc', packageName: '' };
    case 'idle': return { kind: 'idle', packageName: '' };
    case 'program':
    case 'root': return { kind: 'program', packageName: '' };
    case 'native': return { kind: 'native', packageName: '' };
  }
  const url = frame.url;
  if (url.startsWith('wasm://')) return { kind: 'native', packageName: '' };
  if (isNodeInternal(url)) return { kind: 'node', packageName: '' };
  const pkg = packageName(url);
  return pkg ? { kind: 'dependency', packageName: pkg } : { kind: 'user', packageName: '' };
}

/** The label of a frame's category: a dependency is named by its package. */
export function categoryLabel(c: FrameClass): string {
  return c.kind === 'dependency' ? c.packageName : CATEGORY_LABELS[c.kind];
}
