// Browser mode (electron/web): POST /api/<method> with the token header, and
// one WebSocket at /api/events for the events, reconnected with backoff when
// it drops. Uses only fetch and WebSocket, so it also runs under Node ≥ 22
// (end-to-end tests can drive the services with it).
import { createApiProxy, type ApiErrorPayload, type FlambeEvent } from '../../../shared/api.ts';
import { reconnectDelayMs } from './backoff.ts';
import { toFlambeEvent } from './events.ts';
import { ApiError, type ConnectionStatus, type RendererClient } from './types.ts';

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

const UNREACHABLE = 'Flambé’s server cannot be reached: is it still running? Start it again with "npm run web".';
const REFUSED = 'Flambé’s server refused the request: open the address it printed in the terminal (with its token) again.';

function isErrorPayload(v: unknown): v is ApiErrorPayload {
  return typeof v === 'object' && v !== null && typeof (v as ApiErrorPayload).message === 'string';
}

export function createBrowserClient(options: BrowserClientOptions): RendererClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const token = options.token;
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const WS = options.WebSocket ?? globalThis.WebSocket;
  const delay = options.reconnectDelayMs ?? reconnectDelayMs;

  async function invoke(method: string, arg: unknown): Promise<unknown> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers['x-flambe-token'] = token;
    // An argument that carries bytes (an imported file) sends them as the body, as they are, and
    // the rest of the argument in a header: a 100 MB file is not turned into text and escaped.
    // A Blob (a chosen File, client/import-file.ts) is sent as it is: streamed from disk, not copied.
    const bytes = Object.entries((arg ?? {}) as Record<string, unknown>).find(([, v]) => v instanceof Uint8Array || (typeof Blob === 'function' && v instanceof Blob));
    let body: BodyInit;
    if (!bytes) body = JSON.stringify(arg ?? {});
    else {
      const rest = { ...(arg as Record<string, unknown>) };
      delete rest[bytes[0]];
      headers['content-type'] = 'application/octet-stream';
      headers['x-flambe-arg'] = encodeURIComponent(JSON.stringify(rest));
      headers['x-flambe-bytes'] = bytes[0];
      body = bytes[1] as Uint8Array<ArrayBuffer> | Blob;
    }
    let res: Response;
    try {
      res = await doFetch(`${base}/api/${method}`, { method: 'POST', headers, body, credentials: 'omit' });
    } catch {
      throw new ApiError(UNREACHABLE, 'user');
    }
    // A method whose result is bytes (getProfile) answers with the bytes themselves.
    if (res.ok && res.headers.get('content-type') === 'application/octet-stream') return new Uint8Array(await res.arrayBuffer());
    let answer: unknown = undefined;
    try {
      answer = await res.json();
    } catch {
      // Not JSON: a 403 from the guard, a proxy page… handled below.
    }
    // Errors are data: the server answers a user's mistake with 200 and {ok:false,error}
    // (no "Failed to load resource" in the console); 4xx bodies (guard, transport) use the same envelope.
    if (typeof answer === 'object' && answer !== null && 'ok' in answer) {
      const envelope = answer as { ok: unknown; result?: unknown; error?: unknown };
      if (envelope.ok === true) return envelope.result;
      if (isErrorPayload(envelope.error)) throw new ApiError(envelope.error.message, envelope.error.kind === 'user' ? 'user' : 'internal');
    }
    if (res.status === 403) throw new ApiError(REFUSED, 'user');
    throw new ApiError(`Flambé’s server gave an answer the UI does not understand (HTTP ${res.status}).`, 'internal');
  }

  // ---- events ----
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

  const wsUrl = (() => {
    const u = new URL('/api/events', `${base}/`);
    u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
    if (token) u.searchParams.set('token', token);
    return u.href;
  })();

  function connect() {
    timer = null;
    if (closed) return;
    let ws: WebSocket;
    try {
      ws = new WS(wsUrl);
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
      if (!event) return;
      for (const l of listeners) {
        try {
          l(event);
        } catch (e) {
          console.error('An event listener failed:', e);
        }
      }
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
    transport: 'browser',
    api: createApiProxy(invoke),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connection: {
      get: () => status,
      subscribe(listener) {
        statusListeners.add(listener);
        return () => statusListeners.delete(listener);
      },
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
