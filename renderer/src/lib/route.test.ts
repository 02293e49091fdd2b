import { describe, expect, it } from 'vitest';
import { formatRoute, parseRoute } from './route.ts';

describe('routes', () => {
  it('reads #/recordings/<id>, with or without a trailing slash', () => {
    expect(parseRoute('#/recordings/3f2a-b9')).toEqual({ kind: 'recording', id: '3f2a-b9' });
    expect(parseRoute('#/recordings/3f2a-b9/')).toEqual({ kind: 'recording', id: '3f2a-b9' });
  });

  it('round-trips ids that need escaping', () => {
    const id = 'a b/ç?#';
    expect(parseRoute(formatRoute({ kind: 'recording', id }))).toEqual({ kind: 'recording', id });
  });

  it('knows nothing else', () => {
    for (const h of ['', '#', '#/', '#/recordings/', '#/recordings', '#/recordings/a/b', '#/library', '#/recordings/%E0%A4%A', '#/recordings/%20']) {
      expect(parseRoute(h)).toBeNull();
    }
    expect(formatRoute(null)).toBe('');
  });
});
