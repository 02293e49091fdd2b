import { describe, expect, it } from 'vitest';
import type { Frame } from '../../../shared/profile/index.ts';
import { categoryWords, frameColor, legendClass, LEGEND } from './frame-colors.ts';
import { labelColorOn, legendColor, SPLIT_CATEGORY, splitColor } from './frame-colors.ts';

const frame = (url: string, kind: Frame['kind'] = 'js', name = 'f'): Frame => ({ name, url, line: 1, column: 1, kind });

describe('legendClass (shared/profile classifyFrame)', () => {
  it('uses the categories of shared/profile', () => {
    expect(legendClass(frame('file:///srv/app/routes/random.js'))).toBe('user');
    expect(legendClass(frame('file:///srv/app/node_modules/express/lib/router.js'))).toBe('dependency');
    expect(legendClass(frame('node:internal/streams/writable'))).toBe('node');
    expect(legendClass(frame('', 'native'))).toBe('native');
    expect(legendClass(frame('', 'gc', '(garbage collector)'))).toBe('gc');
    expect(legendClass(frame('', 'idle', '(idle)'))).toBe('idle');
    expect(legendClass(frame('', 'program', '(program)'))).toBe('program');
  });

  it('names a dependency by its package', () => {
    expect(categoryWords(frame('file:///a/node_modules/@scope/pkg/x.js'))).toBe('dependency: @scope/pkg');
    expect(categoryWords(frame('file:///a/b.js'))).toBe('your code');
  });

  it('has a legend entry for every class', () => {
    expect(LEGEND.map((l) => l.key).sort()).toEqual(['dependency', 'folded', 'gc', 'idle', 'native', 'node', 'program', 'user']);
  });
});

describe('frameColor', () => {
  it('is stable for a name and stays inside its class hue', () => {
    expect(frameColor('user', 'handleRequest')).toBe(frameColor('user', 'handleRequest'));
    expect(frameColor('dependency', 'x')).toMatch(/^hsl\(205 /);
  });
});

describe('one palette (issue 38: purple meant GC in the Library and V8 and native in the flamegraph)', () => {
  it('draws each part of the Library split bar in its category’s flamegraph legend colour, and no colour means two things', () => {
    const parts = Object.keys(SPLIT_CATEGORY) as (keyof typeof SPLIT_CATEGORY)[];
    for (const p of parts) expect({ p, colour: splitColor(p) }).toEqual({ p, colour: legendColor(SPLIT_CATEGORY[p]) });
    expect(splitColor('gc')).toBe(legendColor('gc'));
    expect(splitColor('other')).toBe(legendColor('native'));
    // Every colour, in the flamegraph's legend and the split bar, stands for one category.
    const meaning = new Map<string, string>();
    for (const l of LEGEND) meaning.set(legendColor(l.key), l.key);
    for (const p of parts) expect(meaning.get(splitColor(p))).toBe(SPLIT_CATEGORY[p]);
    expect(new Set(LEGEND.map((l) => legendColor(l.key))).size).toBe(LEGEND.length);
  });
});

describe('labelColorOn', () => {
  it('writes white on the differential flamegraph\'s deep blue and red, dark on its orange, grey and pale shades', () => {
    expect(labelColorOn('rgb(0,0,220)')).toBe('#ffffff');
    expect(labelColorOn('rgb(70,70,220)')).toBe('#ffffff');
    expect(labelColorOn('rgb(220,0,0)')).toBe('#ffffff');
    expect(labelColorOn('#e600e6')).toBe('#1b1b1b');
    for (const fill of ['rgb(255,190,90)', 'rgb(220,220,220)', 'rgb(200,200,220)', 'rgb(220, 180, 180)']) expect(labelColorOn(fill)).toBe('#1b1b1b');
    expect(labelColorOn('hsl(24 90% 62%)')).toBe('#1b1b1b');
  });
});
