// What answers on each address a target listens on: a script that opens an
// upstream stub on N+1 before its server on N listens on both, and the user
// must choose which one to load (issue 23 item 8). One GET / per address, as a
// browser would send, on 127.0.0.1 only, each bounded by a short timeout; the
// answer is described in a few words so the two can be told apart.
import http from 'node:http';
import type { AddressAnswer } from '../../../shared/api.ts';

const TIMEOUT_MS = 1500;

/** "200 application/json, 57 bytes: {"ok":true,…" — the status, the type, the size and the start of the body. */
export function describeAnswer(status: number, contentType: string | undefined, body: Buffer, total: number): string {
  const type = contentType ? contentType.split(';')[0].trim() : 'no content type';
  const text = body.toString('utf8').replace(/\s+/g, ' ').trim();
  const start = /^(text\/|application\/(json|xml|javascript))/.test(type) && text ? `: ${text.length > 60 ? `${text.slice(0, 60)}…` : text}` : '';
  return `${status} ${type}, ${total} byte${total === 1 ? '' : 's'}${start}`;
}

const isLoopback = (url: string) => /^(127\.|\[::1\]$|localhost$)/.test(new URL(url).hostname);

function probe(url: string): Promise<AddressAnswer> {
  if (!isLoopback(url)) return Promise.resolve({ url, answer: 'not asked: it is on another computer' });
  return new Promise((resolve) => {
    const done = (answer: string) => resolve({ url, answer });
    const req = http.get(url, { timeout: TIMEOUT_MS, headers: { 'user-agent': 'Flambé (which address is the server?)' } }, (res) => {
      const chunks: Buffer[] = [];
      let total = 0;
      res.on('data', (c: Buffer) => {
        total += c.length;
        if (total <= 4096) chunks.push(c);
      });
      res.on('end', () => done(describeAnswer(res.statusCode ?? 0, res.headers['content-type'], Buffer.concat(chunks), total)));
      res.on('error', (e) => done(`no whole answer (${e.message})`));
    });
    req.on('timeout', () => {
      req.destroy();
      done(`no answer within ${TIMEOUT_MS / 1000} s`);
    });
    req.on('error', (e: NodeJS.ErrnoException) => done(`no HTTP answer (${e.code ?? e.message})`));
  });
}

/** Each address probed, one after the other (they are few, and the server is not to be loaded yet). */
export async function probeAddresses(urls: readonly string[]): Promise<AddressAnswer[]> {
  const out: AddressAnswer[] = [];
  for (const url of urls) out.push(await probe(url));
  return out;
}
