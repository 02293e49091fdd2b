import { describe, expect, it } from 'vitest';
import { bottomUp, buildCallTree } from '../../../shared/profile/index.ts';
import { formatTree, profileFromText } from '../../../shared/profile/test-support/text-profile.ts';
import { AnalysisEngine } from './engine.ts';
import { menuItems, popTransform, pushTransform, targetFromFrame, targetFromGroup, transformsOf, type AppliedTransform } from './transform-menu.ts';

const p = profileFromText(`
  main                                     main                                     main   (idle)
  r[node_modules/express/lib/router.js:1]  r[node_modules/express/lib/router.js:1]  log[node:internal/console/constructor:1]
  handler[app.js:9]                        n[node_modules/express/lib/next.js:3]
  fib[app.js:20]
  fib[app.js:20]
`);
const frameOf = (name: string) => p.frames.findIndex((f) => f.name === name);
const labels = (items: ReturnType<typeof menuItems>) => items.map((i) => `${i.label}${i.disabled ? ` (${i.disabled})` : ''}`);

describe('context menu items', () => {
  it('a function of yours: focus, merge, drop meta, collapse recursion', () => {
    expect(labels(menuItems(targetFromFrame(p.frames[frameOf('fib')], frameOf('fib'))))).toEqual([
      'Focus on this function', 'Merge this function away', 'Drop idle / program / GC', 'Collapse recursion',
    ]);
  });

  it('a dependency offers to collapse its package; Node internals to collapse them', () => {
    expect(labels(menuItems(targetFromFrame(p.frames[frameOf('r')], frameOf('r'))))).toContain('Collapse package express');
    expect(labels(menuItems(targetFromFrame(p.frames[frameOf('log')], frameOf('log'))))).toContain('Collapse Node internals');
  });

  it('a package row (grouped by package) cannot be focused, but its package can be collapsed', () => {
    const express = bottomUp(p, { by: 'package' }).find((r) => r.name === 'express')!;
    expect(labels(menuItems(targetFromGroup(express)))).toEqual([
      'Focus on this function (Group by function to use this on one function.)',
      'Merge this function away (Group by function to use this on one function.)',
      'Collapse package express',
      'Drop idle / program / GC',
      'Collapse recursion (Group by function to use this on one function.)',
    ]);
  });

  it('(idle) is not a function', () => {
    const idle = frameOf('(idle)');
    expect(menuItems(targetFromFrame(p.frames[idle], idle))[0].disabled).toBe('(idle) is not a function.');
  });

  it('what is already applied is disabled', () => {
    const t = targetFromFrame(p.frames[frameOf('fib')], frameOf('fib'));
    const stack = pushTransform([], menuItems(t)[0].applied);
    expect(menuItems(t, stack)[0].disabled).toBe('Already applied.');
  });
});

describe('the transform stack', () => {
  const engine = new AnalysisEngine(p);
  const tree = (stack: readonly AppliedTransform[]) => formatTree(buildCallTree(engine.transformed(transformsOf(stack))));
  const item = (frame: string, id: string) => menuItems(targetFromFrame(p.frames[frameOf(frame)], frameOf(frame))).find((i) => i.id === id)!;

  it('focus: the call tree root becomes the function', () => {
    const stack = pushTransform([], item('handler', 'focus').applied);
    expect(stack.map((a) => a.label)).toEqual(['Focus: handler']);
    expect(tree(stack)).toBe([
      '- (root) (total 1, self 0)',
      '  - handler (total 1, self 0)',
      '    - fib (total 1, self 0)',
      '      - fib (total 1, self 1)',
    ].join('\n'));
  });

  it('transforms compose; pushing the same one twice changes nothing; popping goes back', () => {
    let stack = pushTransform([], item('r', 'collapse-package').applied);
    stack = pushTransform(stack, item('fib', 'collapse-recursion').applied);
    expect(pushTransform(stack, item('fib', 'collapse-recursion').applied)).toBe(stack);
    expect(stack.map((a) => a.label)).toEqual(['Collapse: express', 'Collapse recursion: fib']);
    expect(tree(stack)).toBe([
      '- (root) (total 4, self 0)',
      '  - main (total 3, self 0)',
      '    - express (total 2, self 1)',
      '      - handler (total 1, self 0)',
      '        - fib (total 1, self 1)',
      '    - log (total 1, self 1)',
      '  - (idle) (total 1, self 1)',
    ].join('\n'));
    // × on the first crumb pops it and everything after it.
    expect(popTransform(stack, 1).map((a) => a.label)).toEqual(['Collapse: express']);
    expect(popTransform(stack, 0)).toEqual([]);
    expect(tree(popTransform(stack, 0))).toBe(formatTree(buildCallTree(p)));
  });

  it('drop idle / program / GC and merge', () => {
    let stack = pushTransform([], item('fib', 'drop-meta').applied);
    stack = pushTransform(stack, item('r', 'merge').applied);
    expect(tree(stack)).toBe([
      '- (root) (total 3, self 0)',
      '  - main (total 3, self 0)',
      '    - handler (total 1, self 0)',
      '      - fib (total 1, self 0)',
      '        - fib (total 1, self 1)',
      '    - log (total 1, self 1)',
      '    - n (total 1, self 1)',
    ].join('\n'));
  });
});
