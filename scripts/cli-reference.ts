// docs/cli-reference.md, written from what the built CLI prints for `--help`:
// the reference and the terminal cannot say different things, because the one
// is taken from the other (test/docs/cli-reference.test.ts fails when the file
// is older than the CLI). Run `npm run docs:cli` after changing a command's help.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const referencePath = path.join(root, 'docs/cli-reference.md');

function help(args: string[]): string {
  return execFileSync(process.execPath, [path.join(root, 'dist/node/cli.js'), ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

/** The command names, in the order `flambe --help` lists them. */
export function commandNames(overview: string): string[] {
  const list = overview.split('\n\nCommands:\n')[1]?.split('\n\n')[0] ?? '';
  return list.split('\n').map((l) => /^ {2}(\S+)/.exec(l)?.[1]).filter((n): n is string => Boolean(n));
}

export function cliReference(): string {
  const overview = help(['--help']);
  const names = commandNames(overview);
  const fence = (text: string) => ['```text', text.trimEnd(), '```'];
  return [
    '# CLI reference',
    '',
    '<!-- Written by `npm run docs:cli` from the CLI\'s own `--help` (scripts/cli-reference.ts); do not edit by hand. -->',
    '',
    'Every command, as `flambe <command> --help` prints it. What the commands are for, with examples: [CLI](cli.md).',
    '',
    '## flambe',
    '',
    ...fence(overview),
    ...names.flatMap((name) => ['', `## flambe ${name}`, '', ...fence(help([name, '--help']))]),
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(referencePath, cliReference());
  process.stdout.write(`wrote ${path.relative(root, referencePath)}\n`);
}
