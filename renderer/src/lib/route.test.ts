import { describe, expect, it } from 'vitest';
import { formatRoute, parseRoute, routeHash } from './route.ts';

describe('routes', () => {
  it('reads #/recordings/<id>, with or without a trailing slash', () => {
    expect(parseRoute('#/recordings/3f2a-b9')).toEqual({ screen: 'recording', id: '3f2a-b9' });
    expect(parseRoute('#/recordings/3f2a-b9/')).toEqual({ screen: 'recording', id: '3f2a-b9' });
  });

  it('round-trips ids that need escaping', () => {
    const id = 'a b/ç?#';
    expect(parseRoute(formatRoute({ screen: 'recording', id }))).toEqual({ screen: 'recording', id });
  });

  it('reads and writes #/compare/<idA>/<idB>, in that order', () => {
    expect(parseRoute('#/compare/abc/def')).toEqual({ screen: 'compare', a: 'abc', b: 'def' });
    expect(routeHash({ screen: 'compare', a: 'a b', b: 'c/d' })).toBe('#/compare/a%20b/c%2Fd');
    expect(parseRoute(routeHash({ screen: 'compare', a: 'a b', b: 'c/d' }))).toEqual({ screen: 'compare', a: 'a b', b: 'c/d' });
  });

  it('reads the library and the record screen', () => {
    expect(parseRoute('#/library')).toEqual({ screen: 'library' });
    expect(parseRoute('#/record')).toEqual({ screen: 'record' });
  });

  it('knows nothing else', () => {
    for (const h of ['', '#', '#/', '#/recordings/', '#/recordings', '#/recordings/a/b', '#/recordings/%E0%A4%A', '#/recordings/%20', '#/compare/only-one', '#/nope']) {
      expect(parseRoute(h)).toBeNull();
    }
    expect(formatRoute(null)).toBe('');
  });
});

describe('every screen has an address', () => {
  it('reads and writes experiments, sweeps and the comparison still to pick', () => {
    expect(parseRoute('#/experiments/e-1')).toEqual({ screen: 'experiment', id: 'e-1' });
    expect(parseRoute('#/sweeps/s-1')).toEqual({ screen: 'sweep', id: 's-1' });
    expect(parseRoute('#/compare')).toEqual({ screen: 'compare-pick' });
    expect(routeHash({ screen: 'experiment', id: 'e 1' })).toBe('#/experiments/e%201');
  });

  it("keeps a screen's own state after a '?': the library's search, the result's tab and range", () => {
    const library = { screen: 'library' as const, params: { q: 'GET /json', tag: 'slow' } };
    expect(routeHash(library)).toBe('#/library?q=GET+%2Fjson&tag=slow');
    expect(parseRoute(routeHash(library))).toEqual(library);
    expect(parseRoute('#/recordings/abc?tab=call-tree&range=1200-3400')).toEqual({ screen: 'recording', id: 'abc', params: { tab: 'call-tree', range: '1200-3400' } });
  });

  it('drops empty params, so a cleared search leaves a clean address', () => {
    expect(routeHash({ screen: 'library', params: { q: '' } })).toBe('#/library');
    expect(parseRoute('#/library?q=')).toEqual({ screen: 'library' });
  });
});
