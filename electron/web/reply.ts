// Every answer of the browser-mode server carries the same guard headers: no
// sniffing, no referrer, the content security policy, no framing
// (frame-ancestors, X-Frame-Options), no caching.
import type { ServerResponse } from 'node:http';

export interface Reply {
  send(res: ServerResponse, status: number, body: string | Buffer, type: string, extra?: Record<string, string>): void;
  sendJson(res: ServerResponse, status: number, body: unknown, extra?: Record<string, string>): void;
}

/** `csp`: read at each answer (the policy names the server's port, known once it listens). */
export function makeReply(csp: () => string): Reply {
  const send: Reply['send'] = (res, status, body, type, extra = {}) => {
    res.writeHead(status, {
      'content-type': type, 'content-length': Buffer.byteLength(body), 'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer', 'content-security-policy': csp(), 'x-frame-options': 'DENY', 'cache-control': 'no-store', ...extra,
    });
    res.end(body);
  };
  return { send, sendJson: (res, status, body, extra = {}) => send(res, status, JSON.stringify(body), 'application/json', extra) };
}
