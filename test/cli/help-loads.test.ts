// `flambe <command> --help` must start about as fast as Node itself (issue 19
// item 6: ≤ 3× `node -e 0`, measured by `npm run bench:cli`). Timing is the
// bench's job; this test checks the cause: which of our modules a run loads.
// It runs the CLI from source (Node strips the types) with a load hook that
// lists every module, so a command that drags in the recorder, the schemas or
// the profile model for its help fails here by name.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repo } from '../helpers/demo.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-help-loads-'));
const hook = path.join(dir, 'hook.mjs');
writeFileSync(hook, `import { registerHooks } from 'node:module';
import { writeFileSync } from 'node:fs';
const seen = new Set();
registerHooks({ load(url, context, next) { seen.add(url); return next(url, context); } });
process.on('exit', () => writeFileSync(process.env.FLAMBE_LOADED_OUT, [...seen].join('\\n')));
`);

const COMMANDS = ['record', 'library', 'analyze', 'compare', 'diff', 'experiment', 'convert', 'sweep', 'overhead', 'report'];
const root = pathToFileURL(repo + path.sep).href;

/** The modules one CLI run loads: our files relative to the repository, packages as node_modules/<name>. */
function modulesLoadedBy(args: string[]): { files: string[]; stdout: string; code: number | null } {
  const out = path.join(dir, `${args.join('_').replace(/\W/g, '')}.txt`);
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(hook).href, path.join(repo, 'electron/cli/main.ts'), ...args], {
    cwd: repo, encoding: 'utf8', env: { ...process.env, FLAMBE_LOADED_OUT: out },
  });
  const files = readFileSync(out, 'utf8').split('\n').filter((u) => u.startsWith('file:'))
    .map((u) => (u.startsWith(root) ? u.slice(root.length) : u).replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, 'node_modules/$1'));
  return { files: [...new Set(files)], stdout: r.stdout, code: r.status };
}

describe('flambe <command> --help loads only its help text', () => {
  it.each(COMMANDS)('%s --help', (command) => {
    const { files, stdout, code } = modulesLoadedBy([command, '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage:/);
    expect(files.sort()).toEqual([
      'electron/cli/help/' + command + '-help.ts', 'electron/cli/main.ts', 'electron/cli/terminal.ts',
      'electron/services/errors.ts', 'shared/terminal-text.ts',
    ]);
  });

  it('-h after other flags, and a subcommand\'s --help, answer the same way', () => {
    expect(modulesLoadedBy(['sweep', '--url', 'http://127.0.0.1:1/', '-h']).files).not.toContain('electron/cli/sweep-command.ts');
    expect(modulesLoadedBy(['library', 'list', '--help']).files).not.toContain('electron/cli/library-command.ts');
  });

  it('a script\'s own --help after "--" is the script\'s, not flambe\'s', () => {
    const { files } = modulesLoadedBy(['record', '--bogus', '--', '--help']);
    expect(files).toContain('electron/cli/record-command.ts');
  });
});

describe('sweep and overhead share record\'s flags without its recorder', () => {
  it.each(['sweep', 'overhead', 'record'])('%s with a mistyped flag loads neither the recorder nor the record command', (command) => {
    const { files, code } = modulesLoadedBy([command, '--bogus']);
    expect(code).toBe(1);
    expect(files).not.toContain('electron/services/recording/recorder.ts');
    expect(files).not.toContain('electron/services/service.ts');
    if (command !== 'record') expect(files).not.toContain('electron/cli/record-command.ts');
  });
});
