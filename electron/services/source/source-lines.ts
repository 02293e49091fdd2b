// The text of a recording's hot lines, read from the target once the profile
// is stopped (shared/profile/lines.ts says why: JSON.parse, JSON.stringify and
// regex builtins have no frames, but the line that called them does).
//
// Only lines that samples landed on are kept (the hottest MAX_LINES), cut to
// MAX_LINE_TEXT characters (storedLineText), and stored as the profile's
// sourceLines addition (shared/recording/profile-extras.ts) — other tools ignore it.
import { lineBucket, storedLineText } from '../../../shared/profile/lines.ts';
import { addExtras } from '../../../shared/recording/profile-extras.ts';
import { regexDefinedOnLine, regexOnLine } from '../../../shared/verdict/regex-source.ts';

export const MAX_LINES = 2000;

interface RawNode {
  callFrame?: { url?: unknown; scriptId?: unknown };
  positionTicks?: unknown;
}

export interface ScriptLines {
  scriptId: string;
  url: string;
  lines: number[];
}

/** The scripts and lines worth reading: the hottest lines with a script id and a URL. */
export function hotLinesToRead(profile: unknown, maxLines = MAX_LINES): ScriptLines[] {
  const nodes = (profile as { nodes?: unknown } | null)?.nodes;
  if (!Array.isArray(nodes)) return [];
  const ticks = new Map<string, { scriptId: string; url: string; line: number; ticks: number }>();
  for (const node of nodes as RawNode[]) {
    const url = node?.callFrame?.url;
    const scriptId = node?.callFrame?.scriptId;
    if (typeof url !== 'string' || url === '' || (typeof scriptId !== 'string' && typeof scriptId !== 'number') || String(scriptId) === '0') continue;
    if (!Array.isArray(node.positionTicks)) continue;
    for (const pt of node.positionTicks as { line?: unknown; ticks?: unknown }[]) {
      if (typeof pt?.line !== 'number' || typeof pt.ticks !== 'number' || pt.ticks <= 0) continue;
      const key = `${scriptId}:${pt.line}`;
      const entry = ticks.get(key);
      if (entry) entry.ticks += pt.ticks;
      else ticks.set(key, { scriptId: String(scriptId), url, line: pt.line, ticks: pt.ticks });
    }
  }
  const hottest = [...ticks.values()].sort((a, b) => b.ticks - a.ticks).slice(0, maxLines);
  const byScript = new Map<string, ScriptLines>();
  for (const h of hottest) {
    let s = byScript.get(h.scriptId);
    if (!s) byScript.set(h.scriptId, (s = { scriptId: h.scriptId, url: h.url, lines: [] }));
    s.lines.push(h.line);
  }
  for (const s of byScript.values()) s.lines.sort((a, b) => a - b);
  return [...byScript.values()];
}

/** { url: { line: text } } from the scripts' sources (a script whose source could not be read is left out). */
export function sourceLinesOf(wanted: ScriptLines[], sources: ReadonlyMap<string, string>): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const s of wanted) {
    const source = sources.get(s.scriptId);
    if (source === undefined) continue;
    const lines = source.split(/\r?\n/);
    for (const line of s.lines) {
      const text = lines[line - 1];
      if (text === undefined || text.trim() === '') continue;
      (out[s.url] ??= {})[String(line)] = storedLineText(text);
      const definition = regexDefinitionLine(lines, line);
      if (definition > 0) out[s.url][String(definition)] = storedLineText(lines[definition - 1]);
    }
  }
  return out;
}

/**
 * A hot line that runs a regex by name (`fragileEmail.test(input)`) does not
 * show the pattern; the ReDoS check needs it (shared/verdict/regex-source.ts).
 * The line that defines that name: the nearest above the hot line, else below; 0 when none.
 */
export function regexDefinitionLine(lines: readonly string[], line: number): number {
  const text = lines[line - 1];
  if (text === undefined || lineBucket(text) !== 'regex') return 0;
  const found = regexOnLine(text);
  if (!found || !('identifier' in found)) return 0;
  const id = found.identifier;
  for (let i = line - 2; i >= 0; i--) if (lines[i].includes(id) && regexDefinedOnLine(lines[i], id)) return i + 1;
  for (let i = line; i < lines.length; i++) if (lines[i].includes(id) && regexDefinedOnLine(lines[i], id)) return i + 1;
  return 0;
}

/**
 * Reads the hot lines' text with `readSources` (script id → source) and adds it
 * to the profile object. A failure only means the profile goes without them.
 */
export async function addSourceLines(profile: unknown, readSources: (scriptIds: string[]) => Promise<Map<string, string>>): Promise<number> {
  const wanted = hotLinesToRead(profile);
  if (wanted.length === 0) return 0;
  let sources: Map<string, string>;
  try {
    sources = await readSources(wanted.map((s) => s.scriptId));
  } catch {
    return 0;
  }
  const lines = sourceLinesOf(wanted, sources);
  const count = Object.values(lines).reduce((n, l) => n + Object.keys(l).length, 0);
  if (count > 0) addExtras(profile as object, { sourceLines: lines });
  return count;
}
