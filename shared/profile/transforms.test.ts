// Transforms, as printed trees before and after (Firefox Profiler style).
import { categoryBreakdown } from './views/categories.ts';
import { describe, expect, it } from 'vitest';
import { buildFlameTree } from './views/flame.ts';
import type { Profile } from './model.ts';
import { formatTree, profileFromText } from './test-support/text-profile.ts';
import {
  applyTransforms, collapseNodeInternals, collapsePackage, collapseRecursion, dropFunction, dropMeta, focusFunction, focusSubtree, mergeFunction,
} from './transforms.ts';

const tree = (p: Profile) => formatTree(buildFlameTree(p));
const frameOf = (p: Profile, name: string) => p.frames.findIndex((f) => f.name === name);

const p = profileFromText(`
  main  main  main  main  (idle)
  a     a     b     c
  x     b     x
        x
`);

describe('transforms', () => {
  it('focus on a function: only its samples, all its calls merged under the root', () => {
    expect(tree(focusFunction(p, frameOf(p, 'b')))).toBe([
      '- (root) (total 2, self 0)',
      '  - b (total 2, self 0)',
      '    - x (total 2, self 2)',
    ].join('\n'));
  });

  it('focus on a call path', () => {
    const q = focusSubtree(p, [frameOf(p, 'main'), frameOf(p, 'a')]);
    expect(tree(q)).toBe([
      '- (root) (total 2, self 0)',
      '  - a (total 2, self 0)',
      '    - b (total 1, self 0)',
      '      - x (total 1, self 1)',
      '    - x (total 1, self 1)',
    ].join('\n'));
  });

  it('merge a function away: its time goes to its caller', () => {
    expect(tree(mergeFunction(p, frameOf(p, 'a')))).toBe([
      '- (root) (total 5, self 0)',
      '  - main (total 4, self 0)',
      '    - b (total 2, self 0)',
      '      - x (total 2, self 2)',
      '    - c (total 1, self 1)',
      '    - x (total 1, self 1)',
      '  - (idle) (total 1, self 1)',
    ].join('\n'));
  });

  it('merging a function called by nothing drops its own samples (the root has no self time)', () => {
    const q = profileFromText(`
      main  main  (idle)
            a
    `);
    const merged = mergeFunction(q, frameOf(q, 'main'));
    expect(tree(merged)).toBe('- (root) (total 2, self 0)\n  - (idle) (total 1, self 1)\n  - a (total 1, self 1)');
  });

  it('drop samples with a function', () => {
    expect(dropFunction(p, frameOf(p, 'x')).durationMs).toBe(2);
  });

  it('drop idle, program and GC', () => {
    const q = dropMeta(profileFromText('main  (idle)  (gc)  (program)'));
    expect(tree(q)).toBe('- (root) (total 1, self 0)\n  - main (total 1, self 1)');
    expect(dropMeta(profileFromText('main  (idle)  (gc)'), ['gc']).durationMs).toBe(2);
  });

  it('collapse a package into one frame', () => {
    const q = collapsePackage(profileFromText(`
      main                             main
      r[node_modules/express/r.js:1]   r[node_modules/express/r.js:1]
      n[node_modules/express/n.js:2]   handler
      h[node_modules/express/h.js:3]   r[node_modules/express/r.js:1]
    `), 'express');
    expect(tree(q)).toBe([
      '- (root) (total 2, self 0)',
      '  - main (total 2, self 0)',
      '    - express (total 2, self 1)',
      '      - handler (total 1, self 0)',
      '        - express (total 1, self 1)',
    ].join('\n'));
    // The collapsed frame still counts as a dependency, not as your code.
    const deps = categoryBreakdown(q).filter((c) => c.kind === 'dependency').reduce((a, c) => a + c.ms, 0);
    expect(deps).toBe(2);
  });

  it('collapse Node internals into one frame', () => {
    const q = collapseNodeInternals(profileFromText(`
      main
      write[node:internal/streams/writable]
      writeGeneric[node:internal/stream_base_commons]
      writeBuffer[native]
    `));
    expect(tree(q)).toBe([
      '- (root) (total 1, self 0)',
      '  - main (total 1, self 0)',
      '    - Node internals (total 1, self 0)',
      '      - writeBuffer (total 1, self 1)',
    ].join('\n'));
  });

  it('collapse recursion, direct or through other functions', () => {
    const r = profileFromText(`
      main  main  main
      f     f     f
      f     g     g
      f     f
      x     x
    `);
    const f = frameOf(r, 'f');
    expect(tree(collapseRecursion(r, f))).toBe([
      '- (root) (total 3, self 0)',
      '  - main (total 3, self 0)',
      '    - f (total 3, self 0)',
      '      - x (total 2, self 2)',
      '      - g (total 1, self 1)',
    ].join('\n'));
    expect(tree(collapseRecursion(r, f, true))).toBe([
      '- (root) (total 3, self 0)',
      '  - main (total 3, self 0)',
      '    - f (total 3, self 0)',
      '      - g (total 2, self 1)',
      '        - f (total 1, self 0)',
      '          - x (total 1, self 1)',
      '      - x (total 1, self 1)',
    ].join('\n'));
  });

  it('composes, and never mutates its input', () => {
    const before = tree(p);
    const frames = p.frames.length;
    const samples = Array.from(p.samples);
    const q = applyTransforms(p, [{ type: 'drop-meta' }, { type: 'merge-function', frame: frameOf(p, 'main') }, { type: 'focus-function', frame: frameOf(p, 'x') }]);
    expect(tree(q)).toBe('- (root) (total 3, self 0)\n  - x (total 3, self 3)');
    expect(tree(p)).toBe(before);
    expect(p.frames.length).toBe(frames);
    expect(Array.from(p.samples)).toEqual(samples);
  });
});
