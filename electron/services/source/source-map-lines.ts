// Hot lines of TypeScript and bundled code, in the original file: V8's
// positionTicks name lines of the script that ran (dist/work.js:17); the
// source map says which line of src/work.ts that is, and the original text
// comes from the map's sourcesContent or the file it names. Stored as
// the originalLines addition (shared/recording/profile-extras.ts), the original
// lines' text beside the generated lines' in sourceLines.
//
// A generated line is mapped only when every mapping segment on it points to
// one original line. A line that holds many original lines (a minified bundle,
// or tsx, which runs a whole .ts file as one line) is mapped function by
// function: the part of the line that is the function's own code (its extent
// from V8, nested functions left out) often is one original line — an arrow
// function in a .filter(), a one-line handler. Such entries are keyed
// "<line>@<function's column>". What stays ambiguous keeps its generated line.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { decodedMappings, sourceContentFor, type TraceMap } from '@jridgewell/trace-mapping';
import { storedLineText } from '../../../shared/profile/lines.ts';
import { functionLineField } from '../../../shared/profile/original-frames.ts';
import { addExtras, extraOf, type OriginalLines } from '../../../shared/recording/profile-extras.ts';
import { hotLinesToRead, regexDefinitionLine, type ScriptLines } from './source-lines.ts';

/** The original [url, line] of a generated line (1-based), when all its segments agree; null otherwise. */
export function originalLineOf(map: TraceMap, generatedLine: number): [string, number] | null {
  const segments = decodedMappings(map)[generatedLine - 1];
  if (!segments) return null;
  let source = -1;
  let line = -1;
  for (const seg of segments) {
    if (seg.length < 4) continue; // a segment that maps to nothing
    const [, s, l] = seg as readonly [number, number, number, number];
    if (source < 0) [source, line] = [s, l];
    else if (s !== source || l !== line) return null;
  }
  const url = source >= 0 ? map.resolvedSources[source] : null;
  return url ? [url, line + 1] : null;
}

/** A script as it ran: its source and the [start, end) offsets of its functions (V8's extents). */
export interface ScriptShape {
  source: string;
  functions: [number, number][];
}

/** Where each line of a script starts (offsets), once per script: a bundle's source can be megabytes. */
const lineStartsCache = new WeakMap<ScriptShape, number[]>();
function lineStartsOf(shape: ScriptShape): number[] {
  let starts = lineStartsCache.get(shape);
  if (!starts) {
    starts = [0];
    for (let i = shape.source.indexOf('\n'); i >= 0; i = shape.source.indexOf('\n', i + 1)) starts.push(i + 1);
    lineStartsCache.set(shape, starts);
  }
  return starts;
}

/**
 * The original [url, line] of the part of generated line `line` (1-based)
 * that is the own code of the function starting at fnLine:fnColumn (1-based):
 * the mapping segments inside its extent and outside its nested functions,
 * when they all point to one original line; null otherwise.
 */
export function functionLineOf(map: TraceMap, shape: ScriptShape, line: number, fnLine: number, fnColumn: number): [string, number] | null {
  const starts = lineStartsOf(shape);
  if (line > starts.length || fnLine > starts.length) return null;
  const at = starts[fnLine - 1] + fnColumn - 1;
  const size = (r: [number, number]) => r[1] - r[0];
  // The function's extent: the one that starts there, else the smallest that holds it.
  let own: [number, number] | null = null;
  for (const r of shape.functions) if (r[0] === at && (!own || size(r) < size(own))) own = r;
  if (!own) for (const r of shape.functions) if (r[0] <= at && at < r[1] && (!own || size(r) < size(own))) own = r;
  if (!own) return null;
  const fn = own;
  const nested = shape.functions.filter((r) => r[0] >= fn[0] && r[1] <= fn[1] && size(r) < size(fn));
  const segments = decodedMappings(map)[line - 1];
  if (!segments) return null;
  let source = -1;
  let original = -1;
  for (const seg of segments) {
    if (seg.length < 4) continue;
    const offset = starts[line - 1] + seg[0];
    if (offset < fn[0] || offset >= fn[1] || nested.some((r) => offset >= r[0] && offset < r[1])) continue;
    const [, s, l] = seg as readonly [number, number, number, number];
    if (source < 0) [source, original] = [s, l];
    else if (s !== source || l !== original) return null;
  }
  const url = source >= 0 ? map.resolvedSources[source] : null;
  return url ? [url, original + 1] : null;
}

