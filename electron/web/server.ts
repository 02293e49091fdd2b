// Browser mode: the services behind HTTP + WebSocket on loopback only.
// The inspector can run any code in a target, so this server is guarded like
// a local admin panel: a random per-run token on every API call and on the
// event socket (a header, or the URL for the socket), and Host/Origin checked
// against our own address on every request (DNS rebinding, cross-site
// requests). No cookie: cookies ignore ports, so one would reach every other
// server on 127.0.0.1. The built UI's files are public (they hold no secret),
// so the page reloads without its token; the UI keeps the token in
// sessionStorage. Nobody may frame the UI (frame-ancestors, X-Frame-Options).
// The API's calls are answered in api-route.ts, the UI's files in
// static-files.ts, the events in event-sockets.ts; reply.ts sets the guard
// headers of every answer.
import { createServer, type IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { internalErrorSentence } from '../../shared/api-sentences.ts';
import type { FlambeService } from '../services/service.ts';
import { contentSecurityPolicy, loopbackWebSocketOrigins } from '../../shared/csp.ts';
import { makeApiRoute } from './api-route.ts';
import { serveEvents } from './event-sockets.ts';
import { makeReply } from './reply.ts';
import { serveStatic } from './static-files.ts';

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

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const { service, token, staticDir } = opts;
  let port = 0;
  let csp = '';
  const reply = makeReply(() => csp);
  const { send, sendJson } = reply;
  const answerApi = makeApiRoute(service, reply);

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
    const why = refusal(req, port, token, isApi);
    if (why) return send(res, 403, `Forbidden: ${why}. Open the address Flambé printed, with its token.\n`, 'text/plain');
    const api = /^\/api\/([A-Za-z]+)$/.exec(url.pathname);
    if (isApi && !api) return sendJson(res, 404, { ok: false, error: { kind: 'user', message: 'There is no such API address.' } });
    const done = api ? answerApi(api[1], req, res) : serveStatic(staticDir, url.pathname, res, reply);
    done.catch((e) => {
      if (!res.headersSent) send(res, 500, `${internalErrorSentence(e)}\n`, 'text/plain');
    });
  });
  const closeEvents = serveEvents(server, service, (req) => refusal(req, port, token));

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
      closeEvents();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
