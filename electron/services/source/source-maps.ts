// TypeScript and bundled code: each profiled script's source map (its
// sourceMappingURL from Debugger.scriptParsed — an inline data: URL, or a
// file beside the script) maps every frame of the profile to its original
// file, line and name (@jridgewell/trace-mapping). The result is stored in
// the profile as its originalFrames addition (shared/recording/profile-extras.ts),
// so it travels with the recording, its export and its re-import; the
// generated location stays in the profile's call frames. The hot lines of
// mapped scripts are mapped too (source-map-lines.ts).
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LEAST_UPPER_BOUND, originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { addExtras, type OriginalFrames } from '../../../shared/recording/profile-extras.ts';
import { addOriginalLines, type ScriptShape } from './source-map-lines.ts';

/** Past this, a source map is not read (a bundle's map of many MB would slow the end of a recording). */
const MAX_MAP_BYTES = 50 << 20;

async function loadMap(scriptUrl: string, mapUrl: string): Promise<TraceMap | null> {
  try {
    if (mapUrl.startsWith('data:')) {
      const comma = mapUrl.indexOf(',');
      const meta = mapUrl.slice(5, comma);
      const body = mapUrl.slice(comma + 1);
      const text = meta.endsWith(';base64') ? Buffer.from(body, 'base64').toString('utf8') : decodeURIComponent(body);
      return new TraceMap(text, scriptUrl);
    }
    const base = scriptUrl.startsWith('file:') ? scriptUrl : /^([a-z]:)?[\\/]/i.test(scriptUrl) ? pathToFileURL(scriptUrl).href : null;
    if (!base) return null; // a script without a file (eval, node: internals)
    const url = new URL(mapUrl, base);
    if (url.protocol !== 'file:') return null; // never fetch from the network
    const text = await readFile(fileURLToPath(url), 'utf8');
    if (text.length > MAX_MAP_BYTES) return null;
    return new TraceMap(text, url.href);
  } catch {
    return null; // no map, or a broken one: the generated location stays
  }
}

/** Each script's source map, loaded once when first asked for (null: none, or one that cannot be read). */
export function mapLoader(sourceMapUrls: ReadonlyMap<string, string>): (url: string) => Promise<TraceMap | null> {
  const maps = new Map<string, Promise<TraceMap | null>>();
  return (url) => {
    const mapUrl = sourceMapUrls.get(url);
    if (!mapUrl) return Promise.resolve(null);
    let map = maps.get(url);
    if (!map) maps.set(url, (map = loadMap(url, mapUrl)));
    return map;
  };
}

interface CallFrameJson { functionName?: string; url?: string; lineNumber?: number; columnNumber?: number }

/**
 * Adds the originalFrames addition to a .cpuprofile object (in place) for every
 * frame whose script has a source map. Returns how many frames were mapped.
 * `shapesOf`: the scripts as they ran, for lines that hold many original lines.
 */
export async function addOriginalFrames(
  profile: unknown,
  sourceMapUrls: ReadonlyMap<string, string>,
  shapesOf?: (scriptIds: string[]) => Promise<Map<string, ScriptShape>>,
): Promise<number> {
  const nodes = (profile as { nodes?: { callFrame?: CallFrameJson }[] } | null)?.nodes;
  if (!Array.isArray(nodes) || sourceMapUrls.size === 0) return 0;
  const mapOf = mapLoader(sourceMapUrls);
  const table: OriginalFrames = {};
  let mapped = 0;
  for (const node of nodes) {
    const cf = node.callFrame;
    if (!cf?.url || typeof cf.lineNumber !== 'number' || cf.lineNumber < 0) continue;
    if (!sourceMapUrls.has(cf.url)) continue;
    const key = `${cf.url}\u0000${cf.lineNumber + 1}\u0000${(cf.columnNumber ?? -1) + 1}`;
    if (key in table) continue;
    const tm = await mapOf(cf.url);
    if (!tm) continue;
    // V8's call frame is where the function starts; look for the nearest mapping at or after it.
    let pos = originalPositionFor(tm, { line: cf.lineNumber + 1, column: Math.max(0, cf.columnNumber ?? 0) });
    if (pos.source === null) pos = originalPositionFor(tm, { line: cf.lineNumber + 1, column: Math.max(0, cf.columnNumber ?? 0), bias: LEAST_UPPER_BOUND });
    if (pos.source === null || pos.line === null) continue;
    table[key] = [pos.source, pos.line, (pos.column ?? -1) + 1, pos.name ?? null];
    mapped++;
  }
  if (mapped) {
    addExtras(profile as object, { originalFrames: table });
    await addOriginalLines(profile, mapOf, shapesOf);
  }
  return mapped;
}
