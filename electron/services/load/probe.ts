// One request before the burst, so "nothing listens there" and "the server
// hangs" end in a sentence instead of thousands of connection errors.
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import { UserError } from '../errors.ts';
import { formatBytes } from '../../../shared/number-format.ts';

export interface ProbeResult {
  status: number;
}

/**
 * What the probe sends: the burst's first request (routes.ts), so a route that reads a body gets one — a bare
 * GET crashed a server that JSON.parses every body, and the recording ended before any load. Without it: a GET.
 */
export interface ProbeRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
}

export async function probeUrl(url: string, timeoutMs = 5000, request?: ProbeRequest): Promise<ProbeResult> {
  try {
    return await probeOnce(url, timeoutMs, request);
  } catch (e) {
    // A TLS server answers a plain HTTP request by closing the connection (or with a TLS alert, which
    // is not HTTP): its handshake says what it is, instead of "closed the connection without answering".
    const code = (e as { probeCode?: string }).probeCode;
    if (url.startsWith('http:') && (code === 'ECONNRESET' || code?.startsWith('HPE_')) && await speaksTls(url, Math.min(timeoutMs, 2000))) {
      throw new UserError(`The server at ${url} speaks HTTPS (TLS) on that port, not plain HTTP: load ${url.replace(/^http:/, 'https:')} instead.`);
    }
    throw e;
  }
}

/** Does the port of `url` complete a TLS handshake? (Certificates are not checked: a local server's is usually self-signed.) */
export function speaksTls(url: string, timeoutMs = 2000): Promise<boolean> {
  const u = new URL(url);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    const socket = tls.connect({ host, port: Number(u.port || 80), rejectUnauthorized: false, servername: /^[\d.:]+$/.test(host) ? undefined : host, timeout: timeoutMs });
    const done = (answer: boolean) => { socket.destroy(); resolve(answer); };
    socket.once('secureConnect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/** Node's HTTP parser codes in words: the server answered, but not with HTTP Flambé can read. */
const PARSER_WORDS: Record<string, string> = {
  HPE_INVALID_STATUS: 'its status line is not an HTTP status line',
  HPE_INVALID_CONSTANT: 'its answer does not begin with "HTTP/"',
  HPE_INVALID_VERSION: 'its answer names no HTTP version Flambé knows',
  HPE_INVALID_HEADER_TOKEN: 'one of its headers is malformed',
  HPE_HEADER_OVERFLOW: 'its headers are longer than Node accepts (16 KiB)',
  HPE_INVALID_CONTENT_LENGTH: 'its Content-Length header is not a valid length',
  HPE_UNEXPECTED_CONTENT_LENGTH: 'it sends both Content-Length and chunked encoding',
  HPE_INVALID_CHUNK_SIZE: 'a chunk of its chunked body has a malformed size',
  HPE_INVALID_TRANSFER_ENCODING: 'its Transfer-Encoding header is malformed',
  HPE_CR_EXPECTED: 'its lines do not end with CRLF as HTTP requires',
  HPE_LF_EXPECTED: 'its lines do not end with CRLF as HTTP requires',
};

function probeFailure(url: string, e: NodeJS.ErrnoException): UserError {
  const code = e.code ?? '';
  let sentence: string;
  if (code === 'ECONNREFUSED') sentence = `Nothing is listening at ${url}: is the server running, and on that port?`;
  else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') sentence = `The host in ${url} could not be found.`;
  else if (code === 'ECONNRESET') sentence = `The server at ${url} closed the connection without answering.`;
  else if (code.startsWith('HPE_')) {
    sentence = `The server at ${url} answered, but not with valid HTTP: ${PARSER_WORDS[code] ?? `Node's HTTP parser refused it (${code})`}. Is that port an HTTP server, and does it write its answer by hand?`;
  } else sentence = `Could not reach ${url}: ${code || e.message}.`;
  return Object.assign(new UserError(sentence), { probeCode: code });
}

/** More body than this from one request is no answer a burst can count (a stream, an endless body). */
const ENDLESS_BODY_BYTES = 64 * 1024 * 1024;

function endlessBody(url: string, status: number, bytes: number, ms: number): UserError {
  return new UserError(`The server at ${url} answered at once (status ${status}), but its body did not end: ${formatBytes(bytes)} arrived in ${(ms / 1000).toFixed(1)} s and more kept coming. `
    + 'A burst counts requests that end: is this route a stream (a download, server-sent events)? Load a route that answers and ends.');
}

function probeOnce(url: string, timeoutMs: number, request?: ProbeRequest): Promise<ProbeResult> {
  const lib = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    // Answered: the headers came. The body is read to its end too — one that never ends would
    // otherwise read as "No answer came back" after the burst, though the server answered at once.
    let answered: (() => void) | null = null;
    const req = lib.request(url, { method: request?.method ?? 'GET', headers: request?.headers ?? {}, timeout: timeoutMs, rejectUnauthorized: false }, (res) => {
      const status = res.statusCode ?? 0;
      const started = Date.now();
      let bytes = 0;
      const endless = () => {
        clearTimeout(timer);
        req.destroy();
        reject(endlessBody(url, status, bytes, Date.now() - started));
      };
      answered = endless;
      const timer = setTimeout(endless, timeoutMs);
      res.on('data', (d: Buffer) => { bytes += d.length; if (bytes > ENDLESS_BODY_BYTES) endless(); });
      // An end, or a body cut short (the burst's own business): the server answered.
      res.on('close', () => { clearTimeout(timer); resolve({ status }); });
    });
    req.end(request?.body);
    req.on('timeout', () => {
      if (answered) return answered();
      req.destroy();
      reject(new UserError(`The server at ${url} accepted the connection but did not answer within ${timeoutMs / 1000} seconds: is a request handler stuck?`));
    });
    req.on('error', (e: NodeJS.ErrnoException) => reject(probeFailure(url, e)));
  });
}

/** Waits until something accepts requests at `url` (a launched server may take a moment to listen). */
export async function waitForUrl(url: string, timeoutMs: number, isAlive: () => boolean = () => true, probeTimeoutMs = 5000, request?: ProbeRequest): Promise<ProbeResult> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await probeUrl(url, probeTimeoutMs, request);
    } catch (e) {
      const refused = e instanceof UserError && e.message.startsWith('Nothing is listening');
      if (!refused || !isAlive()) throw e;
      if (Date.now() > deadline) {
        throw new UserError(`The script started, but nothing listens at ${url} after ${Math.round(timeoutMs / 1000)} seconds: does it call listen() on that port?`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
