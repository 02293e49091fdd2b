// JSON text → value, with messages a user understands when the file is
// broken (cut off, not JSON, empty).
//
// Why no hand-written fast path for the big number arrays (samples,
// timeDeltas)? We wrote one and measured it (bench/analysis.js, Node 24):
// V8's JSON.parse reads an array of small integers about twice as fast as the
// tightest charCodeAt loop we could write, so scanning them ourselves made
// opening a 100 MB profile slower, not faster. The time goes into what comes
// after parsing instead (build.ts, timing.ts: typed arrays, one pass each).
import { ProfileFormatError } from './errors.ts';

/** Parses JSON text; a broken file becomes a ProfileFormatError that says what is wrong. */
export function parseJsonText(text: string): unknown {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a BOM some editors write
  try {
    return JSON.parse(text);
  } catch (e) {
    throw jsonError(text, e);
  }
}

function jsonError(text: string, e: unknown): ProfileFormatError {
  const detail = e instanceof Error ? e.message : String(e);
  if (text.trim() === '') return new ProfileFormatError('The file is empty.');
  const at = /position (\d+)/.exec(detail);
  if (/end of (JSON )?input/i.test(detail) || (at && Number(at[1]) >= text.trimEnd().length)) {
    return new ProfileFormatError('The file ends in the middle of the data: it looks cut off (was it copied or saved completely?).');
  }
  return new ProfileFormatError(`The file is not valid JSON: ${detail.replace(/^JSON\.parse: /, '')}.`.replace(/\.\.$/, '.'));
}
