// Browser mode: the services behind HTTP + WebSocket on loopback only.
// The inspector can run any code in a target, so this server is guarded like
// a local admin panel: a random per-run token on every API call and on the
// event socket (a header, or the URL for the socket), and Host/Origin checked
// against our own address on every request (DNS rebinding, cross-site
// requests). No cookie: cookies ignore ports, so one would reach every other
// server on 127.0.0.1. The built UI's files are public (they hold no secret),
// so the page reloads without its token; the UI keeps the token in
// sessionStorage. Nobody may frame the UI (frame-ancestors, X-Frame-Options).
import { MAX_PROFILE_BYTES } from '../../shared/profile/budgets.ts';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { isApiMethod, type ApiErrorPayload } from '../../shared/api.ts';
import { internalErrorSentence, noSuchMethodSentence } from '../../shared/api-sentences.ts';
import { dispatch } from '../services/dispatch/dispatch.ts';
import type { FlambeService } from '../services/service.ts';
import { contentSecurityPolicy, loopbackWebSocketOrigins } from '../../shared/csp.ts';
import { contentTypeFor } from '../../shared/http.ts';

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

const MAX_BODY = 1024 * 1024;
// Imported profiles arrive as the request body, up to the profile-text budget (a gzip file is smaller than what it holds).
const MAX_IMPORT_BODY = MAX_PROFILE_BYTES;

