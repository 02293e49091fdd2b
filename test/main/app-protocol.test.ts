import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, createAppProtocolHandler, resolveAppFile } from '../../electron/main/app-protocol.ts';

const root = '/opt/flambe/dist/renderer';

describe('resolveAppFile: app:// URL → file under the renderer folder', () => {
  it.each([
    ['app://flambe/index.html', '/opt/flambe/dist/renderer/index.html'],
    ['app://flambe/', '/opt/flambe/dist/renderer/index.html'],
    ['app://flambe', '/opt/flambe/dist/renderer/index.html'],
    ['app://flambe/assets/index-3f2a.js', '/opt/flambe/dist/renderer/assets/index-3f2a.js'],
    ['app://flambe/assets/my%20font.woff2', '/opt/flambe/dist/renderer/assets/my font.woff2'],
    ['app://flambe/index.html?x=1#top', '/opt/flambe/dist/renderer/index.html'],
  ])('%s → %s', (url, file) => {
    expect(resolveAppFile(root, url)).toBe(file);
  });

  it.each([
    ['another host', 'app://evil/index.html'],
    ['another scheme', 'file:///etc/passwd'],
    ['https', 'https://flambe/index.html'],
    ['encoded slashes and dots', 'app://flambe/%2F..%2F..%2F..%2Fetc%2Fpasswd'],
    ['encoded dot-dot after a folder', 'app://flambe/assets/..%2F..%2F..%2Fsecret'],
    ['a NUL byte', 'app://flambe/index.html%00.png'],
    ['a malformed escape', 'app://flambe/%E0%A4%A'],
    ['not a URL', 'not a url'],
  ])('refuses %s', (_what, url) => {
    expect(resolveAppFile(root, url)).toBeNull();
  });

  it('keeps dot-dot that the URL parser already resolved inside the root', () => {
    expect(resolveAppFile(root, 'app://flambe/../../etc/passwd')).toBe('/opt/flambe/dist/renderer/etc/passwd');
  });

  it('refuses backslash traversal with Windows path rules', () => {
    const winRoot = 'C:\\Program Files\\Flambe\\resources\\app.asar\\dist\\renderer';
    expect(resolveAppFile(winRoot, 'app://flambe/assets/app.js', path.win32)).toBe(`${winRoot}\\assets\\app.js`);
    expect(resolveAppFile(winRoot, 'app://flambe/..%5C..%5C..%5Cwin.ini', path.win32)).toBeNull();
    // A UNC-looking path stays a (missing) file inside the root, never \\server\share.
    expect(resolveAppFile(winRoot, 'app://flambe/%5C%5Cserver%5Cshare%5Cx', path.win32)).toBe(`${winRoot}\\server\\share\\x`);
    expect(resolveAppFile(winRoot, 'app://flambe/C:%5CWindows%5Cwin.ini', path.win32)).toBeNull();
  });
});

describe('the app:// protocol handler', () => {
  const disk: Record<string, string> = {
    [path.join(root, 'index.html')]: '<!doctype html>',
    [path.join(root, 'assets/app.js')]: 'console.log(1)',
  };
  const read = async (file: string) => {
    if (!(file in disk)) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    return new TextEncoder().encode(disk[file]);
  };
  const handler = createAppProtocolHandler(root, read);

  it('serves a file with its content type and the CSP', async () => {
    const res = await handler(new Request('app://flambe/assets/app.js'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('console.log(1)');
  });

  it('answers 404 for a missing file and for traversal, 405 for anything but GET', async () => {
    expect((await handler(new Request('app://flambe/nope.js'))).status).toBe(404);
    expect((await handler(new Request('app://flambe/%2F..%2F..%2Fetc%2Fpasswd'))).status).toBe(404);
    expect((await handler(new Request('app://flambe/index.html', { method: 'POST', body: 'x' }))).status).toBe(405);
  });

  it('has a strict policy: scripts only from the app itself', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });
});
