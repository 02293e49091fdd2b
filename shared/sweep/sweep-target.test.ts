import { describe, expect, it } from 'vitest';
import { sweepTarget } from './sweep-target.ts';

describe('what a sweep loaded', () => {
  it('names the routes its levels sent, on the server, not the URL field it kept (issue 38\'s walk)', () => {
    const route = (path: string) => ({ method: 'GET', path });
    const url = 'http://127.0.0.1:38439/log';
    expect(sweepTarget({ url, levels: [{ routes: [route('/warn'), route('/quiet')] }, { routes: [route('/warn'), route('/quiet')] }] })).toBe('GET /warn + GET /quiet on http://127.0.0.1:38439');
    expect(sweepTarget({ url, levels: [{}, {}] })).toBe(url);
  });
});
