// A sandboxed preload can require nothing but `electron`: the bundle that
// scripts/build.js makes (one CommonJS file, electron external) must inline
// everything else — shared/api.ts's method list included.
import { build } from 'esbuild';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');

describe('the preload bundle', () => {
  it('is one CommonJS file that requires only electron', async () => {
    const out = await build({
      absWorkingDir: repo,
      entryPoints: ['electron/preload/preload.ts'],
      bundle: true,
      platform: 'node',
      target: 'node22',
      format: 'cjs',
      external: ['electron'],
      write: false,
      logLevel: 'silent',
    });
    expect(out.outputFiles).toHaveLength(1);
    const code = out.outputFiles[0].text;
    const required = [...code.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(new Set(['electron']));
    expect(code).toContain('flambe:invoke');
    expect(code).toContain('exposeInMainWorld');
  });
});
