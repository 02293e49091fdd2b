// Flamegraph, call tree and bottom-up, asserted as printed trees and tables.
import { describe, expect, it } from 'vitest';
import { bottomUp, type BottomUpRow } from './bottom-up.ts';
import { buildCallTree } from './call-tree.ts';
import { buildFlameTree } from './flame.ts';
import { formatMs, formatTree, profileFromText } from '../test-support/text-profile.ts';

const rows = (list: BottomUpRow[]) => list.map((r) => `${r.name}: self ${formatMs(r.selfMs)}, total ${formatMs(r.totalMs)}${r.hasCallers ? ' +' : ''}`);

describe('flame tree', () => {
  const p = profileFromText(`
    main   main   main   main   main   (idle)
    a      a      b      b      c
    x      y      x
  `);

  it('merges by call path, widest first', () => {
    expect(formatTree(buildFlameTree(p))).toBe([
      '- (root) (total 6, self 0)',
      '  - main (total 5, self 0)',
      '    - a (total 2, self 0)',
      '      - x (total 1, self 1)',
      '      - y (total 1, self 1)',
      '    - b (total 2, self 1)',
      '      - x (total 1, self 1)',
      '    - c (total 1, self 1)',
      '  - (idle) (total 1, self 1)',
    ].join('\n'));
  });

  it('folds frames narrower than minFraction into one "N small frames" node per parent', () => {
    expect(formatTree(buildFlameTree(p, { minFraction: 0.2 }))).toBe([
      '- (root) (total 6, self 0)',
      '  - main (total 5, self 0)',
      '    - a (total 2, self 0)',
      '      - 2 small frames (total 2, self 2)',
      '    - b (total 2, self 1)',
      '      - 1 small frame (total 1, self 1)',
      '    - 1 small frame (total 1, self 1)',
      '  - 1 small frame (total 1, self 1)',
    ].join('\n'));
  });

  it('carries location and frame for the chart', () => {
    const t = buildFlameTree(profileFromText('handler[routes/random.js:45]'));
    expect(t.children[0]).toMatchObject({ name: 'handler', location: '/app/routes/random.js:45', frame: 1 });
  });

  it('merges sibling nodes of one function that V8 kept apart', () => {
    const merged = profileFromText(`
      main  main
      f[a.js:1]  f[a.js:1]
    `);
    // Two nodes for the same frame under one parent (V8 does this for different call lines).
    const twin = { ...merged, nodeFrame: Int32Array.from([...merged.nodeFrame, merged.nodeFrame[2]]), nodeParent: Int32Array.from([...merged.nodeParent, 1]), samples: Int32Array.from([2, 3]) };
    expect(formatTree(buildFlameTree(twin))).toBe(formatTree(buildFlameTree(merged)));
  });
});

describe('call tree', () => {
  const p = profileFromText(`
    main                                          main                                          main                                          main
    route[node_modules/express/lib/router.js:1]   route[node_modules/express/lib/router.js:1]   route[node_modules/express/lib/router.js:1]   log[node:internal/console/constructor:1]
    next[node_modules/express/lib/router.js:9]    handler[app.js:40]                            handler[app.js:40]
                                                                                                stringify[native]
  `);

  it('gives self and total in ms and % of the duration', () => {
    const t = buildCallTree(p);
    const main = t.children[0];
    expect(main).toMatchObject({ name: 'main', totalMs: 4, totalPercent: 100, selfMs: 0, categoryName: 'your code' });
    expect(formatTree(t, (n) => `${formatMs(n.totalPercent)}%, self ${formatMs(n.selfPercent)}%`)).toBe([
      '- (root) (100%, self 0%)',
      '  - main (100%, self 0%)',
      '    - route (75%, self 0%)',
      '      - handler (50%, self 25%)',
      '        - stringify (25%, self 25%)',
      '      - next (25%, self 25%)',
      '    - log (25%, self 25%)',
    ].join('\n'));
  });

  it('groups by package, one row per run of a package', () => {
    expect(formatTree(buildCallTree(p, { by: 'package' }))).toBe([
      '- (root) (total 4, self 0)',
      '  - your code (total 4, self 0)',
      '    - express (total 3, self 1)',
      '      - your code (total 2, self 1)',
      '        - V8 and native (total 1, self 1)',
      '    - Node internals (total 1, self 1)',
    ].join('\n'));
  });

  it('groups by file', () => {
    expect(buildCallTree(p, { by: 'file' }).children[0].children.map((c) => c.name)).toEqual(['/app/node_modules/express/lib/router.js', 'node:internal/console/constructor']);
  });
});

describe('bottom-up', () => {
  it('lists functions by self time, total counted once per sample under recursion', () => {
    const p = profileFromText(`
      main  main  main  main
      fib   fib   fib   other
      fib   fib
      fib
    `);
    expect(rows(bottomUp(p))).toEqual([
      'fib: self 3, total 3 +',
      'other: self 1, total 1 +',
      'main: self 0, total 4',
    ]);
  });

  it('expands a function into its callers, and theirs', () => {
    const p = profileFromText(`
      main  main  main  other  other
      a     a     b     a      b
      log   log   log   log
    `);
    const top = bottomUp(p);
    expect(rows(top)).toEqual(['log: self 4, total 4 +', 'b: self 1, total 2 +', 'a: self 0, total 3 +', 'main: self 0, total 3', 'other: self 0, total 2']);
    const log = top[0];
    const callers = bottomUp(p, { path: log.path });
    expect(rows(callers)).toEqual(['a: self 3, total 3 +', 'b: self 1, total 1 +']);
    expect(rows(bottomUp(p, { path: callers[0].path }))).toEqual(['main: self 2, total 2', 'other: self 1, total 1']);
    expect(callers[0].path.map((g) => p.frames[g].name)).toEqual(['log', 'a']);
  });

  it('counts a recursive caller path once per sample', () => {
    const p = profileFromText(`
      main  main
      f     f
      g     g
      f     h
      g
    `);
    const g = bottomUp(p).find((r) => r.name === 'g')!;
    expect([g.selfMs, g.totalMs]).toEqual([1, 2]);
    expect(rows(bottomUp(p, { path: g.path }))).toEqual(['f: self 1, total 2 +']);
  });

  it('groups by file and by package', () => {
    const p = profileFromText(`
      main       main                                   main
      a[x.js:1]  r[node_modules/express/lib/router.js:1]  r[node_modules/express/lib/router.js:1]
      b[x.js:5]  n[node_modules/express/lib/router.js:9]  (no-such)
    `.replace('(no-such)', '          '));
    expect(rows(bottomUp(p, { by: 'file' }))).toEqual([
      '/app/node_modules/express/lib/router.js: self 2, total 2 +',
      '/app/x.js: self 1, total 1 +',
      '/app/app.js: self 0, total 3',
    ]);
    expect(rows(bottomUp(p, { by: 'package' }))).toEqual(['express: self 2, total 2 +', 'your code: self 1, total 3']);
  });
});
