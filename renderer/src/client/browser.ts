// Browser mode (electron/web): POST /api/<method> with the token header, and
// one WebSocket at /api/events for the events, reconnected with backoff when
// it drops. Uses only fetch and WebSocket, so it also runs under Node ≥ 22
// (end-to-end tests can drive the services with it). The calls are made in
// http-call.ts, the events come through event-socket.ts.
import { createApiProxy } from '../../../shared/api.ts';
import { reconnectDelayMs } from './backoff.ts';
import { eventsUrl, openEventSocket } from './event-socket.ts';
import { createHttpCall } from './http-call.ts';
import { fixedConnection, type RendererClient } from './types.ts';

export interface BrowserClientOptions {
  /** Where the Flambé server is, e.g. "http://127.0.0.1:4000" (the page's origin in the app). */
  baseUrl: string;
  /** The per-run token, sent as a header (never a cookie: cookies ignore ports). Null: every call is refused. */
  token: string | null;
  fetch?: typeof fetch;
  WebSocket?: typeof WebSocket;
  /** Delay before reconnect attempt N (0-based). */
  reconnectDelayMs?: (attempt: number) => number;
}

export function createBrowserClient(options: BrowserClientOptions): RendererClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  if (!options.token) {
    // A pasted address without its token: the event socket would be refused and retried for ever
    // ("Lost the connection… reconnecting"); the page says what is missing instead (ConnectionBanner).
    return {
      transport: 'browser', api: createApiProxy(createHttpCall(base, null, doFetch)),
      onEvent: () => () => {}, connection: fixedConnection('no-token'), close: () => {},
    };
  }
  const events = openEventSocket(eventsUrl(base, options.token), options.WebSocket ?? globalThis.WebSocket, options.reconnectDelayMs ?? reconnectDelayMs);
  return {
    transport: 'browser',
    api: createApiProxy(createHttpCall(base, options.token, doFetch)),
    onEvent: (listener) => events.onEvent(listener),
    connection: {
      get: () => events.status(),
      subscribe: (listener) => events.onStatus(listener),
    },
    close: () => events.close(),
  };
}
