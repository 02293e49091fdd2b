// `npm install` on an older Node says nothing about Flambé itself, and no
// dependency's install script runs unannounced (docs/development.md "What npm
// install prints"): package.json and the lockfile keep both true.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repo } from '../helpers/demo.ts';

const pkg = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(path.join(repo, 'package-lock.json'), 'utf8'));

describe('a quiet install', () => {
  it('asks only for the Node one starts from (18), the same in package.json and the lockfile', () => {
    expect(pkg.engines.node).toBe('>=18');
    expect(lock.packages[''].engines.node).toBe(pkg.engines.node);
  });

  it('names every dependency with an install script in allowScripts, and nothing else', () => {
    const withScripts = Object.entries(lock.packages as Record<string, { hasInstallScript?: boolean }>)
      .filter(([, p]) => p.hasInstallScript).map(([where]) => where.replace(/^.*node_modules\//, '')).sort();
    expect(Object.keys(pkg.allowScripts).sort()).toEqual(withScripts);
  });
});