/** For each generated line of a script: the functions (1-based line, column) whose ticks landed on it. */
function functionsOnLines(profile: unknown, scriptId: string): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  const nodes = (profile as { nodes?: unknown } | null)?.nodes;
  if (!Array.isArray(nodes)) return out;
  for (const node of nodes as { callFrame?: { scriptId?: unknown; lineNumber?: unknown; columnNumber?: unknown }; positionTicks?: unknown }[]) {
    const cf = node?.callFrame;
    if (!cf || String(cf.scriptId) !== scriptId || typeof cf.lineNumber !== 'number' || typeof cf.columnNumber !== 'number' || !Array.isArray(node.positionTicks)) continue;
    for (const pt of node.positionTicks as { line?: unknown }[]) {
      if (typeof pt?.line !== 'number') continue;
      let fns = out.get(pt.line);
      if (!fns) out.set(pt.line, (fns = new Set()));
      fns.add(`${cf.lineNumber + 1}:${cf.columnNumber + 1}`);
    }
  }
  return out;
}

async function originalSource(map: TraceMap, url: string): Promise<string[] | null> {
  let text = sourceContentFor(map, url);
  if (text === null && url.startsWith('file:')) text = await readFile(fileURLToPath(url), 'utf8').catch(() => null);
  return text === null ? null : text.split(/\r?\n/);
}

/**
 * Adds the originalLines addition and the original lines' text to a .cpuprofile
 * object (in place), for the hot lines (source-lines.ts's choice) of every
 * script `mapOf` has a map for. Returns how many lines were mapped.
 */
export async function addOriginalLines(
  profile: unknown,
  mapOf: (url: string) => Promise<TraceMap | null>,
  shapesOf: (scriptIds: string[]) => Promise<Map<string, ScriptShape>> = async () => new Map(),
): Promise<number> {
  const table: OriginalLines = {};
  const texts = extraOf(profile, 'sourceLines') ?? {};
  const sources = new Map<string, Promise<string[] | null>>();
  let count = 0;
  const keep = async (map: TraceMap, scriptUrl: string, field: string, original: [string, number]) => {
    (table[scriptUrl] ??= {})[field] = original;
    count++;
    const [url, oLine] = original;
    if (texts[url]?.[String(oLine)] !== undefined) return;
    let source = sources.get(url);
    if (!source) sources.set(url, (source = originalSource(map, url)));
    const lines = await source;
    const text = lines?.[oLine - 1];
    if (!lines || text === undefined || text.trim() === '') return;
    (texts[url] ??= {})[String(oLine)] = storedLineText(text);
    // The line that defines a regex the hot line runs by name (the ReDoS check reads its pattern).
    const definition = regexDefinitionLine(lines, oLine);
    if (definition > 0) texts[url][String(definition)] = storedLineText(lines[definition - 1]);
  };
  const unplaced: { script: ScriptLines; map: TraceMap; lines: number[] }[] = [];
  for (const script of hotLinesToRead(profile)) {
    const map = await mapOf(script.url).catch(() => null);
    if (!map) continue;
    const left: number[] = [];
    for (const line of script.lines) {
      const original = originalLineOf(map, line);
      if (original) await keep(map, script.url, String(line), original);
      else left.push(line);
    }
    if (left.length) unplaced.push({ script, map, lines: left });
  }
  // Lines that hold many original lines: function by function, from V8's extents.
  const shapes = unplaced.length ? await shapesOf(unplaced.map((u) => u.script.scriptId)).catch(() => new Map<string, ScriptShape>()) : new Map<string, ScriptShape>();
  for (const { script, map, lines } of unplaced) {
    const shape = shapes.get(script.scriptId);
    if (!shape) continue;
    const fnsOn = functionsOnLines(profile, script.scriptId);
    for (const line of lines) {
      for (const fn of fnsOn.get(line) ?? []) {
        const [fnLine, fnColumn] = fn.split(':').map(Number);
        const original = functionLineOf(map, shape, line, fnLine, fnColumn);
        if (original) await keep(map, script.url, functionLineField(line, fnColumn), original);
      }
    }
  }
  if (count === 0) return 0;
  addExtras(profile as object, { originalLines: table, ...(Object.keys(texts).length ? { sourceLines: texts } : {}) });
  return count;
}
