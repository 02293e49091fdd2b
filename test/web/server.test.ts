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

  it('serves the page with the token, and sets a cookie for the page\'s own requests', async () => {
    const r = await request(`/?token=${token}`);
    expect(r.status).toBe(200);
    expect(r.body).toContain('<title>Flambé</title>');
    expect(r.headers['set-cookie']?.[0]).toMatch(/^flambe_token=test-token-0123456789; HttpOnly; SameSite=Strict/);
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    const asset = await request('/app.js', { headers: { cookie: `flambe_token=${token}` } });
    expect(asset.status).toBe(200);
  });

  it.each([
    ['no token', '/', {}],
    ['a wrong token', '/?token=nope', {}],
    ['a foreign Host header', `/?token=${token}`, { host: 'evil.example:80' }],
    ['a foreign Origin header', `/?token=${token}`, { origin: 'http://evil.example' }],
    ['an API call without the token', '/api/demoServer', {}],
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
    const bad = await request('/api/startRecording', { method: 'POST', headers, body: JSON.stringify({ targetId: null, load: { url: 'nope' } }) });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({ ok: false, error: { kind: 'user', message: expect.stringMatching(/Enter the full URL/) } });
    const unknown = await request('/api/rmRf', { method: 'POST', headers, body: '{}' });
    expect(unknown.status).toBe(404);
    const user = await request('/api/getRecording', { method: 'POST', headers, body: '{"id":"nope"}' });
    expect(JSON.parse(user.body).error.message).toBe('That recording is not available any more.');
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
