import { describe, expect, it } from 'vitest';
import { clickRow, emptySelection, moveFocus, selectAll, shownSelection, type Selection } from './selection.ts';

const order = ['a', 'b', 'c', 'd', 'e', 'f'];
const ids = (s: Selection) => shownSelection(s, order).join('');

describe('Library selection', () => {
  it('a click selects one row and sets the anchor', () => {
    const s = clickRow(emptySelection, order, 'c');
    expect(ids(s)).toBe('c');
    expect(s.anchor).toBe('c');
    expect(ids(clickRow(s, order, 'e'))).toBe('e');
  });

  it('Ctrl/⌘-click toggles one row and moves the anchor', () => {
    let s = clickRow(emptySelection, order, 'b');
    s = clickRow(s, order, 'd', { toggle: true });
    expect(ids(s)).toBe('bd');
    expect(s.anchor).toBe('d');
    s = clickRow(s, order, 'b', { toggle: true });
    expect(ids(s)).toBe('d');
  });

  it('Shift-click selects the range from the anchor, in either direction, keeping the anchor', () => {
    let s = clickRow(emptySelection, order, 'c');
    s = clickRow(s, order, 'e', { shift: true });
    expect(ids(s)).toBe('cde');
    s = clickRow(s, order, 'a', { shift: true });
    expect(ids(s)).toBe('abc');
    expect(s.anchor).toBe('c');
    expect(s.focus).toBe('a');
  });

  it('Ctrl+Shift-click adds the range to what was selected', () => {
    let s = clickRow(emptySelection, order, 'a');
    s = clickRow(s, order, 'd', { toggle: true });
    s = clickRow(s, order, 'f', { shift: true, toggle: true });
    expect(ids(s)).toBe('adef');
  });

  it('Shift-click without an anchor (or with a filtered-out one) selects just that row', () => {
    expect(ids(clickRow(emptySelection, order, 'd', { shift: true }))).toBe('d');
    const gone: Selection = { ids: new Set(['z']), anchor: 'z', focus: 'z' };
    expect(ids(clickRow(gone, order, 'b', { shift: true }))).toBe('b');
  });

  it('arrow keys move one selected row; with Shift they grow the range from the anchor', () => {
    let s = moveFocus(emptySelection, order, 1);
    expect(ids(s)).toBe('a');
    s = moveFocus(s, order, 1);
    expect(ids(s)).toBe('b');
    s = moveFocus(s, order, 1, true);
    s = moveFocus(s, order, 1, true);
    expect(ids(s)).toBe('bcd');
    s = moveFocus(s, order, -3, true);
    expect(ids(s)).toBe('ab');
    expect(s.anchor).toBe('b');
  });

  it('stops at both ends; Home/End jump; up from nothing starts at the end', () => {
    expect(moveFocus(emptySelection, order, -1).focus).toBe('f');
    expect(moveFocus(clickRow(emptySelection, order, 'f'), order, 10).focus).toBe('f');
    expect(moveFocus(clickRow(emptySelection, order, 'a'), order, -10).focus).toBe('a');
    expect(ids(moveFocus(clickRow(emptySelection, order, 'c'), order, 'last', true))).toBe('cdef');
    expect(ids(moveFocus(clickRow(emptySelection, order, 'c'), order, 'first'))).toBe('a');
    expect(moveFocus(emptySelection, [], 1)).toBe(emptySelection);
  });

  it('select all, and only shown rows count', () => {
    expect(ids(selectAll(emptySelection, order))).toBe('abcdef');
    const s = clickRow(clickRow(emptySelection, order, 'b'), order, 'e', { toggle: true });
    expect(shownSelection(s, ['e', 'x', 'b'])).toEqual(['e', 'b']);
    expect(shownSelection(s, ['x'])).toEqual([]);
  });
});

describe('pickedOrder', () => {
  it('keeps the order of the clicks (B then A stays B then A), not the table order', async () => {
    const { clickRow, emptySelection, pickedOrder } = await import('./selection.ts');
    const order = ['a', 'b', 'c'];
    let sel = clickRow(emptySelection, order, 'c');
    sel = clickRow(sel, order, 'a', { toggle: true });
    expect(pickedOrder(sel, order)).toEqual(['c', 'a']);
    expect(pickedOrder(sel, ['a', 'b'])).toEqual(['a']);
  });
});

describe('beforeAfter', () => {
  it('makes the older recording A (before) and the newer B (after), whichever was clicked first', async () => {
    const { beforeAfter } = await import('./selection.ts');
    const fix = { id: 'fix', createdAt: '2026-12-01T10:05:00.000Z' };
    const slow = { id: 'slow', createdAt: '2026-12-01T10:00:00.000Z' };
    expect(beforeAfter(fix, slow)).toEqual(['slow', 'fix']);
    expect(beforeAfter(slow, fix)).toEqual(['slow', 'fix']);
    // Recorded at the same moment: the clicks decide.
    expect(beforeAfter({ ...fix, createdAt: slow.createdAt }, slow)).toEqual(['fix', 'slow']);
  });
});
