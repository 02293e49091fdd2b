import { describe, expect, it } from 'vitest';
import { markInspectorLines } from './inspector-chatter.ts';

describe('markInspectorLines', () => {
  it("marks the inspector's own lines and keeps the script's, text unchanged", () => {
    const text = 'Debugger listening on ws://127.0.0.1:9229/abc\nFor help, see: https://nodejs.org/en/docs/inspector\nError: boom\nDebugger attached.\n  at x';
    const lines = markInspectorLines(text);
    expect(lines.map((l) => `${l.inspector ? 'inspector' : 'script'}: ${l.text.trim()}`)).toEqual([
      'inspector: Debugger listening on ws://127.0.0.1:9229/abc',
      'inspector: For help, see: https://nodejs.org/en/docs/inspector',
      'script: Error: boom',
      'inspector: Debugger attached.',
      'script: at x',
    ]);
    expect(lines.map((l) => l.text).join('')).toBe(text);
    expect(markInspectorLines('')).toEqual([]);
  });
});
