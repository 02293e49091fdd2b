// The lines Node's inspector itself prints on a script's stderr ("Debugger
// listening on ws://…", "For help, see: …", "Debugger attached.") — Flambé's
// doing, not the script's: the launch leaves them out of the line that tells
// why a script failed, and the console shows them muted, not in the red of the
// script's own errors. One rule for both sides.
export const INSPECTOR_CHATTER = /Debugger (listening|attached|ending)|For help, see|Waiting for the debugger|^Node\.js v\d/;

/** One console chunk's text as lines (each with its line end), each marked when it is the inspector's. */
export function markInspectorLines(text: string): { text: string; inspector: boolean }[] {
  return (text.match(/[^\n]*\n|[^\n]+$/g) ?? []).map((line) => ({ text: line, inspector: INSPECTOR_CHATTER.test(line.trim()) }));
}
