import { describe, expect, it } from 'vitest';
import { contentTypeFor } from './http.ts';

describe('contentTypeFor', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['a.js', 'text/javascript; charset=utf-8'],
    ['a.CSS', 'text/css; charset=utf-8'],
    ['/dist/renderer/assets/icon.svg', 'image/svg+xml'],
    ['C:\\app\\f.woff2', 'font/woff2'],
    ['blob.bin', 'application/octet-stream'],
    ['.html', 'application/octet-stream'],
    ['noext', 'application/octet-stream'],
  ])('%s → %s', (file, type) => expect(contentTypeFor(file)).toBe(type));
});
