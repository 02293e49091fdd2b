// A recording keeps the text of its hot lines — and, for a hot line that runs
// a regex by name, the line that defines it (the ReDoS check needs the pattern).
import { describe, expect, it } from 'vitest';
import { regexDefinitionLine, sourceLinesOf } from '../../../electron/services/source/source-lines.ts';

const SOURCE = [
  "'use strict';",
  'const fragileEmail = /^([a-zA-Z0-9]+)*@example\\.com$/;',
  'function regexRoute(req, res) {',
  '  const ok = fragileEmail.test(input);',
  "  send(res, 200, 'text/plain', 'Routes: /hello /regex');",
  '}',
].join('\n');

describe('regex definitions', () => {
  it('finds the line that defines the regex a hot line runs', () => {
    const lines = SOURCE.split('\n');
    expect(regexDefinitionLine(lines, 4)).toBe(2);
    expect(regexDefinitionLine(lines, 5)).toBe(0);
  });

  it('stores that line next to the hot one', () => {
    const out = sourceLinesOf([{ scriptId: '7', url: 'file:///app/server.js', lines: [4] }], new Map([['7', SOURCE]]));
    expect(out).toEqual({ 'file:///app/server.js': { '2': 'const fragileEmail = /^([a-zA-Z0-9]+)*@example\\.com$/;', '4': 'const ok = fragileEmail.test(input);' } });
  });
});
