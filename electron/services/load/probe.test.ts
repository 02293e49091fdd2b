// The probe before the burst sends the burst's own request: a handler that
// JSON.parses every body crashed on a bare GET with none, and the recording
// ended "closed the connection without answering" before any load was sent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeUrl } from './probe.ts';

describe('probeUrl', () => {
  const seen: { method: string; type: string | undefined; body: string }[] = [];
  let server: http.Server;
  let url = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => {
        seen.push({ method: req.method ?? '', type: req.headers['content-type'], body });
        // As users write it: no body, no JSON — the socket is dropped.
        try { JSON.parse(body); res.end('ok'); } catch { req.socket.destroy(); }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/import`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends the method, headers and body it is given', async () => {
    const result = await probeUrl(url, 2000, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"items":[1]}' });
    expect(result.status).toBe(200);
    expect(seen.at(-1)).toEqual({ method: 'POST', type: 'application/json', body: '{"items":[1]}' });
  });

  it('is a plain GET without one', async () => {
    await expect(probeUrl(url, 2000)).rejects.toThrow(/closed the connection without answering/);
    expect(seen.at(-1)).toMatchObject({ method: 'GET', body: '' });
  });
});
