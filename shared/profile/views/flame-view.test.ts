// The flamegraph pruned to what can be seen, and search on the model.
import { describe, expect, it } from 'vitest';
import { callNodeTable, findCallNode } from '../call-nodes.ts';
import { searchFlame, visibleFlameTree, type VisibleFlameNode } from './flame-view.ts';
import { formatTree, profileFromText } from '../test-support/text-profile.ts';

const p = profileFromText(`
  main   main   main   main   main   (idle)
  a      a      b      b      c
  x      y      x
`);
const frameOf = (name: string) => p.frames.findIndex((f) => f.name === name);
const nodeAt = (...names: string[]) => findCallNode(callNodeTable(p), names.map(frameOf));

function count(root: VisibleFlameNode): number {
  let n = 0;
  for (const stack = [root]; stack.length;) {
    const x = stack.pop()!;
    n++;
    stack.push(...x.children);
  }
  return n;
}

describe('visibleFlameTree', () => {
  it('folds children narrower than 2 px per parent into "N small frames" (6 ms over 10 px: under 1.2 ms)', () => {
    expect(formatTree(visibleFlameTree(p, { widthPx: 10 }))).toBe([
      '- (root) (total 6, self 0)',
      '  - main (total 5, self 0)',
      '    - a (total 2, self 0)',
      '      - 2 small frames (total 2, self 2)',
      '    - b (total 2, self 1)',
      '      - 1 small frame (total 1, self 1)',
      '    - 1 small frame (total 1, self 1)',
      '  - 1 small frame (total 1, self 1)',
    ].join('\n'));
  });

  it('keeps every frame on a wide enough chart, each with its call node', () => {
    const t = visibleFlameTree(p, { widthPx: 1000 });
    expect(count(t)).toBe(callNodeTable(p).count);
    expect(t.children[0]).toMatchObject({ name: 'main', callNode: nodeAt('main'), frame: frameOf('main') });
  });

  it('zoomed, the node is pruned at its own scale — detail appears — under a chain of its ancestors', () => {
    const t = visibleFlameTree(p, { widthPx: 10, zoom: nodeAt('main', 'a') });
    expect(formatTree(t)).toBe([
      '- (root) (total 6, self 0)',
      '  - main (total 5, self 0)',
      '    - a (total 2, self 0)',
      '      - x (total 1, self 1)',
      '      - y (total 1, self 1)',
    ].join('\n'));
    expect(t.ancestor).toBe(true);
    expect(t.children[0].ancestor).toBe(true);
    expect(t.children[0].children[0].ancestor).toBeUndefined();
    expect(t.children[0].children[0].callNode).toBe(nodeAt('main', 'a'));
  });

  it('draws at most maxFrames frames, keeping the widest', () => {
    const names = Array.from({ length: 300 }, (_, i) => `f${i}`.padEnd(6));
    const wide = profileFromText(`${names.map(() => 'main  ').join(' ')}\n${names.join(' ')}`, {
      // The widest first in time: the last sample weighs at most the mean interval (timing.ts rule 3).
      weightsMs: Array.from({ length: 300 }, (_, i) => 300 - i),
    });
    const t = visibleFlameTree(wide, { widthPx: 100_000, maxFrames: 50 });
    expect(count(t)).toBeLessThanOrEqual(50);
    const kept = t.children[0].children.filter((c) => c.callNode >= 0).map((c) => c.name);
    expect(kept[0]).toBe('f0'); // the widest first
    expect(t.children[0].children.some((c) => c.callNode === -1 && /small frames/.test(c.name))).toBe(true);
    expect(t.children[0].value).toBe(t.children[0].children.reduce((s, c) => s + c.value, 0));
  });

  it('keeps a spine of frames all as wide as the cut, up to the budget', () => {
    const spine = profileFromText(Array.from({ length: 100 }, (_, i) => `f${i}`).join('\n'));
    // The root, 20 frames (half the budget: each may need a folded node), and the rest of the spine folded.
    expect(count(visibleFlameTree(spine, { widthPx: 1000, maxFrames: 40 }))).toBe(22);
  });

  it('walks a stack 20 000 frames deep without recursion', () => {
    const depth = 20_000;
    const deep = profileFromText(Array.from({ length: depth }, (_, i) => `f${i}`).join('\n'));
    const t = visibleFlameTree(deep, { widthPx: 1000, maxFrames: 50_000 });
    let d = 0;
    for (let x: VisibleFlameNode | undefined = t; x; x = x.children[0]) d++;
    expect(d).toBe(depth + 1);
  });
});

describe('searchFlame', () => {
  const byName = (q: string) => searchFlame(p, (f) => f.name.includes(q));

  it('counts every call node of a matching function, and its time once', () => {
    expect(byName('x')).toEqual({ count: 2, ms: 2, frames: [frameOf('x')] });
  });

  it('does not count time twice when a match is under a match', () => {
    const r = searchFlame(p, (f) => f.name === 'main' || f.name === 'a');
    expect(r.count).toBe(2);
    expect(r.ms).toBe(5);
  });

  it('matches on the location too, and finds nothing for no match', () => {
    expect(searchFlame(p, (_f, where) => where.includes('/app/app.js')).count).toBeGreaterThan(0);
    expect(byName('nothing-like-this')).toEqual({ count: 0, ms: 0, frames: [] });
  });
});
