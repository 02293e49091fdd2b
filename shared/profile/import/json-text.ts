// JSON text → value, with messages a user understands when the file is
// broken (cut off, not JSON, empty).
//
// Why no hand-written fast path for the big number arrays (samples,
// timeDeltas)? We wrote one and measured it (bench/analysis.js, Node 24):
// V8's JSON.parse reads an array of small integers about twice as fast as the
// tightest charCodeAt loop we could write, so scanning them ourselves made
// opening a 100 MB profile slower, not faster. The time goes into what comes
// after parsing instead (build.ts, timing.ts: typed arrays, one pass each).
import { ProfileFormatError } from '../format-error.ts';

/** Parses JSON text; a broken file becomes a ProfileFormatError that says what is wrong. */
export function parseJsonText(text: string): unknown {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a BOM some editors write
  try {
    return JSON.parse(text);
  } catch (e) {
    const repaired = unclosedTrace(text);
    if (repaired !== undefined) return repaired;
    throw jsonError(text, e);
  }
}

/**
 * A trace-event array without its closing "]" (with or without a trailing
 * comma): what a tracer writes when it stops without finishing the file, and
 * what Chrome's trace viewer accepts by spec ("the ] is optional"). Only for
 * a list of events that ends after a complete event.
 */
function unclosedTrace(text: string): unknown {
  const start = text.trimStart();
  if (!start.startsWith('[')) return undefined;
  const body = text.trimEnd().replace(/,$/, '');
  if (!body.endsWith('}')) return undefined;
  try {
    return JSON.parse(body + ']');
  } catch {
    return undefined;
  }
}

function jsonError(text: string, e: unknown): ProfileFormatError {
  const detail = e instanceof Error ? e.message : String(e);
  if (text.trim() === '') return new ProfileFormatError('The file is empty.');
  const at = /position (\d+)/.exec(detail);
  if (/end of (JSON )?input/i.test(detail) || (at && Number(at[1]) >= text.trimEnd().length)) {
    return new ProfileFormatError('The file ends in the middle of the data: it looks cut off (was it copied or saved completely?).');
  }
  // V8 quotes the text around the error: keep it only when it is printable.
  const said = hasUnprintable(detail) ? detail.replace(/,? ".*"(\.\.\.)? is not valid JSON/s, '').replace(/'[^']*'/, 'a character that is not text') : detail;
  return new ProfileFormatError(`The file is not valid JSON: ${said.replace(/^JSON\.parse: /, '')}.`.replace(/\.\.$/, '.'));
}

/** Control characters (other than whitespace) or U+FFFD: bytes that are not text. */
export function hasUnprintable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffd) return true;
  }
  return false;
}
