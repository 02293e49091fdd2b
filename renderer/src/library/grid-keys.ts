// What a key does in the Library's table (pure, tested): arrows, Page Up/Down,
// Home and End move the focus (with Shift: extend the selection); Space
// toggles the focused row; Enter opens the focused row (if selected) or the
// first selected; Delete/Backspace deletes the selection; Escape clears it;
// Ctrl/⌘+A selects all. Null: not the table's key (the browser keeps it).
import { clickRow, emptySelection, moveFocus, selectAll, type Move, type Selection } from './selection.ts';

export type GridKeyAction =
  /** The focus moved: the table scrolls it into view. */
  | { kind: 'move'; next: Selection }
  | { kind: 'select'; next: Selection }
  | { kind: 'open'; id: string }
  | { kind: 'delete'; ids: readonly string[] }
  /** The table's key, with nothing to do now (no focus, nothing selected). */
  | { kind: 'none' };

interface Keys {
  key: string;
  shift: boolean;
  /** Ctrl or ⌘. */
  mod: boolean;
}

/** `selected`: the selected rows shown, in table order; `pageRows`: the rows a page key moves. */
export function gridKey({ key, shift, mod }: Keys, selection: Selection, order: readonly string[], selected: readonly string[], pageRows: number): GridKeyAction | null {
  const move = new Map<string, Move>([['ArrowDown', 1], ['ArrowUp', -1], ['PageDown', pageRows], ['PageUp', -pageRows], ['Home', 'first'], ['End', 'last']]).get(key);
  if (move !== undefined) return { kind: 'move', next: moveFocus(selection, order, move, shift) };
  switch (key) {
    case ' ':
      return selection.focus !== null ? { kind: 'select', next: clickRow(selection, order, selection.focus, { toggle: true }) } : { kind: 'none' };
    case 'Enter': {
      const id = selection.focus !== null && selected.includes(selection.focus) ? selection.focus : selected[0];
      return id ? { kind: 'open', id } : { kind: 'none' };
    }
    case 'Delete':
    case 'Backspace':
      return selected.length ? { kind: 'delete', ids: selected } : { kind: 'none' };
    case 'Escape':
      return selected.length ? { kind: 'select', next: emptySelection } : null;
    default:
      return mod && key.toLowerCase() === 'a' ? { kind: 'select', next: selectAll(selection, order) } : null;
  }
}
