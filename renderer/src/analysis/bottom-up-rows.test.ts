import { describe, expect, it } from 'vitest';
import { bottomUp } from '../../../shared/profile/index.ts';
import { profileFromText } from '../../../shared/profile/test-support/text-profile.ts';
import { bottomUpSource, pathKey } from './bottom-up-rows.ts';
import { flattenTree } from './tree-rows.ts';

describe('bottom-up rows', () => {
  const p = profileFromText(`
    main  main  main  other  other
    a     a     b     a      b
    log   log   log   log
  `);
  const top = bottomUp(p);

  it('expands a function into its callers once they are computed', () => {
    const log = top[0];
    const callers = new Map([[pathKey(log.path), bottomUp(p, { path: log.path })]]);
    const rows = flattenTree(bottomUpSource(top, callers), new Set([pathKey(log.path)]));
    expect(rows.slice(0, 3).map((r) => `${'  '.repeat(r.depth)}${r.node.name} ${r.node.selfMs}/${r.node.totalMs}`)).toEqual(['log 4/4', '  a 3/3', '  b 1/1']);
    // a's callers are not computed yet: the row says so.
    const a = rows[1];
    const more = flattenTree(bottomUpSource(top, callers), new Set([pathKey(log.path), a.key]));
    expect(more[1]).toMatchObject({ expanded: true, loading: true });
  });

  it('rows without callers do not expand', () => {
    const rows = flattenTree(bottomUpSource(top, new Map()), new Set(top.map((r) => pathKey(r.path))));
    expect(rows.find((r) => r.node.name === 'main')).toMatchObject({ hasChildren: false, expanded: false });
  });
});
