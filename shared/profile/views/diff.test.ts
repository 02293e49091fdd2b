// Diff of two profiles and the differential flame tree.
import { describe, expect, it } from 'vitest';
import { buildDiffFlameTree } from './diff-flame.ts';
import { diffProfiles, type DiffRow } from './diff.ts';
import { importProfile } from '../import/any-format.ts';
import { FIXTURES } from '../test-support/fixtures.ts';
import { formatMs, formatTree, profileFromText } from '../test-support/text-profile.ts';

const line = (r: DiffRow) => `${r.name}:${r.line} ${r.status}${r.moved ? ' (moved)' : ''} ${formatMs(r.before?.selfPercent ?? 0)}% → ${formatMs(r.after?.selfPercent ?? 0)}% (${formatMs(r.deltaSelfPercent)})`;

describe('diff', () => {
  const before = profileFromText(`
    main  main        main        main
    log   parse[a.js:10]  old[a.js:30]  dup[a.js:1]
  `);
  const after = profileFromText(`
    main  main            main             main            main
    log   parse[a.js:12]  fresh[a.js:50]   dup[a.js:2]     log
  `);

  it('matches by name+url+line, then by name in file when the line moved and the name is unique there', () => {
    const d = diffProfiles(before, after);
    expect(d.functions.map(line)).toEqual([
      'old:30 gone 25% → 0% (-25)',
      'fresh:50 new 0% → 20% (20)',
      'log:2 changed 25% → 40% (15)',
      'dup:2 changed (moved) 25% → 20% (-5)',
      'parse:12 changed (moved) 25% → 20% (-5)',
      'main:1 changed 0% → 0% (0)',
    ]);
  });

  it('does not match a moved name that is not unique in its file', () => {
    const a = profileFromText('f[x.js:1]  f[x.js:9]  g[x.js:3]');
    const b = profileFromText('f[x.js:2]  g[x.js:4]');
    const rows = diffProfiles(a, b).functions;
    expect(rows.find((r) => r.name === 'g')).toMatchObject({ status: 'changed', moved: true });
    expect(rows.filter((r) => r.name === 'f').map((r) => r.status).sort()).toEqual(['gone', 'gone', 'new']);
  });

  it('compares in ms per 1000 requests when both request counts are known', () => {
    const a = profileFromText('main', { weightsMs: 100 });
    const b = profileFromText('main', { weightsMs: 100 });
    const d = diffProfiles(a, b, { requestsBefore: 100, requestsAfter: 200 });
    expect(d.perRequest).toBe(true);
    expect(d.functions[0]).toMatchObject({ deltaSelfPercent: 0, deltaSelfMsPer1kRequests: -500 });
    expect(d.functions[0].before).toMatchObject({ selfMsPer1kRequests: 1000 });
  });

  it('finds nothing changed in a profile diffed with itself', () => {
    const p = importProfile(FIXTURES['node24.cpuprofile']);
    const d = diffProfiles(p, p);
    expect(d.functions.length).toBeGreaterThan(50);
    for (const r of d.functions) expect([r.status, r.deltaSelfPercent, r.deltaTotalPercent]).toEqual(['changed', 0, 0]);
  });
});

describe('differential flame tree', () => {
  it("carries d3-flame-graph's value (after self) and delta (after − before, rescaled)", () => {
    const before = profileFromText(`
      main  main  main  main
      a     a     b     gone
    `);
    const after = profileFromText(`
      main  main  main  main  main  main  main  main
      a     b     b     b     b     b     new   new
    `);
    // before is 4 ms, after 8 ms: before's ms count double.
    expect(formatTree(buildDiffFlameTree(before, after))).toBe([
      '- (root) (self 0, delta 0)',
      '  - main (self 0, delta 0)',
      '    - b (self 5, delta 3)',
      '    - new (self 2, delta 2)',
      '    - a (self 1, delta -3)',
      '    - gone (self 0, delta -2)',
    ].join('\n'));
    const tree = buildDiffFlameTree(before, after);
    expect(tree.children[0].children.map((c) => c.status)).toEqual(['changed', 'new', 'changed', 'gone']);
  });

  it('folds narrow subtrees and is all zero against itself', () => {
    const p = importProfile(FIXTURES['node22.cpuprofile']);
    const t = buildDiffFlameTree(p, p, { minFraction: 0.01 });
    const stack = [t];
    let nodes = 0;
    while (stack.length) {
      const n = stack.pop()!;
      nodes++;
      expect(n.delta).toBeCloseTo(0, 9);
      stack.push(...n.children);
    }
    expect(nodes).toBeGreaterThan(5);
    expect(nodes).toBeLessThan(200);
  });
});
