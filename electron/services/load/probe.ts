// One request before the burst, so "nothing listens there" and "the server
// hangs" end in a sentence instead of thousands of connection errors.
import http from 'node:http';
import https from 'node:https';
import { UserError } from '../errors.ts';

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

export function probeUrl(url: string, timeoutMs = 5000, request?: ProbeRequest): Promise<ProbeResult> {
  const lib = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(url, { method: request?.method ?? 'GET', headers: request?.headers ?? {}, timeout: timeoutMs, rejectUnauthorized: false }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0 });
    });
    req.end(request?.body);
    req.on('timeout', () => {
      req.destroy();
      reject(new UserError(`The server at ${url} accepted the connection but did not answer within ${timeoutMs / 1000} seconds: is a request handler stuck?`));
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ECONNREFUSED') reject(new UserError(`Nothing is listening at ${url}: is the server running, and on that port?`));
      else if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') reject(new UserError(`The host in ${url} could not be found.`));
      else if (e.code === 'ECONNRESET') reject(new UserError(`The server at ${url} closed the connection without answering.`));
      else reject(new UserError(`Could not reach ${url}: ${e.code ?? e.message}.`));
    });
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
