// Right-click on a flamegraph frame or a table row → the transforms that make
// sense for it (shared/profile transforms) → a stack shown as breadcrumbs.
// Every view is computed through the whole stack.
import {
  classifyFrame, isMetaKind, type CategoryKind, type Frame, type FrameKind, type Group, type Transform,
} from '../../../shared/profile/index.ts';

/** What was right-clicked. */
export interface MenuTarget {
  name: string;
  /** Frame index in the (transformed) profile; -1 for file and package rows. */
  frame: number;
  kind: FrameKind;
  category: CategoryKind;
  /** The npm package of a dependency, '' otherwise. */
  packageName: string;
}

export interface AppliedTransform {
  transform: Transform;
  /** The breadcrumb: "Focus: jsonRoute", "Collapse: express"… */
  label: string;
}

export interface MenuItem {
  id: 'focus' | 'merge' | 'collapse-package' | 'collapse-node' | 'drop-meta' | 'collapse-recursion';
  label: string;
  applied: AppliedTransform;
  /** Why the item cannot be used, or null. */
  disabled: string | null;
}

export function targetFromFrame(frame: Frame, index: number): MenuTarget {
  const c = classifyFrame(frame);
  return { name: frame.name, frame: index, kind: frame.kind, category: c.kind, packageName: c.packageName };
}

/** A table row (bottom-up or call tree) of any grouping. */
export function targetFromGroup(g: Pick<Group, 'name' | 'frame' | 'kind' | 'category' | 'categoryName'>): MenuTarget {
  return { name: g.name, frame: g.frame, kind: g.kind, category: g.category, packageName: g.category === 'dependency' ? g.categoryName : '' };
}

const sameTransform = (a: Transform, b: Transform) => JSON.stringify(a) === JSON.stringify(b);

export function isApplied(stack: readonly AppliedTransform[], t: Transform): boolean {
  return stack.some((a) => sameTransform(a.transform, t));
}

export function menuItems(target: MenuTarget, stack: readonly AppliedTransform[] = []): MenuItem[] {
  const isFunction = target.frame >= 0 && !isMetaKind(target.kind);
  const notAFunction = target.frame < 0 ? 'Group by function to use this on one function.' : isFunction ? null : `${target.name} is not a function.`;
  const items: MenuItem[] = [
    { id: 'focus', label: 'Focus on this function', applied: { transform: { type: 'focus-function', frame: target.frame }, label: `Focus: ${target.name}` }, disabled: notAFunction },
    { id: 'merge', label: 'Merge this function away', applied: { transform: { type: 'merge-function', frame: target.frame }, label: `Merge: ${target.name}` }, disabled: notAFunction },
  ];
  if (target.category === 'dependency' && target.packageName) {
    items.push({ id: 'collapse-package', label: `Collapse package ${target.packageName}`, applied: { transform: { type: 'collapse-package', packageName: target.packageName }, label: `Collapse: ${target.packageName}` }, disabled: null });
  } else if (target.category === 'node') {
    items.push({ id: 'collapse-node', label: 'Collapse Node internals', applied: { transform: { type: 'collapse-node' }, label: 'Collapse: Node internals' }, disabled: null });
  }
  items.push(
    { id: 'drop-meta', label: 'Drop idle / program / GC', applied: { transform: { type: 'drop-meta' }, label: 'Drop idle, program, GC' }, disabled: null },
    { id: 'collapse-recursion', label: 'Collapse recursion', applied: { transform: { type: 'collapse-recursion', frame: target.frame }, label: `Collapse recursion: ${target.name}` }, disabled: notAFunction },
  );
  for (const item of items) if (!item.disabled && isApplied(stack, item.applied.transform)) item.disabled = 'Already applied.';
  return items;
}

/** Pushes a transform; the same transform twice is a no-op (the stack is returned as is). */
export function pushTransform(stack: readonly AppliedTransform[], applied: AppliedTransform): readonly AppliedTransform[] {
  return isApplied(stack, applied.transform) ? stack : [...stack, applied];
}

/**
 * Pops the transform at `index` and every one after it: a later transform may
 * name a frame an earlier one made (collapsing a package adds its frame).
 */
export function popTransform(stack: readonly AppliedTransform[], index: number): readonly AppliedTransform[] {
  return stack.slice(0, Math.max(0, index));
}

export function transformsOf(stack: readonly AppliedTransform[]): Transform[] {
  return stack.map((a) => a.transform);
}
