// Browser mode: the services behind HTTP + WebSocket on loopback only.
// The inspector can run any code in a target, so this server is guarded like
// a local admin panel: a random per-run token on every request (URL, header or
// the cookie the first page load sets), and Host/Origin checked against our own
// address (DNS rebinding, cross-site requests).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { apiInputSchemas, describeValidationError, isApiMethod, type ApiErrorPayload } from '../../shared/api.ts';
import { isUserError, messageOf } from '../services/errors.ts';
import type { FlambeService } from '../services/service.ts';

export interface WebServerOptions {
  service: FlambeService;
  token: string;
  port?: number;
  /** The built renderer (dist/renderer). */
  staticDir: string;
}

export interface WebServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json', '.map': 'application/json', '.woff2': 'font/woff2',
};
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' ws: wss:";
const MAX_BODY = 1024 * 1024;
// Imported profiles arrive as the request body: allow files of a few hundred MB.
const MAX_IMPORT_BODY = 512 * 1024 * 1024;
const COOKIE = 'flambe_token';

function sameToken(given: string | undefined | null, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieToken(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, v] = part.trim().split('=');
    if (k === COOKIE) return v;
  }
  return undefined;
}

/** Why a request is refused, or null when it may proceed. */
export function refusal(req: IncomingMessage, port: number, token: string): string | null {
  const allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  if (!allowedHosts.includes(req.headers.host ?? '')) return 'foreign Host header';
  const origin = req.headers.origin;
  if (origin !== undefined && !allowedHosts.some((h) => origin === `http://${h}`)) return 'foreign Origin header';
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const given = url.searchParams.get('token') ?? (req.headers['x-flambe-token'] as string | undefined) ?? cookieToken(req);
  if (!sameToken(given, token)) return 'missing or wrong token';
  return null;
}

function send(res: ServerResponse, status: number, body: string | Buffer, type: string, extra: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': type, 'content-length': Buffer.byteLength(body), 'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer', 'content-security-policy': CSP, 'cache-control': 'no-store', ...extra,
  });
  res.end(body);
}

const sendJson = (res: ServerResponse, status: number, body: unknown) => send(res, status, JSON.stringify(body), 'application/json');

async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return (await readBodyBytes(req, limit)).toString('utf8');
}

async function readBodyBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The argument of a call that carries bytes (an imported file): the bytes are
 * the body, the rest of the argument is JSON in the x-flambe-arg header and
 * x-flambe-bytes names the field the bytes go in.
 */
async function readBytesArg(req: IncomingMessage, limit: number): Promise<unknown> {
  const field = String(req.headers['x-flambe-bytes'] ?? '');
  if (!/^[A-Za-z]{1,40}$/.test(field)) throw new Error('bad bytes field');
  const rest = JSON.parse(decodeURIComponent(String(req.headers['x-flambe-arg'] ?? '%7B%7D'))) as unknown;
  if (typeof rest !== 'object' || rest === null || Array.isArray(rest)) throw new Error('bad argument');
  return { ...rest, [field]: await readBodyBytes(req, limit) };
}

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const { service, token, staticDir } = opts;
  let port = 0;

  async function handleApi(method: string, req: IncomingMessage, res: ServerResponse) {
    const fail = (status: number, error: ApiErrorPayload) => sendJson(res, status, { ok: false, error });
    if (req.method !== 'POST') return fail(405, { message: 'Use POST.', kind: 'user' });
    if (!isApiMethod(method)) return fail(404, { message: `There is no API method "${method}".`, kind: 'user' });
    let arg: unknown;
    try {
      const limit = method === 'importFile' ? MAX_IMPORT_BODY : MAX_BODY;
      if (req.headers['content-type'] === 'application/octet-stream') arg = await readBytesArg(req, limit);
      else {
        const text = await readBody(req, limit);
        arg = text ? JSON.parse(text) : {};
      }
    } catch {
      return fail(400, { message: `The request body is not valid JSON (or is larger than ${method === 'importFile' ? '512' : '1'} MB).`, kind: 'user' });
    }
    const parsed = apiInputSchemas[method].safeParse(arg);
    if (!parsed.success) return fail(400, { message: describeValidationError(parsed.error), kind: 'user' });
    try {
      const call = service.api[method] as (a: unknown) => Promise<unknown>;
      const result = await call(parsed.data);
      // Bytes (a recording's profile) travel as the body, as they are: no JSON round trip.
      if (result instanceof Uint8Array) send(res, 200, Buffer.from(result.buffer, result.byteOffset, result.byteLength), 'application/octet-stream');
      else sendJson(res, 200, { ok: true, result: result ?? null });
    } catch (e) {
      if (isUserError(e)) fail(400, { message: e.message, kind: 'user' });
      else {
        process.stderr.write(`internal error in ${method}: ${e instanceof Error ? e.stack : String(e)}\n`);
        fail(500, { message: `Something went wrong inside Flambé: ${messageOf(e)}`, kind: 'internal' });
      }
    }
  }

  async function handleStatic(pathname: string, res: ServerResponse, setCookie: boolean) {
    const rel = pathname === '/' ? 'index.html' : decodeURIComponent(pathname.slice(1));
    const file = path.resolve(staticDir, rel);
    if (file !== staticDir && !file.startsWith(staticDir + path.sep)) return send(res, 403, 'Forbidden\n', 'text/plain');
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      if (rel === 'index.html') return send(res, 500, 'The UI is not built: run "npm run build".\n', 'text/plain');
      return send(res, 404, 'Not found\n', 'text/plain');
    }
    const extra: Record<string, string> = setCookie ? { 'set-cookie': `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/` } : {};
    send(res, 200, body, CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream', extra);
  }

  const server = createServer((req, res) => {
    const why = refusal(req, port, token);
    if (why) return send(res, 403, `Forbidden: ${why}. Open the address Flambé printed, with its token.\n`, 'text/plain');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const api = /^\/api\/([A-Za-z]+)$/.exec(url.pathname);
    const done = api ? handleApi(api[1], req, res) : handleStatic(url.pathname, res, url.searchParams.has('token'));
    done.catch((e) => {
      if (!res.headersSent) send(res, 500, `Internal error: ${messageOf(e)}\n`, 'text/plain');
    });
  });

  const wss = new WebSocketServer({ noServer: true });
  const sockets = new Set<WebSocket>();
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/api/events' || refusal(req, port, token)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
    });
  });
  const unsubscribe = service.onEvent((event) => {
    const text = JSON.stringify(event);
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(text);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  return {
    port,
    url: `http://127.0.0.1:${port}/?token=${token}`,
    async close() {
      unsubscribe();
      for (const ws of sockets) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
