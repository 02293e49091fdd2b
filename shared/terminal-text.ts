// Text from profiles and libraries (function names, file paths, recording
// names, tags) printed safely in a terminal. A name may hold anything:
// ESC starts sequences that clear the screen or write the clipboard (OSC 52),
// a newline fakes a table row, a bidi override reverses what is read. Each
// such character is shown as an escape a reader can see ("\x1b", "\n",
// "\u202e") instead of being obeyed.

// C0 controls, DEL, C1 controls, and the Unicode bidi/direction marks.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
// eslint-disable-next-line no-control-regex
const CONTROLS_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function visible(c: string): string {
  const code = c.codePointAt(0)!;
  return NAMED[c] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
}

/** One row of terminal output: every control character (newlines too) shown as an escape. */
export function oneLine(text: string): string {
  return text.replace(CONTROLS, visible);
}

/** Terminal output of several lines: newlines kept, every other control character shown as an escape. */
export function safeLines(text: string): string {
  return text.replace(CONTROLS_BUT_NEWLINE, visible);
}
