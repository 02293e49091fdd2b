import { describe, expect, it } from 'vitest';
import { classifyFrame, frameColor } from './frame-kind.ts';

describe('classifyFrame', () => {
  it('tells the four kinds apart', () => {
    expect(classifyFrame({ kind: 'js', url: 'file:///srv/app/routes/random.js' })).toBe('app');
    expect(classifyFrame({ kind: 'js', url: '/srv/app/node_modules/express/lib/router.js' })).toBe('dependency');
    expect(classifyFrame({ kind: 'js', url: 'C:\\app\\node_modules\\pino\\pino.js' })).toBe('dependency');
    expect(classifyFrame({ kind: 'js', url: 'node:internal/streams/writable' })).toBe('node');
    expect(classifyFrame({ kind: 'native', url: '' })).toBe('native');
    expect(classifyFrame({ kind: 'gc', url: '' })).toBe('native');
    expect(classifyFrame({ kind: 'idle', url: '' })).toBe('native');
  });
});

describe('frameColor', () => {
  it('is stable for a name and stays inside its class hue', () => {
    expect(frameColor('app', 'handleRequest')).toBe(frameColor('app', 'handleRequest'));
    expect(frameColor('dependency', 'x')).toMatch(/^hsl\(205 /);
  });
});
