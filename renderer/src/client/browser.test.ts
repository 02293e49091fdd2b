import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserClient } from './browser.ts';
import { ApiError, type RendererClient } from './types.ts';

/** A WebSocket stand-in the test drives by hand. */
class FakeSocket {
  static all: FakeSocket[] = [];
  url: string;
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(url: string) {
    this.url = url;
    FakeSocket.all.push(this);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.();
  }
  drop() {
    this.onclose?.();
  }
  send(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) });
  }
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let client: RendererClient | null = null;
afterEach(() => {
  client?.close();
  client = null;
  FakeSocket.all = [];
  vi.useRealTimers();
});

function make(fetch: typeof globalThis.fetch, delays = () => 1000) {
  client = createBrowserClient({
    baseUrl: 'http://127.0.0.1:4000/',
    token: 'tok-en',
    fetch,
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    reconnectDelayMs: delays,
  });
  return client;
}

describe('browser client calls', () => {
  it('POSTs the argument to /api/<method> with the token header and returns the result', async () => {
    const fetch = vi.fn(async () => json(200, { ok: true, result: { targetId: 't1' } }));
    const c = make(fetch as unknown as typeof globalThis.fetch);
    await expect(c.api.getTarget({ targetId: 't1' })).resolves.toEqual({ targetId: 't1' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:4000/api/getTarget');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"targetId":"t1"}');
    expect((init.headers as Record<string, string>)['x-flambe-token']).toBe('tok-en');
  });

  it('gives a bytes answer (a recording\'s profile) as the bytes themselves', async () => {
    const bytes = new TextEncoder().encode('{"nodes":[]}');
    const c = make((async () => new Response(bytes, { status: 200, headers: { 'content-type': 'application/octet-stream' } })) as typeof fetch);
    const got = await c.api.getProfile({ id: 'r1' });
    expect(got).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(got)).toBe('{"nodes":[]}');
  });

  it('sends an argument\'s bytes (an imported file) as the body, the rest of the argument in a header', async () => {
    const fetch = vi.fn(async () => json(200, { ok: true, result: { id: 'r' } }));
    const c = make(fetch as unknown as typeof globalThis.fetch);
    // Never turned into JSON (a 78 MB Uint8Array as JSON is longer than a string may be).
    const content = Object.assign(new TextEncoder().encode('{"nodes":[]}'), { toJSON: () => { throw new Error('the bytes were stringified'); } });
    await c.api.importFile({ fileName: 'a b.cpuprofile', content });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(headers['content-type']).toBe('application/octet-stream');
    expect(headers['x-flambe-bytes']).toBe('content');
    expect(JSON.parse(decodeURIComponent(headers['x-flambe-arg']))).toEqual({ fileName: 'a b.cpuprofile' });
    expect(init.body).toBe(content);
  });

  it('rejects with the server sentence and its kind (errors arrive as data, with HTTP 200)', async () => {
    const c = make((async () => json(200, { ok: false, error: { message: 'Choose the script to launch.', kind: 'user' } })) as typeof fetch);
    const err = await c.api.launchTarget({ script: '' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: 'Choose the script to launch.', kind: 'user' });
  });

  it('still reads an error envelope on a 4xx (the guard and the transport answer so)', async () => {
    const c = make((async () => json(413, { ok: false, error: { message: 'The request is larger than 1 MB, more than Flambé accepts.', kind: 'user' } })) as typeof fetch);
    await expect(c.api.demoServer({})).rejects.toThrow(/larger than 1 MB/);
  });

  it('explains a refused token and an unreachable server', async () => {
    const refused = make((async () => new Response('Forbidden: missing or wrong token', { status: 403 })) as typeof fetch);
    await expect(refused.api.demoServer({})).rejects.toThrow(/refused the request/);
    refused.close();
    const down = make((async () => { throw new TypeError('fetch failed'); }) as typeof fetch);
    await expect(down.api.demoServer({})).rejects.toThrow(/cannot be reached/);
  });
});

describe('browser client events', () => {
  it('connects to /api/events with the token and delivers valid events only', () => {
    const c = make(vi.fn() as unknown as typeof fetch);
    const seen: string[] = [];
    c.onEvent((e) => seen.push(e.name));
    const ws = FakeSocket.all[0];
    expect(ws.url).toBe('ws://127.0.0.1:4000/api/events?token=tok-en');
    ws.open();
    expect(c.connection.get()).toBe('open');
    ws.send({ name: 'recordingDone', payload: { recordingId: 'r1', error: null } });
    ws.send({ name: 'nonsense', payload: {} });
    ws.onmessage?.({ data: 'not json' });
    expect(seen).toEqual(['recordingDone']);
  });

  it('reconnects with backoff after a drop and reports it', () => {
    vi.useFakeTimers();
    const c = make(vi.fn() as unknown as typeof fetch, () => 1000);
    const statuses: string[] = [];
    c.connection.subscribe(() => statuses.push(c.connection.get()));
    FakeSocket.all[0].open();
    FakeSocket.all[0].drop();
    expect(c.connection.get()).toBe('reconnecting');
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].open();
    expect(statuses).toEqual(['open', 'reconnecting', 'open']);
  });

  it('stops reconnecting once closed', () => {
    vi.useFakeTimers();
    const c = make(vi.fn() as unknown as typeof fetch);
    FakeSocket.all[0].drop();
    c.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
