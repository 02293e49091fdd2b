// Multi-select in the Library table, as in a file manager: click selects one,
// Ctrl/⌘-click toggles one, Shift-click selects the range from the anchor
// (the last row clicked without Shift), Ctrl/⌘+Shift-click adds that range.
// The keyboard moves the focus row the same way. Pure: the row order is passed in.

export interface Selection {
  ids: ReadonlySet<string>;
  /** Where a Shift range starts. */
  anchor: string | null;
  /** The row the keyboard is on. */
  focus: string | null;
}

export const emptySelection: Selection = { ids: new Set(), anchor: null, focus: null };

export interface ClickModifiers {
  shift?: boolean;
  /** Ctrl (or ⌘ on a Mac), or a click on the row's checkbox. */
  toggle?: boolean;
}

function range(order: readonly string[], from: string | null, to: string): string[] {
  const end = order.indexOf(to);
  if (end < 0) return [];
  let start = from === null ? -1 : order.indexOf(from);
  if (start < 0) start = end;
  const [lo, hi] = start <= end ? [start, end] : [end, start];
  return order.slice(lo, hi + 1);
}

export function clickRow(sel: Selection, order: readonly string[], id: string, mods: ClickModifiers = {}): Selection {
  if (mods.shift) {
    const anchor = sel.anchor !== null && order.includes(sel.anchor) ? sel.anchor : id;
    const ids = new Set(mods.toggle ? sel.ids : []);
    for (const r of range(order, anchor, id)) ids.add(r);
    return { ids, anchor, focus: id };
  }
  if (mods.toggle) {
    const ids = new Set(sel.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchor: id, focus: id };
  }
  return { ids: new Set([id]), anchor: id, focus: id };
}

export type Move = number | 'first' | 'last';

/** Arrow keys, Page Up/Down, Home/End; with Shift the selection grows from the anchor. */
export function moveFocus(sel: Selection, order: readonly string[], move: Move, extend = false): Selection {
  if (order.length === 0) return sel;
  const current = sel.focus === null ? -1 : order.indexOf(sel.focus);
  let target: number;
  if (move === 'first') target = 0;
  else if (move === 'last') target = order.length - 1;
  else if (current < 0) target = move > 0 ? 0 : order.length - 1;
  else target = Math.min(order.length - 1, Math.max(0, current + move));
  const id = order[target];
  if (!extend) return { ids: new Set([id]), anchor: id, focus: id };
  const anchor = sel.anchor !== null && order.includes(sel.anchor) ? sel.anchor : current >= 0 ? order[current] : id;
  return { ids: new Set(range(order, anchor, id)), anchor, focus: id };
}

export function selectAll(sel: Selection, order: readonly string[]): Selection {
  return { ids: new Set(order), anchor: sel.anchor ?? order[0] ?? null, focus: sel.focus ?? order[0] ?? null };
}

/**
 * The selected rows that are shown, in table order. Rows hidden by a search
 * stay selected (they come back with it) but are never acted on.
 */
export function shownSelection(sel: Selection, order: readonly string[]): string[] {
  if (sel.ids.size === 0) return [];
  return order.filter((id) => sel.ids.has(id));
}

/**
 * The selected rows that are shown, in the order they were picked (a Set
 * keeps insertion order: clicks, then ranges in table order).
 */
export function pickedOrder(sel: Selection, order: readonly string[]): string[] {
  const shown = new Set(order);
  return [...sel.ids].filter((id) => shown.has(id));
}

/**
 * Two recordings picked for Compare, as before (A) and after (B): the older
 * is A, whatever order they were clicked in — "did the fix help?" read
 * backwards when the list (newest first) made the fixed run A. Recorded at the
 * same moment, the order of the clicks decides. The Compare screen's Swap
 * turns them round.
 */
export function beforeAfter<T extends { id: string; createdAt: string }>(first: T, second: T): [string, string] {
  return Date.parse(second.createdAt) < Date.parse(first.createdAt) ? [second.id, first.id] : [first.id, second.id];
}
