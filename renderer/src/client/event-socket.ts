// Browser mode's events: one WebSocket at /api/events (the token in its URL:
// a browser's WebSocket cannot send headers), every message checked
// (events.ts) and handed to each listener, reconnected with backoff when it
// drops. Its connection state (connecting, open, reconnecting) is shown by
// the UI's banner.
import type { FlambeEvent } from '../../../shared/api.ts';
import { toFlambeEvent } from './events.ts';
import type { ConnectionStatus } from './types.ts';

export interface EventSocket {
  status(): ConnectionStatus;
  onStatus(listener: () => void): () => void;
  onEvent(listener: (event: FlambeEvent) => void): () => void;
  close(): void;
}

/** The socket's address for the server at `base` (http → ws, https → wss). */
export function eventsUrl(base: string, token: string | null): string {
  const u = new URL('/api/events', `${base}/`);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  if (token) u.searchParams.set('token', token);
  return u.href;
}

/** `delay`: the wait before reconnect attempt N (0-based). */
export function openEventSocket(url: string, WS: typeof WebSocket, delay: (attempt: number) => number): EventSocket {
  const listeners = new Set<(event: FlambeEvent) => void>();
  const statusListeners = new Set<() => void>();
  let status: ConnectionStatus = 'connecting';
  let socket: WebSocket | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const setStatus = (s: ConnectionStatus) => {
    if (s === status) return;
    status = s;
    for (const l of statusListeners) l();
  };

  const deliver = (event: FlambeEvent) => {
    for (const l of listeners) {
      try {
        l(event);
      } catch (e) {
        console.error('An event listener failed:', e);
      }
    }
  };

  function connect() {
    timer = null;
    if (closed) return;
    let ws: WebSocket;
    try {
      ws = new WS(url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      setStatus('open');
    };
    ws.onmessage = (message: MessageEvent) => {
      const event = toFlambeEvent(message.data);
      if (event) deliver(event);
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      scheduleReconnect();
    };
    // An error is always followed by close, which reconnects.
    ws.onerror = () => {};
  }

  function scheduleReconnect() {
    if (closed || timer) return;
    setStatus('reconnecting');
    timer = setTimeout(connect, delay(attempt++));
  }

  connect();

  return {
    status: () => status,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const ws = socket;
      socket = null;
      ws?.close();
    },
  };
}
