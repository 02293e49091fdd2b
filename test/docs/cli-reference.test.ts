// The CLI reference in docs/ is what `--help` prints: regenerate it
// (`npm run docs:cli`) when a command's help changes, or this fails.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliReference, commandNames, referencePath } from '../../scripts/cli-reference.ts';

describe('docs/cli-reference.md', () => {
  it('is the CLI’s own --help, every command', () => {
    const generated = cliReference();
    expect(readFileSync(referencePath, 'utf8'), 'docs/cli-reference.md is older than the CLI: run `npm run docs:cli`').toBe(generated);
  }, 60_000);

  it('reads the command list from the overview', () => {
    const overview = 'Usage: flambe <command> [options]\n\nCommands:\n  record     launch…\n  diff       compare…\n\nRun "flambe <command> --help" for a command\'s options.\n';
    expect(commandNames(overview)).toEqual(['record', 'diff']);
  });
});
