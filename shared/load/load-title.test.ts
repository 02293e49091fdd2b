import { describe, expect, it } from 'vitest';
import { loadTitle } from './load-title.ts';

describe('loadTitle', () => {
  it('names a single-URL load by its method and path', () => {
    expect(loadTitle({ method: 'POST', url: 'http://127.0.0.1:3000/api/items?x=1' })).toBe('POST /api/items?x=1');
    expect(loadTitle({ url: 'http://127.0.0.1:3000/' })).toBe('GET /');
  });
  it('names a multi-route burst by its routes, not by its one URL', () => {
    const url = 'http://127.0.0.1:3000/';
    expect(loadTitle({ url, routes: [{ path: '/json' }, { method: 'POST', path: '/items' }] })).toBe('GET /json + POST /items');
    expect(loadTitle({ url, routes: ['/a', '/b', '/c', '/d', '/e'].map((path) => ({ method: 'GET', path })) })).toBe('GET /a + GET /b + GET /c + 2 more');
  });
});
