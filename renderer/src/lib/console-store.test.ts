import { describe, expect, it, vi } from 'vitest';
import { ConsoleStore } from './console-store.ts';

const text = (s: ConsoleStore, id: string) => s.get(id).map((c) => c.text).join('');

describe('ConsoleStore', () => {
  it('keeps output per target, in order, with its stream', () => {
    const s = new ConsoleStore();
    s.append('a', 'stdout', 'hello\n');
    s.append('b', 'stdout', 'other\n');
    s.append('a', 'stderr', 'oops\n');
    expect(s.get('a').map((c) => [c.stream, c.text])).toEqual([['stdout', 'hello\n'], ['stderr', 'oops\n']]);
    expect(text(s, 'b')).toBe('other\n');
    expect(s.get('missing')).toEqual([]);
  });

  it('caps the number of lines, cutting the oldest chunk', () => {
    const s = new ConsoleStore(3);
    s.append('a', 'stdout', '1\n2\n');
    s.append('a', 'stdout', '3\n4\n');
    expect(text(s, 'a')).toBe('2\n3\n4\n');
    s.append('a', 'stdout', '5\n6\n7\n8\n');
    expect(text(s, 'a')).toBe('6\n7\n8\n');
    expect(s.lineCount('a')).toBe(3);
  });

  it('gives a new array only when the output changes', () => {
    const s = new ConsoleStore();
    s.append('a', 'stdout', 'x\n');
    const before = s.get('a');
    s.append('b', 'stdout', 'y\n');
    expect(s.get('a')).toBe(before);
    s.append('a', 'stdout', 'z\n');
    expect(s.get('a')).not.toBe(before);
  });

  it('forgets the oldest targets', () => {
    const s = new ConsoleStore(100, 2);
    s.append('a', 'stdout', '1\n');
    s.append('b', 'stdout', '2\n');
    s.append('c', 'stdout', '3\n');
    expect(s.get('a')).toEqual([]);
    expect(text(s, 'c')).toBe('3\n');
  });

  it('notifies subscribers', () => {
    const s = new ConsoleStore();
    const listener = vi.fn();
    const off = s.subscribe(listener);
    s.append('a', 'stdout', 'x');
    s.clear('a');
    off();
    s.append('a', 'stdout', 'y');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
