import { describe, expect, it } from 'vitest';
import { frameAfterKey, type WalkNode } from './flame-keys.ts';

interface N extends WalkNode { name: string; parent: N | null; children?: N[] }
function tree(): Record<string, N> {
  const root: N = { name: 'root', parent: null, children: [] };
  const main: N = { name: 'main', parent: root, children: [] };
  const idle: N = { name: '(idle)', parent: root };
  const handle: N = { name: 'handle', parent: main };
  const log: N = { name: 'log', parent: main };
  root.children = [main, idle];
  main.children = [handle, log];
  return { root, main, idle, handle, log };
}

describe('frameAfterKey: the flamegraph walked with arrows', () => {
  const t = tree();
  it('↑ goes to the widest callee, ↓ back to the caller', () => {
    expect(frameAfterKey(t.root, 'ArrowUp')?.name).toBe('main');
    expect(frameAfterKey(t.main, 'ArrowUp')?.name).toBe('handle');
    expect(frameAfterKey(t.handle, 'ArrowDown')?.name).toBe('main');
    expect(frameAfterKey(t.root, 'ArrowDown')).toBeNull();
    expect(frameAfterKey(t.log, 'ArrowUp')).toBeNull();
  });
  it('← and → go to the frames beside it, under the same caller', () => {
    expect(frameAfterKey(t.handle, 'ArrowRight')?.name).toBe('log');
    expect(frameAfterKey(t.log, 'ArrowLeft')?.name).toBe('handle');
    expect(frameAfterKey(t.log, 'ArrowRight')).toBeNull();
    expect(frameAfterKey(t.root, 'ArrowRight')).toBeNull();
  });
  it('skips frames that are not drawn (too narrow)', () => {
    expect(frameAfterKey(t.handle, 'ArrowRight', (n) => n.name !== 'log')).toBeNull();
    expect(frameAfterKey(t.main, 'ArrowUp', (n) => n.name !== 'handle')?.name).toBe('log');
  });
});
