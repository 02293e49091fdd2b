// What grows, and what holds it: two heap snapshots of one process, taken a
// few seconds apart under load, compared kind by kind (DevTools' Comparison
// view, by constructor), each growing kind with the path that keeps its new
// objects alive ("held by `sent` (an Array)").
//
//   - A kind is DevTools' class name: an object's constructor ("Buffer",
//     "Object", "Map"), "(string)", "(closure)", "(array)" for V8's internal
//     arrays, "(system)"… (kindOf).
//   - New objects are those whose id the first snapshot did not have (V8
//     keeps an object's id from one snapshot to the next); gone ones, those
//     the second no longer has. countDelta is new minus gone.
//   - bytesDelta is what the new objects retain (in the second snapshot)
//     minus what the gone ones retained (in the first), each object counted
//     once per kind (one dominated by another of its kind is already in
//     that one's): an old Array that now holds 1 000 new Buffers has not
//     grown itself — the Buffers have.
//   - A kind whose new objects are mostly inside (dominated by) new objects
//     of a growing kind already said, larger (a Buffer's ArrayBuffer, a kept
//     session's history array and its items), is said with it, not again;
//     "inside" is the outermost new object above, so a session's Objects
//     inside its history Array are the session's, not the Array's.
//   - What holds them: from a few of its new objects, the shortest path from
//     the root (the one DevTools lists first), walked upwards to the first
//     variable (a closure's or module's context) or to the first property of
//     an object that was already there: the container that grows.
import { buildHeapGraph, UNREACHED, type HeapGraph } from './heap-graph.ts';
import { HeapSnapshotError, type HeapSnapshot } from './heap-snapshot.ts';
import { IdIndex, isObjectType, isUserKind, KindTable, kindOf } from './heap-kinds.ts';

export interface GrowingHolder {
  /** The variable or property that holds them ("sent"), and what it is ("Array"). */
  name: string;
  kind: string;
  /** 'variable': a closure's or module's variable; 'property': a property of `owner`. */
  via: 'variable' | 'property';
  owner: string | null;
  /** Where a function that sees the variable is (0-based line, as V8 gives it); null for a property. */
  scriptId: number | null;
  line: number | null;
}

export interface GrowingKind {
  kind: string;
  countDelta: number;
  bytesDelta: number;
  /** Objects of this kind the second snapshot has that the first did not. */
  newCount: number;
  holder: GrowingHolder | null;
  /** The path from the holder down to one new object, as DevTools prints retainers: "sent (Array) → [1203] → Buffer". */
  path: string[];
}

/** Below this a kind's growth is noise of a server at work (its requests in flight, caches of V8's own). */
export const MIN_BYTES_DELTA = 256 * 1024;
export const MIN_COUNT_DELTA = 50;
/** Two snapshots of one process a few seconds apart share most objects (the code, the modules, what the server keeps). */
const MIN_SHARED_IDS = 0.3;
/** ...and an id both have names an object of the same kind in each (a few may differ: V8 reuses a moved string's id). */
const MIN_SAME_KIND = 0.95;
const MAX_KINDS = 5;
const PATH_SAMPLES = 25;

/**
 * Count and bytes, by kind number, of the objects `counted` picks: each one's retained size, once per kind (a walk
 * down the dominator tree that skips an object inside another counted one of its kind).
 */
function kindTotals(g: HeapGraph, kinds: Uint32Array, kindCount: number, counted: (n: number) => boolean): { count: Float64Array; bytes: Float64Array } {
  const count = new Float64Array(kindCount);
  const bytes = new Float64Array(kindCount);
  const inside = new Int32Array(kindCount);
  const children = dominatedBy(g);
  // Iterative preorder with an exit marker: ~n pushed under n's children, so n is left after them.
  const stack: number[] = [0];
  while (stack.length) {
    const v = stack.pop()!;
    if (v < 0) {
      inside[kinds[~v]]--;
      continue;
    }
    if (counted(v)) {
      const k = kinds[v];
      count[k]++;
      if (inside[k] === 0) bytes[k] += g.retained[v];
      inside[k]++;
      stack.push(~v);
    }
    for (let c = children.first[v]; c < children.first[v + 1]; c++) stack.push(children.list[c]);
  }
  return { count, bytes };
}

