import { describe, expect, it } from 'vitest';
import { parseRoute, routeHash } from './route.ts';

describe('route', () => {
  it('reads and writes #/compare/<idA>/<idB>, in that order', () => {
    expect(parseRoute('#/compare/abc/def')).toEqual({ screen: 'compare', a: 'abc', b: 'def' });
    expect(routeHash({ screen: 'compare', a: 'a b', b: 'c/d' })).toBe('#/compare/a%20b/c%2Fd');
    expect(parseRoute(routeHash({ screen: 'compare', a: 'a b', b: 'c/d' }))).toEqual({ screen: 'compare', a: 'a b', b: 'c/d' });
  });

  it('reads a recording, the library and nothing else', () => {
    expect(parseRoute('#/recordings/x1')).toEqual({ screen: 'recording', id: 'x1' });
    expect(parseRoute('#/library')).toEqual({ screen: 'library' });
    expect(parseRoute('')).toBeNull();
    expect(parseRoute('#/compare/only-one')).toBeNull();
    expect(parseRoute('#/nope')).toBeNull();
  });
});
