// What the CLI prints goes through here: every row as one line (a newline in
// a function or recording name cannot fake a row), and on a terminal no
// control character from a profile or library reaches the terminal
// (shared/terminal-text.ts). Flambé's own progress line, and the launched
// script's own output, are written raw.

import { oneLine, safeLines } from '../../shared/terminal-text.ts';

type Write = NodeJS.WriteStream['write'];
const originals = new WeakMap<NodeJS.WriteStream, Write>();

/** Prints rows, one line each, whatever the text in them. */
export function printLines(stream: NodeJS.WriteStream, lines: readonly string[]): void {
  stream.write(lines.map(oneLine).join('\n') + '\n');
}

/**
 * On a terminal, every string written to `stream` has its control characters
 * (but newlines) shown as escapes. Not for pipes and files: there JSON and
 * converted profiles must stay byte for byte (JSON escapes controls itself).
 */
export function guardTerminal(stream: NodeJS.WriteStream): void {
  if (!stream.isTTY || originals.has(stream)) return;
  const write = stream.write.bind(stream) as Write;
  originals.set(stream, write);
  stream.write = ((chunk: unknown, ...rest: unknown[]) =>
    (write as (c: unknown, ...r: unknown[]) => boolean)(typeof chunk === 'string' ? safeLines(chunk) : chunk, ...rest)) as Write;
}

/** Writes as is, past the guard: Flambé's own escape sequences, the script's own output. */
export function writeRaw(stream: NodeJS.WriteStream, text: string): void {
  (originals.get(stream) ?? stream.write.bind(stream))(text);
}
