import { describe, expect, it } from 'vitest';
import { ArgumentsError, splitArgs } from './shell-args.ts';

describe('splitArgs', () => {
  it('splits on any whitespace', () => {
    expect(splitArgs('  --port 3000\t--verbose\n x ')).toEqual(['--port', '3000', '--verbose', 'x']);
  });
  it('returns nothing for an empty field', () => {
    expect(splitArgs('')).toEqual([]);
    expect(splitArgs('   ')).toEqual([]);
  });
  it('keeps spaces inside quotes', () => {
    expect(splitArgs(`--name "My App" --dir 'C:\\Program Files'`)).toEqual(['--name', 'My App', '--dir', 'C:\\Program Files']);
  });
  it('joins quoted and unquoted parts of one word', () => {
    expect(splitArgs(`--title="a b"c 'x'"y"`)).toEqual(['--title=a bc', 'xy']);
  });
  it('keeps empty quoted arguments', () => {
    expect(splitArgs(`a '' "" b`)).toEqual(['a', '', '', 'b']);
  });
  it('honours backslash escapes', () => {
    expect(splitArgs(String.raw`a\ b "say \"hi\"" 'no \escape'`)).toEqual(['a b', 'say "hi"', 'no \\escape']);
  });
  it('keeps other backslashes inside double quotes', () => {
    expect(splitArgs(String.raw`"C:\temp\x"`)).toEqual([String.raw`C:\temp\x`]);
  });
  it('treats backslash-newline as a continuation', () => {
    expect(splitArgs('a \\\nb')).toEqual(['a', 'b']);
  });
  it('refuses an unclosed quote with a sentence', () => {
    expect(() => splitArgs(`--name "oops`)).toThrow(ArgumentsError);
    expect(() => splitArgs(`--name 'oops`)).toThrow(/never closed/);
  });
});
