// No import cycle in the whole tree — shared/, electron/, renderer/ — (issue 19
// item 4, issue 37 item 1), and no new pair of feature folders that import each
// other. In shared/: the domain (shared/recording,
// shared/profile, shared/compare, shared/experiment, …) never imports the
// contract (shared/api.ts); the contract imports it. A cycle makes the order
// modules run in depend on who imports first (a schema used before it is
// declared), and makes every file of the cycle a dependency of every other.
// Type-only imports count: they are how the 18-file cycle of issue 19 began.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../..');

/** The source files under a folder (tests, test-only helpers and type declarations left out). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test-support' || e.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name) ? [full] : [];
  });
}
const sharedFiles = () => sourceFiles(path.join(repo, 'shared'));

/** Every relative import and re-export of a file (type-only ones too), as absolute paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/^\s*(?:(?:import|export)\b[^'"]*?from\s+|import\s+)['"](\.[^'"]+)['"]/gm)].map((m) => m[1]);
  return specs.map((s) => path.resolve(path.dirname(file), s));
}

/** The cycles of a graph, each as one path that comes back to its start (iterative DFS: the graph can be deep). */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[][] = [];
  for (const start of graph.keys()) {
    if (state.has(start)) continue;
    const stack: { node: string; next: number }[] = [{ node: start, next: 0 }];
    state.set(start, 'open');
    while (stack.length) {
      const top = stack[stack.length - 1];
      const edges = graph.get(top.node) ?? [];
      if (top.next >= edges.length) {
        state.set(top.node, 'done');
        stack.pop();
        continue;
      }
      const to = edges[top.next++];
      if (state.get(to) === 'open') {
        const from = stack.findIndex((f) => f.node === to);
        cycles.push([...stack.slice(from).map((f) => f.node), to]);
      } else if (!state.has(to) && graph.has(to)) {
        state.set(to, 'open');
        stack.push({ node: to, next: 0 });
      }
    }
  }
  return cycles;
}

const rel = (f: string) => path.relative(repo, f);

describe('imports in shared/', () => {
  const graph = new Map(sharedFiles().map((f) => [f, importsOf(f)]));

  it('finds a cycle when there is one (the check itself works)', () => {
    expect(findCycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c', 'a']]);
    expect(findCycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it('form no cycle', () => {
    expect(findCycles(graph).map((c) => c.map(rel).join(' → '))).toEqual([]);
  });

  it('shared/profile and shared/recording never import the contract', () => {
    const api = path.join(repo, 'shared/api.ts');
    const offenders = [...graph].filter(([f, to]) => /shared\/(profile|recording)\//.test(f) && to.includes(api)).map(([f]) => rel(f));
    expect(offenders).toEqual([]);
  });

  it('shared/profile depends on nothing above it: only itself, shared/stats and the recording\'s leaf shapes', () => {
    // The request-time sentences (what requests waited on) are leaves too: they read only the request-time shape;
    // so are the allocation table and the growth rule (shared/memory), which read the profile model and the samples,
    // and the one number style (shared/number-format.ts), which imports nothing; and the processes recorded beside
    // the target (a cluster's workers: recording/processes.ts reads only limits and the number style).
    const allowed = /^shared\/(profile|stats)\/|^shared\/recording\/(load|process-samples|profile-extras|limits|request-time|memory|output|cpu-accounting|processes)\.ts$|^shared\/request-time\/(sentence|places)\.ts$|^shared\/memory\/(allocations|growth)\.ts$|^shared\/number-format\.ts$/;
    const outside = [...graph].filter(([f]) => rel(f).startsWith('shared/profile/'))
      .flatMap(([f, to]) => to.filter((t) => !allowed.test(rel(t))).map((t) => `${rel(f)} → ${rel(t)}`));
    expect(outside).toEqual([]);
  });
});

// Known pairs, measured when this check was written (issue 37): to break, never to add to.
const KNOWN_MUTUAL_FOLDERS = [
  'electron/services/experiment ⇄ electron/services/library',
  'electron/services/experiment ⇄ electron/services/load',
  'electron/services/load ⇄ electron/services/recording',
  'electron/services/load ⇄ electron/services/targets',
  'electron/services/request-time ⇄ electron/services/targets',
  'shared/api.ts ⇄ shared/compare',
  'shared/compare ⇄ shared/verdict',
  'shared/experiment ⇄ shared/recording',
  'shared/memory ⇄ shared/profile',
  'shared/memory ⇄ shared/recording',
  'shared/profile ⇄ shared/recording',
  'shared/recording ⇄ shared/sweep',
];

/** A file's feature folder: shared/<feature>, electron/<part>/<feature>, renderer/src/<feature>; a file at a layer's root stands for itself. */
function folderOf(file: string): string {
  const parts = rel(file).split('/');
  const depth = parts[0] === 'shared' ? 2 : 3;
  return parts.slice(0, Math.min(depth, parts.length)).join('/');
}

/** Pairs of folders that import each other, each once ("a ⇄ b", a before b). */
export function mutualFolders(graph: Map<string, string[]>, folder: (f: string) => string): string[] {
  const edges = new Set([...graph].flatMap(([f, to]) => to.filter((t) => graph.has(t)).map((t) => `${folder(f)}\n${folder(t)}`)));
  return [...edges].map((e) => e.split('\n')).filter(([a, b]) => a < b && edges.has(`${b}\n${a}`)).map(([a, b]) => `${a} ⇄ ${b}`).sort();
}

describe('imports in the whole tree (shared/, electron/, renderer/)', () => {
  const graph = new Map(['shared', 'electron', 'renderer'].flatMap((d) => sourceFiles(path.join(repo, d))).map((f) => [f, importsOf(f)]));

  it('reads the tree (every relative import resolves to a file it read)', () => {
    expect(graph.size).toBeGreaterThan(500);
    const unresolved = [...graph].flatMap(([f, to]) => to.filter((t) => !graph.has(t) && !/\.(css|d\.ts)$/.test(t)).map((t) => `${rel(f)} → ${rel(t)}`));
    expect(unresolved).toEqual([]);
  });

  it('form no cycle of files (type-only imports count)', () => {
    expect(findCycles(graph).map((c) => c.map(rel).join(' → '))).toEqual([]);
  });

  it('finds folders that import each other (the check itself works)', () => {
    expect(mutualFolders(new Map([['a/1', ['b/1']], ['b/1', ['b/2']], ['b/2', ['a/2']], ['a/2', []], ['c/1', ['a/1']]]), (f) => f.split('/')[0])).toEqual(['a ⇄ b']);
  });

  it('adds no pair of feature folders that import each other to the ones known (issue 37 item 1 breaks these)', () => {
    // Each pair makes two features one: neither can be read, tested or moved without the other.
    // Break one by moving the file or type that belongs to the other side, then take it off this list.
    expect(mutualFolders(graph, folderOf)).toEqual(KNOWN_MUTUAL_FOLDERS);
  });
});