/** The dominator tree's children of each node (a counting sort of idom). */
function dominatedBy(g: HeapGraph): { first: Uint32Array; list: Uint32Array } {
  const first = new Uint32Array(g.nodeCount + 1);
  for (let n = 0; n < g.nodeCount; n++) if (g.idom[n] !== UNREACHED) first[g.idom[n] + 1]++;
  for (let n = 0; n < g.nodeCount; n++) first[n + 1] += first[n];
  const fill = first.slice(0, g.nodeCount);
  const list = new Uint32Array(first[g.nodeCount]);
  for (let n = 0; n < g.nodeCount; n++) if (g.idom[n] !== UNREACHED) list[fill[g.idom[n]]++] = n;
  return { first, list };
}

/** Compares two snapshots of one process (`before` taken first): the kinds that grew most, each with what holds it. */
export function findGrowing(before: HeapSnapshot, after: HeapSnapshot, at: { minCount?: number; minBytes?: number; libraryScripts?: ReadonlySet<number> } = {}): GrowingKind[] {
  const minCount = at.minCount ?? MIN_COUNT_DELTA;
  const minBytes = at.minBytes ?? MIN_BYTES_DELTA;
  const a = buildHeapGraph(before);
  const b = buildHeapGraph(after);
  const table = new KindTable();
  const kindsA = table.kindsOf(a);
  const kindsB = table.kindsOf(b);
  const kindCount = table.names.length;
  const oldIds = new IdIndex(a, (n) => a.distance[n] !== UNREACHED);
  const laterIds = new IdIndex(b, (n) => b.distance[n] !== UNREACHED);
  // V8 keeps an object's id while its heap profiler stays on; turned off between the two, it numbers them afresh, and
  // the same numbers then name other objects: an id both share must name an object of the same kind.
  let shared = 0;
  let same = 0;
  const isNew = new Uint8Array(b.nodeCount);
  for (let n = 0; n < b.nodeCount; n++) {
    if (b.distance[n] === UNREACHED) continue;
    const m = oldIds.get(b.idOf(n));
    if (m < 0) {
      isNew[n] = 1;
      continue;
    }
    shared++;
    if (kindsA[m] === kindsB[n]) same++;
  }
  if (shared < MIN_SHARED_IDS * Math.min(oldIds.size, laterIds.size) || same < MIN_SAME_KIND * shared) {
    throw new HeapSnapshotError('the two heap snapshots do not number their objects alike, so their objects cannot be matched (V8\'s heap profiler was restarted between them)');
  }
  // What came (retained in the second) against what went (retained in the first): an old container's growth is its new contents'.
  const added = kindTotals(b, kindsB, kindCount, (n) => isNew[n] === 1);
  const gone = kindTotals(a, kindsA, kindCount, (n) => laterIds.get(a.idOf(n)) < 0);

  const grown = table.names.map((kind, k) => ({ kind, k, countDelta: added.count[k] - gone.count[k], bytesDelta: added.bytes[k] - gone.bytes[k] }))
    .filter((x) => isUserKind(x.kind) && x.countDelta >= minCount && x.bytesDelta >= minBytes)
    .sort((x, y) => y.bytesDelta - x.bytesDelta);
  if (grown.length === 0) return [];

  // Each reachable new object's outermost new object above it in the dominator tree (of a growing kind): what it is
  // part of. Dominators come before what they dominate in reverse postorder.
  const growing = new Uint8Array(kindCount);
  for (const x of grown) growing[x.k] = 1;
  const partOf = new Map<number, Map<number, number>>();
  const tops = new Map<number, number[]>();
  const outermost = new Int32Array(b.nodeCount).fill(-1);
  for (let i = b.postorder.length - 1; i >= 0; i--) {
    const n = b.postorder[i];
    const d = b.idom[n];
    if (d !== UNREACHED) outermost[n] = outermost[d] >= 0 ? outermost[d] : isNew[d] && growing[kindsB[d]] && isObjectType(b.typeOf(d)) ? d : -1;
    const k = kindsB[n];
    if (!growing[k] || !isNew[n]) continue;
    const o = outermost[n];
    if (o < 0) (tops.get(k) ?? tops.set(k, []).get(k)!).push(n);
    else if (kindsB[o] !== k) {
      const m = partOf.get(k) ?? partOf.set(k, new Map()).get(k)!;
      m.set(kindsB[o], (m.get(kindsB[o]) ?? 0) + 1);
    }
  }
  const out: GrowingKind[] = [];
  const said: number[] = [];
  for (const x of grown) {
    const own = tops.get(x.k) ?? [];
    // Mostly parts of the new objects of a kind already said (a Buffer's ArrayBuffer, a kept session's history): said with it.
    const inSaid = said.reduce((sum, k) => sum + (partOf.get(x.k)?.get(k) ?? 0), 0);
    if (inSaid > own.length) continue;
    said.push(x.k);
    out.push({ kind: x.kind, countDelta: x.countDelta, bytesDelta: x.bytesDelta, newCount: own.length, ...holderOf(b, own, (n) => isNew[n] === 1, at.libraryScripts ?? NO_SCRIPTS) });
    if (out.length === MAX_KINDS) break;
  }
  return out;
}

