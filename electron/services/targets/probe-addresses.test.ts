import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeAnswer, probeAddresses } from './probe-addresses.ts';

describe('describeAnswer', () => {
  it('says the status, the type, the size and the start of a text body', () => {
    expect(describeAnswer(200, 'application/json; charset=utf-8', Buffer.from('{"ok":true}'), 11)).toBe('200 application/json, 11 bytes: {"ok":true}');
    expect(describeAnswer(404, undefined, Buffer.alloc(0), 0)).toBe('404 no content type, 0 bytes');
    expect(describeAnswer(200, 'image/png', Buffer.from([1, 2]), 2)).toBe('200 image/png, 2 bytes');
  });
});

describe('probeAddresses', () => {
  const servers: http.Server[] = [];
  const urls: string[] = [];
  beforeAll(async () => {
    for (const handler of [
      (_: http.IncomingMessage, res: http.ServerResponse) => res.end('upstream stub'),
      (_: http.IncomingMessage, res: http.ServerResponse) => { res.setHeader('content-type', 'application/json'); res.end('{"routes":["/login"]}'); },
    ]) {
      const s = http.createServer(handler);
      await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
      servers.push(s);
      urls.push(`http://127.0.0.1:${(s.address() as AddressInfo).port}/`);
    }
  });
  afterAll(() => servers.forEach((s) => s.close()));

  it('tells two servers of one script apart by what they answer, and names an address where nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const gone = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
    await new Promise((r) => closed.close(r));
    const answers = await probeAddresses([...urls, gone, 'http://10.1.2.3:80/']);
    expect(answers.map((a) => a.answer)).toEqual([
      '200 no content type, 13 bytes',
      '200 application/json, 21 bytes: {"routes":["/login"]}',
      'no HTTP answer (ECONNREFUSED)',
      'not asked: it is on another computer',
    ]);
  });
});
