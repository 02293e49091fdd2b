import { describe, expect, it } from 'vitest';
import type { Frame } from '../../../shared/profile/index.ts';
import { categoryWords, frameColor, legendClass, LEGEND } from './frame-colors.ts';

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
