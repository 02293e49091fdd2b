// Original locations of frames (TypeScript, bundles), read from source maps
// at recording time (electron/services/source/source-maps.ts) and stored in the
// profile (its originalFrames addition, shared/recording/profile-extras.ts),
// so they survive export and re-import:
//   { "<url>\u0000<line>\u0000<column>": [originalUrl, line, column, name | null] }
// keyed by the generated location (1-based, as the model). Frames found in it
// show their original file, line and (when the map names it) function
// everywhere — flamegraph, tables, findings, diffs (which then match functions
// by original location, so a rebuild does not make every function "new");
// the generated location stays in `frame.generated`.
import { sourceLineKey, type Frame } from './model.ts';
import type { OriginalFrames, OriginalLines } from '../recording/profile-extras.ts';

export type OriginalFrameJson = OriginalFrames[string];

export const generatedKey = (url: string, line: number, column: number) => `${url}\u0000${line}\u0000${column}`;

/** The table from a file, keeping only well-formed entries; null when there is none. */
export function readOriginalFrames(raw: unknown): Map<string, OriginalFrameJson> | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const out = new Map<string, OriginalFrameJson>();
  for (const [key, v] of Object.entries(raw as Record<string, unknown>)) {
    if (!Array.isArray(v) || typeof v[0] !== 'string' || !Number.isInteger(v[1]) || !Number.isInteger(v[2])) continue;
    out.set(key, [v[0], v[1] as number, v[2] as number, typeof v[3] === 'string' ? v[3] : null]);
  }
  return out.size ? out : null;
}

/** A generated name that says nothing (a minifier's "a", "Yt"): the map's name is better. */
const meaningless = (name: string) => name === '(anonymous)' || name.length <= 2;

/** Frames with their original location (new objects; frames without one unchanged). */
export function mapFrames(frames: Frame[], table: ReadonlyMap<string, OriginalFrameJson>): Frame[] {
  return frames.map((f) => {
    if (f.kind !== 'js') return f;
    const o = table.get(generatedKey(f.url, f.line, f.column));
    if (!o) return f;
    return { ...f, name: o[3] && meaningless(f.name) ? o[3] : f.name, url: o[0], line: o[1], column: o[2], generated: { name: f.name, url: f.url, line: f.line, column: f.column } };
  });
}

// Hot lines of mapped code: V8's positionTicks give generated lines; the
// recording maps each one whose source-map segments all point to ONE original
// line (a minified line that holds many original lines stays generated: which
// of them took the time is unknown), and stores the original lines' text in
// sourceLines under the original URL (its originalLines addition):
//   { "<generated url>": { "<generated line>": [originalUrl, line] } }
// A generated line that holds many original lines is mapped function by
// function where the function's own part of it is one original line (tsx runs
// a .ts file as one line): those entries are keyed "<line>@<column of the
// function's start>" (electron/services/source/source-map-lines.ts).
/** The key of a function-by-function entry in the stored table: "<line>@<column>". */
export const functionLineField = (line: number, column: number) => `${line}@${column}`;

/** The model's key for it (sourceLineKey's shape, with the function's column). */
export const functionLineKey = (url: string, line: number, column: number) => `${functionLineField(line, column)}\u0000${url}`;

/** The table from a file, keyed by sourceLineKey(generated url, line); null when there is none. Malformed entries are skipped. */
export function readOriginalLines(raw: unknown): Map<string, [string, number]> | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const out = new Map<string, [string, number]>();
  for (const [url, lines] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof lines !== 'object' || lines === null || Array.isArray(lines)) continue;
    for (const [key, v] of Object.entries(lines as Record<string, unknown>)) {
      const [lineText, columnText] = key.split('@');
      const line = Number(lineText);
      const column = columnText === undefined ? null : Number(columnText);
      if (!Number.isInteger(line) || line <= 0 || (column !== null && (!Number.isInteger(column) || column <= 0))) continue;
      if (!Array.isArray(v) || typeof v[0] !== 'string' || !Number.isInteger(v[1]) || (v[1] as number) <= 0) continue;
      out.set(column === null ? sourceLineKey(url, line) : functionLineKey(url, line, column), [v[0], v[1] as number]);
    }
  }
  return out.size ? out : null;
}

/** The table as a file stores it (readOriginalLines reads it back). */
export function writeOriginalLines(table: ReadonlyMap<string, [string, number]>): OriginalLines {
  const out: OriginalLines = {};
  for (const [key, v] of table) {
    const cut = key.indexOf('\u0000');
    (out[key.slice(cut + 1)] ??= {})[key.slice(0, cut)] = [v[0], v[1]];
  }
  return out;
}
