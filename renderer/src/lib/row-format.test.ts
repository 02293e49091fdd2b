import { describe, expect, it } from 'vitest';
import { deletedMessage, formatRowDate, listedName, loadRouteText, parseTags, routeOf, rowRouteText, rowRouteTitle, shortTarget } from './row-format.ts';

describe('listedName', () => {
  it('cuts the date a default name ends with (the Date column shows it), so narrow names stay different', () => {
    const at = new Date(2026, 10, 28, 0, 56).toISOString();
    expect(listedName('GET /json · 2026-11-28 00:56', at)).toBe('GET /json');
    expect(listedName('GET /json + GET /log · LOG=1 · 2026-11-28 00:56', at)).toBe('GET /json + GET /log · LOG=1');
    expect(listedName('my baseline', at)).toBe('my baseline');
    expect(listedName('GET /json · 2026-11-27 10:00', at)).toBe('GET /json · 2026-11-27 10:00');
  });
});

describe('Library row text', () => {
  it('shows the route as method and path', () => {
    expect(routeOf('GET', 'http://127.0.0.1:3000/log')).toBe('GET /log');
    expect(routeOf('POST', 'http://localhost:8080/api/items?page=2')).toBe('POST /api/items?page=2');
    expect(routeOf('GET', 'http://127.0.0.1:3000')).toBe('GET /');
    expect(routeOf(null, 'not a url')).toBe('not a url');
    expect(routeOf('GET', null)).toBeNull();
  });

  it('keeps the file name of a script and host:port whole', () => {
    expect(shortTarget('/home/me/app/server.js')).toBe('server.js');
    expect(shortTarget('C:\\app\\index.js')).toBe('index.js');
    expect(shortTarget('127.0.0.1:9229')).toBe('127.0.0.1:9229');
    expect(shortTarget(null)).toBeNull();
  });

  it('dates read the same in every locale', () => {
    const iso = new Date(2026, 10, 3, 14, 5, 9).toISOString();
    expect(formatRowDate(iso)).toBe('2026-11-03 14:05');
    expect(formatRowDate('garbage')).toBe('garbage');
  });

  it('reads comma-separated tags', () => {
    expect(parseTags(' slow, baseline ,,slow ')).toEqual(['slow', 'baseline']);
    expect(parseTags('  ')).toEqual([]);
  });

  it('says what was deleted', () => {
    expect(deletedMessage(['GET /log'])).toBe('Deleted “GET /log”.');
    expect(deletedMessage(['a', 'b', 'c'])).toBe('Deleted 3 recordings.');
  });
});

describe('loadRouteText', () => {
  it('names every route of a multi-route burst by count, not the first route alone (its URL)', () => {
    const url = 'http://127.0.0.1:3000/health';
    const routes = ['/health', '/users', '/orders', '/search', '/login'].map((path) => ({ method: 'GET', path }));
    expect(loadRouteText({ method: 'GET', url, routes })).toBe('5 routes: GET /health, GET /users, …');
    expect(loadRouteText({ method: 'GET', url, routes: routes.slice(0, 2) })).toBe('2 routes: GET /health, GET /users');
    expect(loadRouteText({ method: 'GET', url, routes: [{ method: 'POST', path: '/users' }] })).toBe('POST /users');
    expect(loadRouteText({ method: 'GET', url })).toBe('GET /health');
    expect(loadRouteText(null)).toBeNull();
  });
});

describe('a Library row\'s Route cell', () => {
  it('names a multi-route burst\'s routes as its result\'s header does, not the URL field (issue 38)', () => {
    // The form's URL field still read /log from the recording before; the burst sent five other routes.
    const row = { method: 'GET', url: 'http://127.0.0.1:3000/log', routes: ['/hello', '/json', '/crypto', '/regex', '/x'].map((path) => ({ method: 'GET', path })) };
    expect(rowRouteText(row)).toBe('5 routes: GET /hello, GET /json, …');
    expect(rowRouteTitle(row)).toBe('GET /hello, GET /json, GET /crypto, GET /regex, GET /x');
    expect(rowRouteText({ method: 'GET', url: 'http://127.0.0.1:3000/log' })).toBe('GET /log');
    expect(rowRouteTitle({ url: 'http://127.0.0.1:3000/log' })).toBe('http://127.0.0.1:3000/log');
    expect(rowRouteText({ method: null, url: null })).toBeNull();
  });
});
