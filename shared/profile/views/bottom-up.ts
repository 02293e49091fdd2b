// Bottom-up (DevTools' "Bottom-Up", Firefox's inverted call tree): one row per
// function (or file, or package) with self and total time, expandable into
// its callers, then their callers…
//
// A row is a path read upward: [f] is the function f; [f, g] is "f when
// called from g"; [f, g, h] is "f called from g called from h".
//   self(path)  = time of samples whose stack ends with h → g → f (f the leaf)
//   total(path) = time of samples whose stack contains h → g → f anywhere,
//                 counted ONCE per sample even under recursion (f → x → f):
//                 only the outermost match in each stack counts.
// Rows with neither self nor total time are left out.
import { callNodeTable } from '../call-nodes.ts';
import { groupedCallTree, type Group, type Grouping } from '../frame-groups.ts';
import type { Profile } from '../model.ts';

export interface BottomUpRow extends Group {
  /** Group index (the frame index when grouped by function). */
  group: number;
  /** Pass this as `path` to list the row's callers. */
  path: number[];
  selfMs: number;
  totalMs: number;
  /** Percent of the profile's duration. */
  selfPercent: number;
  totalPercent: number;
  /** True when the row has callers to expand into. */
  hasCallers: boolean;
}

export interface BottomUpOptions {
  by?: Grouping;
  /** [] (default) for the top level; a row's `path` for its callers. */
  path?: readonly number[];
}

export function bottomUp(profile: Profile, opts: BottomUpOptions = {}): BottomUpRow[] {
  const { groups, table: t } = groupedCallTree(profile, opts.by ?? 'function');
  const path = opts.path ?? [];
  const L = path.length;
  const gcount = groups.groups.length;
  const self = new Float64Array(gcount);
  const total = new Float64Array(gcount);
  const callers = new Uint8Array(gcount);
  const seen = new Uint8Array(gcount);
  const active = new Int32Array(gcount);
  // Open matches on the current root-to-node walk: (end of subtree, key).
  const openEnd: number[] = [];
  const openKey: number[] = [];

  for (let c = 1; c < t.count; c++) {
    while (openEnd.length && openEnd[openEnd.length - 1] <= c) {
      openEnd.pop();
      active[openKey.pop()!]--;
    }
    if (t.depth[c] - L < 1) continue; // the path would need the root as a caller
    // Does the stack end, at c, with path[0] ← path[1] ← … ← path[L-1]?
    let a = c;
    let ok = true;
    for (let k = 0; k < L; k++, a = t.parent[a]) {
      if (t.frame[a] !== path[k]) { ok = false; break; }
    }
    if (!ok) continue;
    const key = t.frame[a];
    seen[key] = 1;
    self[key] += t.selfMs[c];
    if (active[key] === 0) total[key] += t.totalMs[c];
    if (t.depth[a] >= 2) callers[key] = 1;
    active[key]++;
    openEnd.push(t.subtreeEnd[c]);
    openKey.push(key);
  }

  const duration = profile.durationMs;
  const pct = (ms: number) => (duration > 0 ? (ms / duration) * 100 : 0);
  const rows: BottomUpRow[] = [];
  for (let g = 0; g < gcount; g++) {
    if (!seen[g] || (self[g] === 0 && total[g] === 0)) continue;
    rows.push({
      ...groups.groups[g], group: g, path: [...path, g],
      selfMs: self[g], totalMs: total[g], selfPercent: pct(self[g]), totalPercent: pct(total[g]), hasCallers: callers[g] === 1,
    });
  }
  rows.sort(compareRows);
  return rows;
}

/** Heaviest self first; ties in an order that does not depend on frame indices (so re-imports sort alike). */
function compareRows(a: BottomUpRow, b: BottomUpRow): number {
  return b.selfMs - a.selfMs || b.totalMs - a.totalMs || cmp(a.name, b.name) || cmp(a.url, b.url) || a.line - b.line || a.column - b.column || cmp(a.kind, b.kind) || a.group - b.group;
}

const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** Self and total ms per group (no rows, no sorting): what diff and per-request tables need. */
export function groupTimes(profile: Profile, by: Grouping = 'function'): { groups: Group[]; selfMs: Float64Array; totalMs: Float64Array } {
  const { groups } = groupedCallTree(profile, by);
  return { groups: groups.groups, ...timesByGroup(profile, groups.groupOfFrame, groups.groups.length) };
}

/**
 * Self and total ms for any grouping of frames (frame → group index): self
 * sums the self time of the group's frames; total counts each sample once
 * if any frame of the group is on its stack.
 */
export function timesByGroup(profile: Profile, groupOfFrame: Int32Array, groupCount: number): { selfMs: Float64Array; totalMs: Float64Array } {
  const t = callNodeTable(profile);
  const selfMs = new Float64Array(groupCount);
  const totalMs = new Float64Array(groupCount);
  const active = new Int32Array(groupCount);
  const openEnd: number[] = [];
  const openKey: number[] = [];
  for (let c = 1; c < t.count; c++) {
    while (openEnd.length && openEnd[openEnd.length - 1] <= c) {
      openEnd.pop();
      active[openKey.pop()!]--;
    }
    const g = groupOfFrame[t.frame[c]];
    selfMs[g] += t.selfMs[c];
    if (active[g] === 0) totalMs[g] += t.totalMs[c];
    active[g]++;
    openEnd.push(t.subtreeEnd[c]);
    openKey.push(g);
  }
  return { selfMs, totalMs };
}
