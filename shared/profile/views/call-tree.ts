// Call tree (top-down): the stacks merged by call path, from the root down,
// with self and total time in ms and in % of the profile's duration.
// Grouped by file or package, consecutive frames of one group are one row.
import { groupedCallTree } from '../frame-groups.ts';
import type { Grouping } from '../frame-groups.ts';
import type { Profile } from '../model.ts';

export interface CallTreeNode {
  name: string;
  /** "file:line" for functions, the path for files, '' otherwise. */
  location: string;
  url: string;
  line: number;
  /** Frame index when grouped by function (-1 otherwise, and for the root of other groupings). */
  frame: number;
  /** Group index (= frame index when grouped by function). */
  group: number;
  /** "your code", "Node internals", a package name… */
  categoryName: string;
  selfMs: number;
  totalMs: number;
  selfPercent: number;
  totalPercent: number;
  children: CallTreeNode[];
}

export interface CallTreeOptions {
  by?: Grouping;
  /** Leave out subtrees under this fraction of the profile (default: keep every node with time). */
  minFraction?: number;
}

export function buildCallTree(profile: Profile, opts: CallTreeOptions = {}): CallTreeNode {
  const { groups, table: t } = groupedCallTree(profile, opts.by ?? 'function');
  const duration = profile.durationMs;
  const pct = (ms: number) => (duration > 0 ? (ms / duration) * 100 : 0);
  const minMs = (opts.minFraction ?? 0) * t.totalMs[0];
  const made: CallTreeNode[] = new Array(t.count);
  const node = (c: number): CallTreeNode => {
    const g = groups.groups[t.frame[c]];
    return {
      name: g.name, location: g.location, url: g.url, line: g.line, frame: g.frame, group: t.frame[c], categoryName: g.categoryName,
      selfMs: t.selfMs[c], totalMs: t.totalMs[c], selfPercent: pct(t.selfMs[c]), totalPercent: pct(t.totalMs[c]), children: [],
    };
  };
  made[0] = node(0);
  for (let c = 1; c < t.count;) {
    if (t.totalMs[c] === 0 || t.totalMs[c] < minMs) {
      c = t.subtreeEnd[c];
      continue;
    }
    made[c] = node(c);
    made[t.parent[c]].children.push(made[c]);
    c++;
  }
  // Heaviest first; iterative, like every walk here.
  const stack = [made[0]];
  while (stack.length) {
    const n = stack.pop()!;
    n.children.sort((a, b) => b.totalMs - a.totalMs || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const ch of n.children) stack.push(ch);
  }
  return made[0];
}
