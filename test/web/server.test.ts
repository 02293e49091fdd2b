// Browser mode's guard: the token, Host and Origin checks, and the API over HTTP + WebSocket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import WebSocket from 'ws';
import { createFlambeService } from '../../electron/services/service.ts';
import { startWebServer, type WebServer } from '../../electron/web/server.ts';

const token = 'test-token-0123456789';
const staticDir = mkdtempSync(path.join(tmpdir(), 'flambe-static-'));
writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Flambé</title>');
writeFileSync(path.join(staticDir, 'app.js'), 'console.log(1)');
const service = createFlambeService();
let server: WebServer;

beforeAll(async () => { server = await startWebServer({ service, token, staticDir }); });
afterAll(async () => { await server.close(); await service.dispose(); });

function request(pathname: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, path: pathname, method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('browser-mode server', () => {
  it('listens on 127.0.0.1 and prints a URL that carries the token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${token}`);
  });

  it('serves the page (public files) without a cookie, with a strict CSP and no framing', async () => {
    const r = await request(`/?token=${token}`);
    expect(r.status).toBe(200);
    expect(r.body).toContain('<title>Flambé</title>');
    // A cookie would reach every server on 127.0.0.1, whatever its port (issue 9 item 1a).
    expect(r.headers['set-cookie']).toBeUndefined();
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // No ws://[::1]: Chromium rejects an IPv6 literal in a source list and logs an error on every page load (issue 26).
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${server.port} ws://localhost:${server.port};`);
    expect(csp).not.toMatch(/\bwss?:(?!\/\/)/);
    expect(r.headers['x-frame-options']).toBe('DENY');
    // The page reloads without the token in its URL (the UI keeps it in sessionStorage); its assets carry none.
    expect((await request('/')).status).toBe(200);
    expect((await request('/app.js')).status).toBe(200);
  });

  it('sends the no-framing headers on refusals too', async () => {
    const r = await request('/api/demoServer', { method: 'POST' });
    expect(r.status).toBe(403);
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(String(r.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('does not take a cookie for the token', async () => {
    const r = await request('/api/demoServer', { method: 'POST', headers: { cookie: `flambe_token=${token}` }, body: '{}' });
    expect(r.status).toBe(403);
  });

  it('answers 400 to a malformed %-escape', async () => {
    expect((await request('/%E0%A4%A')).status).toBe(400);
    expect((await request('/assets/%zz.js')).status).toBe(400);
  });

  it.each([['with a Content-Length', false], ['chunked', true]])('keeps the connection usable (or closes it cleanly) after refusing a body over the limit, %s', async (_how, chunked) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = (body: string) => new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: server.port, path: '/api/demoServer', method: 'POST', agent,
        headers: { 'x-flambe-token': token, 'content-type': 'application/json' } }, (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, body: text, headers: res.headers }));
      });
      req.on('error', reject);
      if (chunked) {
        for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.slice(i, i + 64 * 1024));
        req.end();
      } else {
        req.end(body);
      }
    });
    try {
      const big = await post(JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }));
      expect(big.status).toBe(413);
      expect(JSON.parse(big.body).error.message).toMatch(/larger than 1 MiB/);
      const next = await post('{}');
      expect(next.status).toBe(200);
      expect(JSON.parse(next.body).ok).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it.each([
    ['no token', '/api/demoServer', {}],
    ['a wrong token', '/api/demoServer?token=nope', {}],
    ['a foreign Host header', `/?token=${token}`, { host: 'evil.example:80' }],
    ['a foreign Host header on a public file', '/app.js', { host: 'evil.example:80' }],
    ['a foreign Origin header', `/api/demoServer?token=${token}`, { origin: 'http://evil.example' }],
  ])('refuses %s with 403', async (_what, url, headers) => {
    const r = await request(url, { headers: headers as Record<string, string>, method: url.startsWith('/api') ? 'POST' : 'GET' });
    expect(r.status).toBe(403);
  });

  it('refuses path traversal', async () => {
    const r = await request(`/..%2F..%2Fetc%2Fpasswd?token=${token}`);
    expect(r.status).toBe(403);
  });

  it('answers API calls, validating the argument where it arrives', async () => {
    const headers = { 'x-flambe-token': token, 'content-type': 'application/json' };
    const ok = await request('/api/demoServer', { method: 'POST', headers, body: '{}' });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ ok: true, result: { script: expect.stringMatching(/server\.js$/), routes: expect.any(Array) } });
    // A user's mistake is data, not an HTTP failure: the browser logs nothing for it (issue 9 item 20).
    const bad = await request('/api/startRecording', { method: 'POST', headers, body: JSON.stringify({ targetId: null, load: { url: 'nope' } }) });
    expect(bad.status).toBe(200);
    expect(JSON.parse(bad.body)).toEqual({ ok: false, error: { kind: 'user', message: expect.stringMatching(/Enter the full URL/) } });
    const unknown = await request('/api/rmRf', { method: 'POST', headers, body: '{}' });
    expect(unknown.status).toBe(404);
    const user = await request('/api/getRecording', { method: 'POST', headers, body: '{"id":"nope"}' });
    expect(user.status).toBe(200);
    expect(JSON.parse(user.body)).toEqual({ ok: false, error: { kind: 'user', message: 'That recording is not available any more.' } });
    const headerInjection = await request('/api/startRecording', { method: 'POST', headers,
      body: JSON.stringify({ targetId: null, load: { url: 'http://127.0.0.1:9/', headers: { 'X-A': 'a\r\nInjected: 1' } } }) });
    expect(JSON.parse(headerInjection.body).error.message).toMatch(/^Header "X-A": the value of X-A contains a line break/);
    const notJson = await request('/api/demoServer', { method: 'POST', headers, body: '{' });
    expect(notJson.status).toBe(400); // a transport failure, not a user's mistake in a form
  });

  it('streams events over the WebSocket only with the token', async () => {
    const refused = new WebSocket(`ws://127.0.0.1:${server.port}/api/events`);
    await expect(new Promise((resolve, reject) => { refused.on('open', resolve); refused.on('error', reject); })).rejects.toThrow(/403/);
    const foreign = new WebSocket(`ws://127.0.0.1:${server.port}/api/events?token=${token}`, { origin: 'http://evil.example' });
    await expect(new Promise((resolve, reject) => { foreign.on('open', resolve); foreign.on('error', reject); })).rejects.toThrow(/403/);

    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api/events?token=${token}`);
    await new Promise((r) => ws.on('open', r));
    const got = new Promise<{ name: string; payload: { recordingId: string; error: string | null } }>((resolve) => {
      ws.on('message', (m) => {
        const e = JSON.parse(String(m));
        if (e.name === 'recordingDone') resolve(e);
      });
    });
    const headers = { 'x-flambe-token': token, 'content-type': 'application/json' };
    const started = await request('/api/startRecording', { method: 'POST', headers, body: JSON.stringify({ targetId: null, load: { url: 'http://127.0.0.1:9/', durationSec: 1 }, warmupSec: 0 }) });
    const { recordingId } = JSON.parse(started.body).result;
    const done = await got;
    expect(done.payload).toMatchObject({ recordingId, error: expect.stringMatching(/^Nothing is listening/), saved: false });
    ws.close();
  });
});