/** The holder most of a few new objects share, with the path to one of them. */
function holderOf(g: HeapGraph, news: readonly number[], isNew: (n: number) => boolean, library: ReadonlySet<number>): { holder: GrowingHolder | null; path: string[] } {
  const step = Math.max(1, Math.floor(news.length / PATH_SAMPLES));
  const found = new Map<string, { holder: GrowingHolder; path: string[]; n: number }>();
  for (let i = 0; i < news.length; i += step) {
    const r = walkUp(g, news[i], isNew, library);
    if (!r) continue;
    const key = `${r.holder.via}:${r.holder.name}:${r.holder.kind}:${r.holder.owner}`;
    const f = found.get(key);
    if (f) f.n++;
    else found.set(key, { ...r, n: 1 });
  }
  const best = [...found.values()].sort((x, y) => y.n - x.n)[0];
  return best ? { holder: best.holder, path: best.path } : { holder: null, path: [] };
}

/**
 * From one object up the shortest retaining path to the first variable of the app's code, or to the first property
 * of an object already there: the container that grows. A library's local variable on the way (Express's router's
 * `match`) is no holder a user can change (issue 35): the walk goes on above it. A property of a plain Object (an
 * Express `app.locals`) is named through the app's variable that reaches it, when one does: `app.locals.receipts`.
 */
function walkUp(g: HeapGraph, start: number, isNew: (n: number) => boolean, library: ReadonlySet<number>): { holder: GrowingHolder; path: string[] } | null {
  const path: string[] = [kindOf(g, start)];
  let n = start;
  for (let hops = 0; hops < 10_000 && n !== 0; hops++) {
    const e = closestRetainer(g, n);
    if (e < 0) return null;
    const edge = g.retainerEdge[e];
    const from = g.retainerNode[e];
    const type = g.edgeType(edge);
    const name = g.edgeName(edge);
    if (type === 'context') {
      const place = contextPlace(g, from);
      if (place.scriptId === null || !library.has(place.scriptId)) {
        path.unshift(`${name} (${kindOf(g, n)})`);
        return { holder: { name, kind: kindOf(g, n), via: 'variable', owner: null, ...place }, path };
      }
      // A package's local: the app's own variable holding the same container by another path, when there is one.
      const mine = variableAbove(g, n, library);
      if (mine) {
        const dotted = mine.names.join('.');
        path.unshift(`${dotted} (${kindOf(g, n)})`);
        return { holder: { name: dotted, kind: kindOf(g, n), via: 'variable', owner: null, ...mine.place }, path };
      }
    }
    if (type === 'property' && !isNew(from) && isObjectType(g.typeOf(from)) && isUserKind(kindOf(g, from))) {
      const above = kindOf(g, from) === 'Object' ? variableAbove(g, from, library) : null;
      if (above) {
        const dotted = [...above.names, name].join('.');
        path.unshift(`${dotted} (${kindOf(g, n)})`);
        return { holder: { name: dotted, kind: kindOf(g, n), via: 'variable', owner: null, ...above.place }, path };
      }
      path.unshift(kindOf(g, from), `${name} (${kindOf(g, n)})`);
      return { holder: { name, kind: kindOf(g, n), via: 'property', owner: kindOf(g, from), scriptId: null, line: null }, path };
    }
    path.unshift(type === 'element' ? `[${name}]` : type === 'property' ? name : `(${name || type})`);
    n = from;
  }
  return null;
}

