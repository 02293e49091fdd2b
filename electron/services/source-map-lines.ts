// Hot lines of TypeScript and bundled code, in the original file: V8's
// positionTicks name lines of the script that ran (dist/work.js:17); the
// source map says which line of src/work.ts that is, and the original text
// comes from the map's sourcesContent or the file it names. Stored as
// `flambeOriginalLines` (shared/profile/original-frames.ts), the original
// lines' text beside the generated lines' in `flambeSourceLines`.
//
// A generated line is mapped only when every mapping segment on it points to
// one original line: a minified bundle's line holds many original lines, and
// which of them took the time is unknown (its ticks stay on the generated line).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { decodedMappings, sourceContentFor, type TraceMap } from '@jridgewell/trace-mapping';
import { SOURCE_LINES_FIELD, storedLineText } from '../../shared/profile/lines.ts';
import { ORIGINAL_LINES_FIELD, type OriginalLinesJson } from '../../shared/profile/original-frames.ts';
import { hotLinesToRead, regexDefinitionLine } from './source-lines.ts';

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

async function originalSource(map: TraceMap, url: string): Promise<string[] | null> {
  let text = sourceContentFor(map, url);
  if (text === null && url.startsWith('file:')) text = await readFile(fileURLToPath(url), 'utf8').catch(() => null);
  return text === null ? null : text.split(/\r?\n/);
}

/**
 * Adds `flambeOriginalLines` and the original lines' text to a .cpuprofile
 * object (in place), for the hot lines (source-lines.ts's choice) of every
 * script `mapOf` has a map for. Returns how many lines were mapped.
 */
export async function addOriginalLines(profile: unknown, mapOf: (url: string) => Promise<TraceMap | null>): Promise<number> {
  const table: OriginalLinesJson = {};
  const texts = ((profile as Record<string, unknown>)[SOURCE_LINES_FIELD] ?? {}) as Record<string, Record<string, string>>;
  const sources = new Map<string, Promise<string[] | null>>();
  let count = 0;
  for (const script of hotLinesToRead(profile)) {
    const map = await mapOf(script.url).catch(() => null);
    if (!map) continue;
    for (const line of script.lines) {
      const original = originalLineOf(map, line);
      if (!original) continue;
      (table[script.url] ??= {})[String(line)] = original;
      count++;
      const [url, oLine] = original;
      if (texts[url]?.[String(oLine)] !== undefined) continue;
      let source = sources.get(url);
      if (!source) sources.set(url, (source = originalSource(map, url)));
      const lines = await source;
      const text = lines?.[oLine - 1];
      if (!lines || text === undefined || text.trim() === '') continue;
      (texts[url] ??= {})[String(oLine)] = storedLineText(text);
      // The line that defines a regex the hot line runs by name (the ReDoS check reads its pattern).
      const definition = regexDefinitionLine(lines, oLine);
      if (definition > 0) texts[url][String(definition)] = storedLineText(lines[definition - 1]);
    }
  }
  if (count === 0) return 0;
  (profile as Record<string, unknown>)[ORIGINAL_LINES_FIELD] = table;
  if (Object.keys(texts).length) (profile as Record<string, unknown>)[SOURCE_LINES_FIELD] = texts;
  return count;
}
