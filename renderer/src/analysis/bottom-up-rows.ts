// The bottom-up table: the top level is one row per function (or file, or
// package); a row expands into its callers, computed on demand by the worker
// (shared/profile bottomUp with the row's path) and kept by path.
import type { BottomUpRow } from '../../../shared/profile/index.ts';
import type { TreeSource } from './tree-rows.ts';

export const pathKey = (path: readonly number[]) => path.join('.');

export function bottomUpSource(top: readonly BottomUpRow[], callers: ReadonlyMap<string, readonly BottomUpRow[]>): TreeSource<BottomUpRow> {
  return {
    roots: top,
    key: (r) => pathKey(r.path),
    children: (r) => callers.get(pathKey(r.path)),
    hasChildren: (r) => r.hasCallers,
  };
}
