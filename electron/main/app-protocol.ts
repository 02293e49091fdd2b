// The renderer is served from app://flambe/ (a privileged custom scheme),
// not file://: a real origin for 'self' in the CSP, no access to the rest of
// the disk, and no file:// quirks. These functions are pure enough to test
// under plain Node; main.ts hands createAppProtocolHandler to protocol.handle.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentSecurityPolicy } from '../../shared/csp.ts';
import { contentTypeFor } from '../../shared/http.ts';

export const APP_SCHEME = 'app';
export const APP_HOST = 'flambe';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/** Sent with every response: the one policy of shared/csp.ts (index.html carries it as a meta tag). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * Maps an app:// URL to a file under `root`, or null when the URL is not
 * ours or would leave `root` (`..`, encoded or not, absolute paths, NUL,
 * backslashes on Windows). `pathApi` lets the tests check Windows rules too.
 */
export function resolveAppFile(root: string, url: string, pathApi: typeof path = path): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return null; // malformed %-escape
  }
  if (pathname.includes('\0')) return null;
  if (pathname === '' || pathname.endsWith('/')) pathname += 'index.html';
  const base = pathApi.resolve(root);
  const file = pathApi.resolve(base, `.${pathApi.sep}${pathname}`);
  const relative = pathApi.relative(base, file);
  if (relative === '' || relative === '..' || relative.startsWith(`..${pathApi.sep}`) || pathApi.isAbsolute(relative)) return null;
  return file;
}

function textResponse(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'content-security-policy': CONTENT_SECURITY_POLICY },
  });
}

/** The protocol.handle handler: GET files under `root` with their content type and the CSP. */
export function createAppProtocolHandler(root: string, read: (file: string) => Promise<Uint8Array> = readFile): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return textResponse(405, 'Method not allowed.');
    const file = resolveAppFile(root, request.url);
    if (!file) return textResponse(404, 'Not found.');
    let body: Uint8Array;
    try {
      body = await read(file);
    } catch {
      return textResponse(404, 'Not found.');
    }
    return new Response(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), {
      status: 200,
      headers: {
        'content-type': contentTypeFor(file),
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
      },
    });
  };
}
