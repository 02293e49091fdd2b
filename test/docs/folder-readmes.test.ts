// Every folder with code says what lives there (and what it may import) in a
// README.md — its own, or its parent's naming it (`name/`): test fixtures and
// the fence's violation files are described together, one line each, where
// they are used; a fixture server is not a room of the app.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repo } from '../helpers/demo.ts';

const tracked = execFileSync('git', ['ls-files'], { cwd: repo, encoding: 'utf8' }).split('\n');
const codeFolders = [...new Set(tracked.filter((f) => /\.(ts|tsx|js|cjs|mjs)$/.test(f)).map((f) => path.dirname(f)))].filter((d) => d !== '.');

describe('folder READMEs', () => {
  it('every folder with code has one, or its parent’s README names it', () => {
    const ownReadme = (d: string) => existsSync(path.join(repo, d, 'README.md'));
    const namedByParent = (d: string) => {
      const readme = path.join(repo, path.dirname(d), 'README.md');
      return existsSync(readme) && readFileSync(readme, 'utf8').includes(`\`${path.basename(d)}/\``);
    };
    // A folder described by its parent takes its own sub-folders along (a fixture's src/).
    const covered = (d: string): boolean => ownReadme(d) || namedByParent(d) || (path.dirname(d) !== '.' && !ownReadme(path.dirname(d)) && covered(path.dirname(d)));
    const missing = codeFolders.filter((d) => !covered(d));
    expect(missing).toEqual([]);
  });
});
