import { describe, expect, it } from 'vitest';
import { deletedMessage, formatRowDate, parseTags, routeOf, shortTarget } from './row-format.ts';

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
