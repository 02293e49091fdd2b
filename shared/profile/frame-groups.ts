// Grouping frames by function, by file or by package, and the call tree seen
// through a grouping: consecutive frames of one group are one step (a stack
// your code → express → express → express → your code is three steps when
// grouped by package), then merged by path like any call tree.
import { buildCallNodeTable, callNodeTable, type CallNodeTable } from './call-nodes.ts';
import { categoryLabel, classifyFrame, type CategoryKind } from './classify.ts';
import { displayFile, frameLocation, type FrameKind, type Profile } from './model.ts';

export type Grouping = 'function' | 'file' | 'package';

export interface Group {
  /** What the row is called: a function name, a file path or a package. */
  name: string;
  /** For functions and files; '' otherwise. */
  url: string;
  /** 1-based line of a function, 0 for files and packages. */
  line: number;
  column: number;
  /** "file:line" (functions), the path (files), '' otherwise. */
  location: string;
  /** The frame of a function group, -1 for files and packages. */
  frame: number;
  kind: FrameKind;
  category: CategoryKind;
  /** "your code", "Node internals", a package name… */
  categoryName: string;
}

export interface GroupTable {
  by: Grouping;
  groups: Group[];
  groupOfFrame: Int32Array;
}

export interface GroupedCallTree {
  groups: GroupTable;
  /** Call nodes whose `frame` is a group index. */
  table: CallNodeTable;
}

const groupCache = new WeakMap<Profile, Map<Grouping, GroupedCallTree>>();

export function groupFrames(profile: Profile, by: Grouping): GroupTable {
  const groups: Group[] = [];
  const groupOfFrame = new Int32Array(profile.frames.length);
  const byKey = new Map<string, number>();
  profile.frames.forEach((frame, f) => {
    const cls = classifyFrame(frame);
    const base = { url: '', line: 0, column: 0, location: '', frame: -1, kind: frame.kind, category: cls.kind, categoryName: categoryLabel(cls) };
    let key: string;
    let group: Group;
    if (by === 'function' || frame.kind === 'root') {
      key = `f${f}`;
      group = { ...base, name: frame.name, url: frame.url, line: frame.line, column: frame.column, location: frameLocation(frame), frame: f };
    } else if (by === 'file') {
      const isCode = frame.kind === 'js';
      key = isCode ? `u${frame.url}` : frame.kind === 'native' ? 'native' : `m${frame.name}`;
      const name = isCode ? displayFile(frame.url) : frame.kind === 'native' ? '(native code)' : frame.name;
      group = { ...base, name, url: isCode ? frame.url : '', location: isCode ? displayFile(frame.url) : '', kind: isCode ? 'js' : frame.kind };
    } else {
      key = `p${base.categoryName}`;
      group = { ...base, name: base.categoryName };
    }
    let g = byKey.get(key);
    if (g === undefined) {
      g = groups.length;
      groups.push(group);
      byKey.set(key, g);
    }
    groupOfFrame[f] = g;
  });
  return { by, groups, groupOfFrame };
}

/** The call tree in group space (memoized per profile and grouping). */
export function groupedCallTree(profile: Profile, by: Grouping): GroupedCallTree {
  let perProfile = groupCache.get(profile);
  if (!perProfile) {
    perProfile = new Map();
    groupCache.set(profile, perProfile);
  }
  let result = perProfile.get(by);
  if (!result) {
    result = buildGroupedCallTree(profile, by);
    perProfile.set(by, result);
  }
  return result;
}

function buildGroupedCallTree(profile: Profile, by: Grouping): GroupedCallTree {
  const groups = groupFrames(profile, by);
  const calls = callNodeTable(profile);
  if (by === 'function') return { groups, table: calls };
  // Fold each call node into its parent's step when both are in the same group.
  const n = calls.count;
  const step = new Int32Array(n);
  const stepGroup: number[] = [groups.groupOfFrame[calls.frame[0]]];
  const stepParent: number[] = [-1];
  for (let c = 1; c < n; c++) {
    const g = groups.groupOfFrame[calls.frame[c]];
    const p = step[calls.parent[c]];
    if (p !== 0 && stepGroup[p] === g) {
      step[c] = p;
    } else {
      step[c] = stepGroup.length;
      stepGroup.push(g);
      stepParent.push(p);
    }
  }
  const stepSelf = new Float64Array(stepGroup.length);
  for (let c = 0; c < n; c++) stepSelf[step[c]] += calls.selfMs[c];
  const table = buildCallNodeTable(groups.groups.length, Int32Array.from(stepGroup), Int32Array.from(stepParent), stepSelf);
  return { groups, table };
}
