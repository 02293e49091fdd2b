import { describe, expect, it } from 'vitest';
import { demoLoadUrl } from './demo-url.ts';

describe('demoLoadUrl', () => {
  it('points the load at a route that works, on the port the demo listens at', () => {
    expect(demoLoadUrl('http://127.0.0.1:43111/')).toBe('http://127.0.0.1:43111/json');
    expect(demoLoadUrl('http://[::1]:3000/')).toBe('http://[::1]:3000/json');
  });
  it('leaves what is not a URL as it is', () => {
    expect(demoLoadUrl('not a url')).toBe('not a url');
  });
});
