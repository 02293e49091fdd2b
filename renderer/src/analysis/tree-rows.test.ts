import { describe, expect, it } from 'vitest';
import { comparator, flattenTree, keyAction, nextSort, textMatcher, type FlatRow, type TreeSource } from './tree-rows.ts';

interface N { name: string; self: number; total: number; children?: N[] }

const tree: N[] = [
  { name: 'main', self: 0, total: 6, children: [
    { name: 'b', self: 1, total: 2, children: [{ name: 'x', self: 1, total: 1 }] },
    { name: 'a', self: 0, total: 3, children: [{ name: 'y', self: 3, total: 3 }] },
  ] },
  { name: '(idle)', self: 4, total: 4 },
];

// Keys are paths of names, like the tables' keys are paths of nodes.
const keys = new Map<N, string>();
const walk = (nodes: N[], prefix: string) => nodes.forEach((n) => { keys.set(n, prefix + n.name); walk(n.children ?? [], `${prefix}${n.name}/`); });
walk(tree, '');

const source: TreeSource<N> = { roots: tree, key: (n) => keys.get(n)!, children: (n) => n.children, hasChildren: (n) => !!n.children?.length };
const fields = { name: (n: N) => n.name, selfMs: (n: N) => n.self, totalMs: (n: N) => n.total, tieBreak: (n: N) => keys.get(n)! };
const print = (rows: FlatRow<N>[]) => rows.map((r) => `${'  '.repeat(r.depth)}${r.hasChildren ? (r.expanded ? '▾' : '▸') : '·'} ${r.node.name}`).join('\n');

describe('flattenTree', () => {
  it('shows the top level when nothing is expanded', () => {
    expect(print(flattenTree(source, new Set()))).toBe('▸ main\n· (idle)');
  });

  it('shows the children of expanded nodes only, depth first', () => {
    const rows = flattenTree(source, new Set(['main', 'main/a']), comparator({ column: 'totalMs', descending: true }, fields));
    expect(print(rows)).toBe(['▾ main', '  ▾ a', '    · y', '  ▸ b', '· (idle)'].join('\n'));
    expect(rows.map((r) => r.parentRow)).toEqual([-1, 0, 1, 0, -1]);
  });

  it('an expanded node whose children are not computed yet is marked loading', () => {
    const lazy: TreeSource<N> = { ...source, children: () => undefined };
    const [main] = flattenTree(lazy, new Set(['main']));
    expect(main).toMatchObject({ expanded: true, loading: true });
  });

  it('leaves out what the filter refuses', () => {
    const rows = flattenTree(source, new Set(['main']), undefined, (n) => n.name !== 'b');
    expect(print(rows)).toBe('▾ main\n  ▸ a\n· (idle)');
  });

  it('walks 100 000-deep trees without recursion', () => {
    const deep: N = { name: 'n0', self: 0, total: 1 };
    let at = deep;
    const open = new Set<string>();
    const ids = new Map<N, string>([[deep, '0']]);
    for (let i = 1; i < 100_000; i++) {
      const child: N = { name: `n${i}`, self: 0, total: 1 };
      at.children = [child];
      open.add(ids.get(at)!);
      ids.set(child, String(i));
      at = child;
    }
    const rows = flattenTree({ roots: [deep], key: (n) => ids.get(n)!, children: (n) => n.children, hasChildren: (n) => !!n.children }, open);
    expect(rows.length).toBe(100_000);
    expect(rows[99_999].depth).toBe(99_999);
  });
});

describe('sorting', () => {
  const names = (column: Parameters<typeof comparator>[0]) => flattenTree(source, new Set(['main']), comparator(column, fields)).map((r) => r.node.name);

  it('sorts siblings by the clicked column', () => {
    expect(names({ column: 'totalMs', descending: true })).toEqual(['main', 'a', 'b', '(idle)']);
    expect(names({ column: 'selfMs', descending: true })).toEqual(['(idle)', 'main', 'b', 'a']);
    expect(names({ column: 'selfPercent', descending: false })).toEqual(['main', 'a', 'b', '(idle)']);
    expect(names({ column: 'name', descending: false })).toEqual(['(idle)', 'main', 'a', 'b']);
  });

  it('a new column sorts heaviest first (names A→Z); the same column flips', () => {
    expect(nextSort({ column: 'totalMs', descending: true }, 'selfMs')).toEqual({ column: 'selfMs', descending: true });
    expect(nextSort({ column: 'selfMs', descending: true }, 'selfMs')).toEqual({ column: 'selfMs', descending: false });
    expect(nextSort({ column: 'selfMs', descending: true }, 'name')).toEqual({ column: 'name', descending: false });
  });
});

describe('keyAction', () => {
  const rows = flattenTree(source, new Set(['main', 'main/a']), comparator({ column: 'totalMs', descending: true }, fields));
  // 0 ▾ main, 1 ▾ a, 2 · y, 3 ▸ b, 4 · (idle)

  it('moves with the arrows, Home/End and pages', () => {
    expect(keyAction(rows, 0, 'ArrowDown')).toEqual({ type: 'select', index: 1 });
    expect(keyAction(rows, 4, 'ArrowDown')).toEqual({ type: 'select', index: 4 });
    expect(keyAction(rows, 0, 'ArrowUp')).toEqual({ type: 'select', index: 0 });
    expect(keyAction(rows, 2, 'End')).toEqual({ type: 'select', index: 4 });
    expect(keyAction(rows, 2, 'Home')).toEqual({ type: 'select', index: 0 });
    expect(keyAction(rows, 0, 'PageDown', { pageSize: 3 })).toEqual({ type: 'select', index: 3 });
    expect(keyAction(rows, -1, 'ArrowDown')).toEqual({ type: 'select', index: 0 });
  });

  it('Right expands, then goes to the first child; Left collapses, then goes to the parent', () => {
    expect(keyAction(rows, 3, 'ArrowRight')).toEqual({ type: 'expand', index: 3 });
    expect(keyAction(rows, 1, 'ArrowRight')).toEqual({ type: 'select', index: 2 });
    expect(keyAction(rows, 2, 'ArrowRight')).toBeNull();
    expect(keyAction(rows, 1, 'ArrowLeft')).toEqual({ type: 'collapse', index: 1 });
    expect(keyAction(rows, 2, 'ArrowLeft')).toEqual({ type: 'select', index: 1 });
    expect(keyAction(rows, 4, 'ArrowLeft')).toBeNull();
  });

  it('Enter activates; the menu key and Shift+F10 open the menu', () => {
    expect(keyAction(rows, 2, 'Enter')).toEqual({ type: 'activate', index: 2 });
    expect(keyAction(rows, 2, 'ContextMenu')).toEqual({ type: 'menu', index: 2 });
    expect(keyAction(rows, 2, 'F10', { shift: true })).toEqual({ type: 'menu', index: 2 });
    expect(keyAction(rows, 2, 'F10')).toBeNull();
    expect(keyAction([], 0, 'ArrowDown')).toBeNull();
  });
});

describe('textMatcher', () => {
  it('matches name or file, case-insensitively; nothing to match for blank text', () => {
    const m = textMatcher(' Route ')!;
    expect(m('jsonRoute', '')).toBe(true);
    expect(m('x', '/app/routes/a.js:1')).toBe(true);
    expect(m('x', 'y')).toBe(false);
    expect(textMatcher('  ')).toBeNull();
  });
});
