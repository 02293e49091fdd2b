import { describe, expect, it } from 'vitest';
import { gridKey } from './grid-keys.ts';
import { clickRow, emptySelection, shownSelection, type Selection } from './selection.ts';

const order = ['a', 'b', 'c', 'd', 'e', 'f'];
const plain = (key: string) => ({ key, shift: false, mod: false });
const focusedOn = (id: string): Selection => clickRow(emptySelection, order, id);
const ids = (s: Selection) => shownSelection(s, order).join('');

describe('keys in the Library table', () => {
  it('arrows, page keys, Home and End move the focus; Shift extends the selection', () => {
    const down = gridKey(plain('ArrowDown'), focusedOn('b'), order, ['b'], 3);
    expect(down).toMatchObject({ kind: 'move', next: { focus: 'c' } });
    const pageDown = gridKey({ key: 'PageDown', shift: true, mod: false }, focusedOn('b'), order, ['b'], 3);
    expect(pageDown?.kind === 'move' && ids(pageDown.next)).toBe('bcde');
    expect(gridKey(plain('End'), focusedOn('b'), order, ['b'], 3)).toMatchObject({ kind: 'move', next: { focus: 'f' } });
  });

  it('Space toggles the focused row; without a focus the key is still the table\'s', () => {
    const s = gridKey(plain(' '), focusedOn('b'), order, ['b'], 3);
    expect(s?.kind === 'select' && ids(s.next)).toBe('');
    expect(gridKey(plain(' '), emptySelection, order, [], 3)).toEqual({ kind: 'none' });
  });

  it('Enter opens the focused row when selected, else the first selected', () => {
    expect(gridKey(plain('Enter'), focusedOn('c'), order, ['c'], 3)).toEqual({ kind: 'open', id: 'c' });
    expect(gridKey(plain('Enter'), { ...focusedOn('c'), focus: 'e' }, order, ['c'], 3)).toEqual({ kind: 'open', id: 'c' });
    expect(gridKey(plain('Enter'), emptySelection, order, [], 3)).toEqual({ kind: 'none' });
  });

  it('Delete deletes the selection; Escape clears it, and is not the table\'s with nothing selected', () => {
    expect(gridKey(plain('Backspace'), focusedOn('c'), order, ['c'], 3)).toEqual({ kind: 'delete', ids: ['c'] });
    expect(gridKey(plain('Escape'), focusedOn('c'), order, ['c'], 3)).toEqual({ kind: 'select', next: emptySelection });
    expect(gridKey(plain('Escape'), emptySelection, order, [], 3)).toBeNull();
  });

  it('Ctrl/⌘+A selects all; other keys are the browser\'s', () => {
    const all = gridKey({ key: 'A', shift: false, mod: true }, focusedOn('c'), order, ['c'], 3);
    expect(all?.kind === 'select' && ids(all.next)).toBe('abcdef');
    expect(gridKey(plain('a'), focusedOn('c'), order, ['c'], 3)).toBeNull();
  });
});
