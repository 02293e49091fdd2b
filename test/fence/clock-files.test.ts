// vitest.config.ts runs the files that hold a figure to a clock measured apart one at a time, after the rest
// (CLOCK_FILES). A file there that moved would quietly join the parallel project, beside other load: every path
// in that list must name a test file that exists.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');

describe("vitest.config.ts's clock files", () => {
  it('names only test files that exist', () => {
    const config = readFileSync(path.join(repo, 'vitest.config.ts'), 'utf8');
    const list = /const CLOCK_FILES = \[([^\]]*)\]/.exec(config)?.[1] ?? '';
    // Comments in the list may hold an apostrophe: read the quoted paths of its code lines only.
    const code = list.split('\n').filter((line) => !line.trim().startsWith('//')).join('\n');
    const files = [...code.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => !existsSync(path.join(repo, f)))).toEqual([]);
  });
});
