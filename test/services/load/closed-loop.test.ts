// Integration: the closed-loop burst (closed-loop.ts) against a real node:http
// server in another process that counts what it answered — the truth the
// burst's numbers are held to.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettingsSchema, type LoadSettings, type LoadSummary } from '../../../shared/api.ts';
import { runBurstInWorker } from '../../../electron/services/load/run.ts';

// Routes written the way users write them: res.end with a body (Content-Length),
// res.write in pieces (chunked), a server that closes each connection, one that
// works 10 ms before answering (a timer may fire early by its clock's rounding; a busy loop cannot), one that never answers.
const SERVER = `
const http = require('node:http');
let answered = 0;
const server = http.createServer((req, res) => {
  if (req.url === '/count') return res.end(String(answered));
  if (req.url === '/hang') return;
  res.on('finish', () => answered++);
  if (req.url === '/stream') { res.write('a'.repeat(100)); return setImmediate(() => res.end('b'.repeat(50))); }
  if (req.url === '/close') { res.setHeader('Connection', 'close'); return res.end('bye'); }
  if (req.url === '/busy10') { const t0 = performance.now(); while (performance.now() - t0 < 10); return res.end('late'); }
  res.end('hello');
});
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
`;

let child: ChildProcess;
let base = '';
beforeAll(async () => {
  child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise<string>((resolve) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
  });
});
afterAll(() => child?.kill());

const burst = (load: LoadSettings): Promise<LoadSummary> => runBurstInWorker({ settings: loadSettingsSchema.parse(load) }).done;
const answeredSoFar = async () => Number(await (await fetch(`${base}/count`)).text());

describe('the closed-loop burst', () => {
  it('counts exactly the responses the server sent: chunked, closing each connection, or plain', async () => {
    for (const [route, bytesEach] of [['/stream', 150], ['/close', 3], ['/hello', 5]] as const) {
      const before = await answeredSoFar();
      const l = await burst({ url: `${base}${route}`, connections: 1, requests: 60, durationSec: 30 });
      expect(await answeredSoFar() - before).toBe(60);
      expect(l).toMatchObject({ requests: 60, errors: 0, timeouts: 0, non2xx: 0, statusCodes: { 200: 60 } });
      // The bytes are whole responses (head + body): more than the bodies, and the same for each.
      expect(l.bytesPerSec * l.durationSec / 60).toBeGreaterThan(bytesEach);
    }
  });

  it('times each request from its write to its last byte: none faster than the server', async () => {
    const l = await burst({ url: `${base}/busy10`, connections: 2, durationSec: 1 });
    expect(l.requests).toBeGreaterThan(5);
    expect(l.latencyMs.min).toBeGreaterThanOrEqual(10);
  });

  it('counts a request the server never answers as a timeout, once', async () => {
    const l = await burst({ url: `${base}/hang`, connections: 2, durationSec: 2.5, timeoutSec: 1 });
    expect(l.requests).toBe(0);
    expect(l.errors).toBe(0);
    // 2 connections × 2 whole timeouts each in 2.5 s (a crowded machine may fire one late).
    expect(l.timeouts).toBeGreaterThanOrEqual(2);
    expect(l.timeouts).toBeLessThanOrEqual(4);
  });

  it('counts connection errors when nothing listens, and still ends on time', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const l = await burst({ url: `http://127.0.0.1:${port}/`, connections: 2, durationSec: 1 });
    expect(l.requests).toBe(0);
    expect(l.errors).toBeGreaterThan(0);
    expect(l.durationSec).toBeLessThan(3);
  });
});
