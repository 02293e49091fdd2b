import { describe, expect, it } from 'vitest';
import { profileFromText } from '../../../shared/profile/test-support/text-profile.ts';
import { callTreeSource, heaviestPathExpansion, searchCallTree } from './call-tree-rows.ts';
import { callTreeColumns } from './engine.ts';
import type { CallTreeColumns } from './protocol.ts';
import { comparator, flattenTree, textMatcher, type SortState } from './tree-rows.ts';

const p = profileFromText(`
  main     main     main     main     main     (idle)
  handle   handle   handle   log      log
  parse    render   parse    write[native]
`);

const print = (cols: CallTreeColumns, open: Set<string>, opts: { sort?: SortState; include?: Uint8Array } = {}) => {
  const src = callTreeSource(cols);
  const g = (n: number) => cols.groups[cols.group[n]];
  const sort = opts.sort && comparator(opts.sort, { name: (n: number) => g(n).name, selfMs: (n) => cols.selfMs[n], totalMs: (n) => cols.totalMs[n], tieBreak: (n) => String(n) });
  const include = opts.include;
  return flattenTree(src, open, sort, include ? (n) => include[n] === 1 : undefined)
    .map((r) => `${'  '.repeat(r.depth)}${r.hasChildren ? (r.expanded ? '▾' : '▸') : '·'} ${g(r.node).name} ${cols.totalMs[r.node]}/${cols.selfMs[r.node]}`)
    .join('\n');
};

describe('call tree columns', () => {
  const cols = callTreeColumns(p, 'function');

  it('keeps shared/profile\'s call tree in preorder, heaviest child first', () => {
    expect(cols.count).toBe(8);
    const all = new Set(Array.from({ length: cols.count }, (_, i) => String(i)));
    expect(print(cols, all)).toBe([
      '▾ main 5/0',
      '  ▾ handle 3/0',
      '    · parse 2/2',
      '    · render 1/1',
      '  ▾ log 2/1',
      '    · write 1/1',
      '· (idle) 1/1',
    ].join('\n'));
  });

  it('starts with the heaviest path open', () => {
    expect(print(cols, heaviestPathExpansion(cols))).toBe([
      '▾ main 5/0',
      '  ▾ handle 3/0',
      '    · parse 2/2',
      '    · render 1/1',
      '  ▸ log 2/1',
      '· (idle) 1/1',
    ].join('\n'));
  });

  it('sorts siblings by name when asked', () => {
    const open = new Set(['1', '2']);
    expect(print(cols, open, { sort: { column: 'name', descending: false } }).split('\n').map((l) => l.trim().split(' ')[1])).toEqual(['(idle)', 'main', 'handle', 'parse', 'render', 'log']);
  });

  it('search shows the paths to matches, opened, and what lies below a match', () => {
    const s = searchCallTree(cols, textMatcher('write')!);
    expect(s.matches).toBe(1);
    expect(print(cols, s.expand, { include: s.include })).toBe(['▾ main 5/0', '  ▾ log 2/1', '    · write 1/1'].join('\n'));
    const h = searchCallTree(cols, textMatcher('handle')!);
    expect(print(cols, new Set([...h.expand, '2']), { include: h.include })).toBe(['▾ main 5/0', '  ▾ handle 3/0', '    · parse 2/2', '    · render 1/1'].join('\n'));
  });

  it('groups by package', () => {
    const q = profileFromText(`
      main                                   main
      r[node_modules/express/lib/router.js:1]  handler
      h[app.js:9]
    `);
    const byPkg = callTreeColumns(q, 'package');
    expect(print(byPkg, new Set(['1', '2']))).toBe(['▾ your code 2/1', '  ▾ express 1/0', '    · your code 1/1'].join('\n'));
  });
});