const NO_SCRIPTS: ReadonlySet<number> = new Set();
/** Property hops from a plain Object up to the app's variable that names it (`app` → `locals`). */
const MAX_NAMING_HOPS = 3;

/**
 * The app's variable that reaches `n` through a few named properties — any retainer, not only the shortest path's
 * (an Express app's `locals` is nearest the root through the server's listener, but the app wrote `app.locals`):
 * the variable's name and the properties down to `n`, and where the variable is. Breadth first, so the fewest hops win.
 */
function variableAbove(g: HeapGraph, n: number, library: ReadonlySet<number>): { names: string[]; place: { scriptId: number | null; line: number | null } } | null {
  let level: { node: number; names: string[] }[] = [{ node: n, names: [] }];
  const seen = new Set([n]);
  for (let hop = 0; hop < MAX_NAMING_HOPS && level.length; hop++) {
    const next: typeof level = [];
    for (const { node, names } of level) {
      for (let r = g.firstRetainer[node]; r < g.firstRetainer[node + 1]; r++) {
        const edge = g.retainerEdge[r];
        const type = g.edgeType(edge);
        const from = g.retainerNode[r];
        if (g.distance[from] === UNREACHED || seen.has(from)) continue;
        const name = g.edgeName(edge);
        if (type === 'context') {
          const place = contextPlace(g, from);
          if (place.scriptId !== null && !library.has(place.scriptId)) return { names: [name, ...names], place };
        } else if (type === 'property' && /^[A-Za-z_$][\w$]*$/.test(name)) {
          seen.add(from);
          next.push({ node: from, names: [name, ...names] });
        }
      }
    }
    level = next.slice(0, 200);
  }
  return null;
}

/** The retainer nearest the root (strong edges only): the start of the shortest path; -1 when none. */
function closestRetainer(g: HeapGraph, n: number): number {
  let best = -1;
  for (let r = g.firstRetainer[n]; r < g.firstRetainer[n + 1]; r++) {
    if (g.edgeType(g.retainerEdge[r]) === 'weak') continue;
    const d = g.distance[g.retainerNode[r]];
    if (d !== UNREACHED && d < g.distance[n] && (best < 0 || d < g.distance[g.retainerNode[best]])) best = r;
  }
  return best;
}

/** Where a context's variables live: the first function (by line) whose `context` is it. */
function contextPlace(g: HeapGraph, context: number): { scriptId: number | null; line: number | null } {
  const { locations, meta } = g.snapshot;
  const fields = meta.location_fields ?? ['object_index', 'script_id', 'line', 'column'];
  const size = fields.length;
  const [oi, si, li] = ['object_index', 'script_id', 'line'].map((f) => fields.indexOf(f));
  let best: { scriptId: number; line: number } | null = null;
  for (let r = g.firstRetainer[context]; r < g.firstRetainer[context + 1]; r++) {
    const fn = g.retainerNode[r];
    if (g.typeOf(fn) !== 'closure' || g.edgeName(g.retainerEdge[r]) !== 'context') continue;
    for (let l = 0; l < locations.length; l += size) {
      if (locations[l + oi] !== fn * g.nodeFields) continue;
      // A module's own function starts at line 0 and sees its variables too: any other is a better pointer.
      const line = locations[l + li];
      if (!best || (best.line === 0 && line > 0) || (line > 0 && line < best.line)) best = { scriptId: locations[l + si], line };
      break;
    }
  }
  return best ?? { scriptId: null, line: null };
}
