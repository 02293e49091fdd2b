import { describe, expect, it } from 'vitest';
import { ariaSort, defaultSort, nextSort, sortArrow } from './sorting.ts';

describe('Library sorting state', () => {
  it('starts with the newest recordings first', () => {
    expect(defaultSort).toEqual({ column: 'createdAt', direction: 'desc' });
    expect(sortArrow(defaultSort, 'createdAt')).toBe('▼');
    expect(ariaSort(defaultSort, 'createdAt')).toBe('descending');
  });

  it('flips the direction when the sorted column is clicked again', () => {
    const once = nextSort(defaultSort, 'createdAt');
    expect(once).toEqual({ column: 'createdAt', direction: 'asc' });
    expect(nextSort(once, 'createdAt')).toEqual({ column: 'createdAt', direction: 'desc' });
  });

  it('sorts text A→Z and numbers biggest-first when a new column is clicked', () => {
    expect(nextSort(defaultSort, 'name')).toEqual({ column: 'name', direction: 'asc' });
    expect(nextSort(defaultSort, 'url')).toEqual({ column: 'url', direction: 'asc' });
    expect(nextSort(defaultSort, 'rps')).toEqual({ column: 'rps', direction: 'desc' });
    expect(nextSort({ column: 'rps', direction: 'asc' }, 'p99Ms')).toEqual({ column: 'p99Ms', direction: 'desc' });
  });

  it('marks only the sorted column', () => {
    const s = { column: 'name', direction: 'asc' } as const;
    expect(sortArrow(s, 'name')).toBe('▲');
    expect(ariaSort(s, 'name')).toBe('ascending');
    expect(sortArrow(s, 'rps')).toBe('');
    expect(ariaSort(s, 'rps')).toBe('none');
  });
});
