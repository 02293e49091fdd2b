import { describe, expect, it } from 'vitest';
import { ResponseFramer } from '../../../electron/services/load/response-framer.ts';

// Responses as servers send them: Express/Koa (Content-Length), node:http
// streaming (chunked, with a chunk extension and trailers), an interim
// 100 Continue, a 204, and one that closes the connection.
const RESPONSES = [
  'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\nConnection: keep-alive\r\n\r\nhello',
  'HTTP/1.1 201 Created\r\ncontent-length: 0\r\n\r\n',
  'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\na;ext=1\r\n0123456789\r\n0\r\n\r\n',
  'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Length: 9\r\n\r\nnot found',
  'HTTP/1.1 204 No Content\r\nDate: x\r\n\r\n',
  'HTTP/1.1 500 Internal Server Error\r\nTransfer-Encoding: gzip, chunked\r\nContent-Length: 99\r\n\r\n3\r\nabc\r\n0\r\nX-Trailer: 1\r\n\r\n',
  'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok',
];
const STATUSES = [200, 201, 200, 404, 204, 500, 200];
const CLOSES = [false, false, false, false, false, false, true];

function frame(parts: Buffer[], noBody = false) {
  const got: { status: number; bytes: number; closes: boolean }[] = [];
  const f = new ResponseFramer((status, bytes, closes) => got.push({ status, bytes, closes }));
  f.noBody = noBody;
  const results = parts.map((p) => f.feed(p));
  return { got, results, framer: f };
}

describe('the response framer', () => {
  const all = Buffer.from(RESPONSES.join(''), 'latin1');

  it('finds every response, its status and its bytes in one read', () => {
    const { got, results } = frame([all]);
    expect(results).toEqual(['more']);
    expect(got.map((g) => g.status)).toEqual(STATUSES);
    expect(got.map((g) => g.closes)).toEqual(CLOSES);
    expect(got.map((g) => g.bytes)).toEqual(RESPONSES.map((r) => r.length));
  });

  it('gives the same answer however the bytes are split across reads (every split point, and byte by byte)', () => {
    const want = frame([all]).got;
    for (let cut = 1; cut < all.length; cut++) expect(frame([all.subarray(0, cut), all.subarray(cut)]).got).toEqual(want);
    expect(frame([...all].map((b) => Buffer.from([b]))).got).toEqual(want);
  });

  it('reads no body after a HEAD, and a body with no length to the end of the connection', () => {
    expect(frame([Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n')], true).got).toEqual([{ status: 200, bytes: 38, closes: false }]);
    const { got, framer } = frame([Buffer.from('HTTP/1.0 200 OK\r\n\r\nsome'), Buffer.from(' body')]);
    expect(got).toEqual([]);
    expect(framer.end()).toBe(false);
    expect(got).toEqual([{ status: 200, bytes: 28, closes: true }]);
  });

  it('says a response cut short by the connection ending was cut short', () => {
    const { framer } = frame([Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhe')]);
    expect(framer.end()).toBe(true);
    expect(frame([Buffer.from('HTTP/1.1 200 OK\r\nContent')]).framer.end()).toBe(true);
  });

  it('refuses bytes that are not an HTTP/1.1 response', () => {
    expect(frame([Buffer.from('SSH-2.0-OpenSSH\r\n\r\n')]).results).toEqual(['error']);
    expect(frame([Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n')]).results).toEqual(['error']);
  });
});
