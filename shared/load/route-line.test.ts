import { describe, expect, it } from 'vitest';
import { parseRouteLine, parseRouteLines } from './route-line.ts';

describe('parseRouteLine', () => {
  it.each([
    ['GET /users', { method: 'GET', path: '/users' }],
    ['/users?page=2', { method: 'GET', path: '/users?page=2' }],
    ['post /orders 3', { method: 'POST', path: '/orders', weight: 3 }],
  ])('%s', (line, value) => expect(parseRouteLine(line)).toEqual({ ok: true, value }));

  it.each(['FETCH /x', 'GET users', 'GET /x 0', 'GET /x 2 extra', ''])('refuses %j in one sentence', (line) => {
    const r = parseRouteLine(line);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^A route is "METHOD \/path"/);
  });

  it('reads a box of lines, skipping empty ones', () => {
    expect(parseRouteLines('GET /a\n\nPOST /b 2\n')).toEqual({ ok: true, value: [{ method: 'GET', path: '/a' }, { method: 'POST', path: '/b', weight: 2 }] });
  });
});
