import { describe, expect, it } from 'vitest';
import { shortLocation } from './location.ts';

describe('shortLocation', () => {
  it('keeps the last two segments of your files', () => {
    expect(shortLocation('/work/main/assets/demo-server/server.js:36')).toBe('…/demo-server/server.js:36');
    expect(shortLocation('/app/app.js:3')).toBe('/app/app.js:3');
    expect(shortLocation('C:\\proj\\src\\routes\\a.js:5')).toBe('…/routes/a.js:5');
  });

  it('names dependencies by package', () => {
    expect(shortLocation('/srv/node_modules/express/lib/router/index.js:12')).toBe('express/…/index.js:12');
    expect(shortLocation('/srv/node_modules/@scope/pkg/x.js:1')).toBe('@scope/pkg/x.js:1');
  });

  it('leaves Node internals and empty locations alone', () => {
    expect(shortLocation('node:internal/streams/writable:120')).toBe('node:internal/streams/writable:120');
    expect(shortLocation('')).toBe('');
  });
});
