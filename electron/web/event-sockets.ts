// GET /api/events: a WebSocket per page, each sent every service event as
// JSON. A socket is refused (403, then closed) unless it passes the same
// guard as the API (its token in the URL: a browser's WebSocket cannot send
// headers).
import type { IncomingMessage, Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import type { FlambeService } from '../services/service.ts';

/** `refused`: why a request may not open the socket, or null. Returns a function that closes every socket. */
export function serveEvents(server: Server, service: FlambeService, refused: (req: IncomingMessage) => string | null): () => void {
  const wss = new WebSocketServer({ noServer: true });
  const sockets = new Set<WebSocket>();
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/api/events' || refused(req)) {
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
  return () => {
    unsubscribe();
    for (const ws of sockets) ws.terminate();
    wss.close();
  };
}