function sameToken(given: string | undefined | null, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Why a request is refused, or null when it may proceed. `needsToken` is
 * false for the UI's public files: Host and Origin are still checked.
 */
export function refusal(req: IncomingMessage, port: number, token: string, needsToken = true): string | null {
  const allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  if (!allowedHosts.includes(req.headers.host ?? '')) return 'foreign Host header';
  const origin = req.headers.origin;
  if (origin !== undefined && !allowedHosts.some((h) => origin === `http://${h}`)) return 'foreign Origin header';
  if (!needsToken) return null;
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const given = url.searchParams.get('token') ?? (req.headers['x-flambe-token'] as string | undefined);
  if (!sameToken(given, token)) return 'missing or wrong token';
  return null;
}

class BodyTooLarge extends Error {}

/**
 * The request body's bytes. Over `limit`, rejects with BodyTooLarge and
 * discards the rest as it arrives rather than destroying the socket, so the
 * refusal reaches the client (a reset would hide it, and break keep-alive).
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // An upload that waited its turn (importTurns) may have been given up by its client meanwhile.
    if (req.destroyed || req.readableAborted) {
      reject(new Error('the client went away'));
      return;
    }
    req.on('close', () => { if (!req.complete) reject(new Error('the client went away')); });
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(new BodyTooLarge());
      return;
    }
    // With its length declared, the body is written into one buffer of that size as it arrives: joining
    // the chunks at the end would hold it twice (a 92 MB import held 184 MB for a moment).
    const into = Number.isFinite(declared) && declared > 0 ? Buffer.allocUnsafeSlow(declared) : null;
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      if (size + chunk.length > (into ? into.length : limit)) {
        over = true;
        chunks.length = 0;
        reject(new BodyTooLarge());
        return;
      }
      if (into) chunk.copy(into, size);
      else chunks.push(chunk);
      size += chunk.length;
    });
    req.on('end', () => {
      if (!over) resolve(into ? into.subarray(0, size) : Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

/**
 * The argument of a call that carries bytes (an imported file): the bytes are
 * the body, the rest of the argument is JSON in the x-flambe-arg header and
 * x-flambe-bytes names the field the bytes go in.
 */
function bytesArg(req: IncomingMessage, body: Buffer): unknown {
  const field = String(req.headers['x-flambe-bytes'] ?? '');
  if (!/^[A-Za-z]{1,40}$/.test(field)) throw new Error('bad bytes field');
  const rest = JSON.parse(decodeURIComponent(String(req.headers['x-flambe-arg'] ?? '%7B%7D'))) as unknown;
  if (typeof rest !== 'object' || rest === null || Array.isArray(rest)) throw new Error('bad argument');
  return { ...rest, [field]: body };
}

/**
 * Uploads of files to import, read one at a time in the order they came:
 * the service imports one file at a time anyway, and an upload waiting its
 * turn stays in its socket (TCP holds the sender back), not in this
 * process's memory. Five 30 MB uploads at once held 360 MB here before.
 */
function importTurns(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const turn = last.then(work);
    last = turn.catch(() => undefined);
    return turn;
  };
}

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const { service, token, staticDir } = opts;
  let port = 0;
  let csp = '';
  const inTurn = importTurns();

  function send(res: ServerResponse, status: number, body: string | Buffer, type: string, extra: Record<string, string> = {}) {
    res.writeHead(status, {
      'content-type': type, 'content-length': Buffer.byteLength(body), 'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer', 'content-security-policy': csp, 'x-frame-options': 'DENY', 'cache-control': 'no-store', ...extra,
    });
    res.end(body);
  }
  const sendJson = (res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) =>
    send(res, status, JSON.stringify(body), 'application/json', extra);

  function handleApi(method: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    return method === 'importFile' ? inTurn(() => answerApi(method, req, res)) : answerApi(method, req, res);
  }

  async function answerApi(method: string, req: IncomingMessage, res: ServerResponse) {
    const fail = (status: number, error: ApiErrorPayload, extra: Record<string, string> = {}) => sendJson(res, status, { ok: false, error }, extra);
    if (req.method !== 'POST') return fail(405, { message: 'Use POST.', kind: 'user' });
    if (!isApiMethod(method)) return fail(404, { message: noSuchMethodSentence(method), kind: 'user' });
    let arg: unknown;
    const limit = method === 'importFile' ? MAX_IMPORT_BODY : MAX_BODY;
    let body: Buffer;
    try {
      body = await readBody(req, limit);
    } catch (e) {
      if (!(e instanceof BodyTooLarge)) throw e;
      // The rest of the body is not read: this connection ends after the answer.
      return fail(413, { message: `The request is larger than ${limit / (1024 * 1024)} MB, more than Flambé accepts.`, kind: 'user' }, { connection: 'close' });
    }
    try {
      if (req.headers['content-type'] === 'application/octet-stream') arg = bytesArg(req, body);
      else {
        const text = body.toString('utf8');
        arg = text ? JSON.parse(text) : {};
      }
    } catch {
      return fail(400, { message: 'The request body is not valid JSON.', kind: 'user' });
    }
    // Errors are data (issue 9 item 20): a user's mistake answers 200 with {ok:false,error}, so the
    // browser logs no "Failed to load resource"; 4xx is kept for the guard and the transport itself.
    const outcome = await dispatch(service.impl, method, arg, (line) => process.stderr.write(`${line}\n`));
    // Bytes (a recording's profile) travel as the body, as they are: no JSON round trip.
    if (outcome.ok && outcome.result instanceof Uint8Array) {
      return send(res, 200, Buffer.from(outcome.result.buffer, outcome.result.byteOffset, outcome.result.byteLength), 'application/octet-stream');
    }
    sendJson(res, 200, outcome);
  }

  async function handleStatic(pathname: string, res: ServerResponse) {
    let rel: string;
    try {
      rel = pathname === '/' ? 'index.html' : decodeURIComponent(pathname.slice(1));
    } catch {
      return send(res, 400, 'Bad request: the address has a malformed %-escape.\n', 'text/plain');
    }
    const file = path.resolve(staticDir, rel);
    if (file !== staticDir && !file.startsWith(staticDir + path.sep)) return send(res, 403, 'Forbidden\n', 'text/plain');
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      if (rel === 'index.html') return send(res, 500, 'The UI is not built: run "npm run build".\n', 'text/plain');
      return send(res, 404, 'Not found\n', 'text/plain');
    }
    send(res, 200, body, contentTypeFor(file));
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
    const why = refusal(req, port, token, isApi);
    if (why) return send(res, 403, `Forbidden: ${why}. Open the address Flambé printed, with its token.\n`, 'text/plain');
    const api = /^\/api\/([A-Za-z]+)$/.exec(url.pathname);
    if (isApi && !api) return sendJson(res, 404, { ok: false, error: { kind: 'user', message: 'There is no such API address.' } });
    const done = api ? handleApi(api[1], req, res) : handleStatic(url.pathname, res);
    done.catch((e) => {
      if (!res.headersSent) send(res, 500, `${internalErrorSentence(e)}\n`, 'text/plain');
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
  csp = contentSecurityPolicy({ connect: loopbackWebSocketOrigins(port) });

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
