// Attaching to a Node process that already runs with --inspect: list the
// inspector targets at host:port (GET /json/list) and pick one.
import http from 'node:http';
import { UserError, messageOf } from '../errors.ts';
import type { InspectorEntry } from '../../../shared/api.ts';

function hostForUrl(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function getJson(url: string, timeoutMs: number): Promise<{ status: number; body: string }> {
  // node:http rather than fetch: fetch refuses "bad ports" (1, 9, 6000, …) that an inspector may well use.
  return new Promise((resolve, reject) => {
    const req = http.get(url, { timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    req.on('error', reject);
  });
}

export async function listInspectorTargets(host: string, port: number, timeoutMs = 3000): Promise<InspectorEntry[]> {
  const where = `${host}:${port}`;
  let body: unknown;
  try {
    const res = await getJson(`http://${hostForUrl(host)}:${port}/json/list`, timeoutMs);
    if (res.status !== 200) throw new UserError(`${where} answered ${res.status}: it does not look like a Node inspector.`);
    body = JSON.parse(res.body);
  } catch (e) {
    if (e instanceof UserError) throw e;
    if (e instanceof SyntaxError) throw new UserError(`${where} is not a Node inspector (its answer is not JSON).`);
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED') {
      throw new UserError(`Nothing answers at ${where}: start your server with "node --inspect", or use "Launch a script".`);
    }
    if (code === 'ETIMEDOUT') throw new UserError(`${where} did not answer within ${timeoutMs / 1000} seconds.`);
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') throw new UserError(`The host ${host} could not be found.`);
    throw new UserError(`Could not reach ${where}: ${code ?? messageOf(e)}.`);
  }
  if (!Array.isArray(body)) throw new UserError(`${where} is not a Node inspector (unexpected answer).`);
  return body
    .filter((t): t is Record<string, unknown> => typeof t === 'object' && t !== null && typeof t.webSocketDebuggerUrl === 'string')
    .map((t) => ({
      id: String(t.id ?? ''),
      title: String(t.title ?? ''),
      url: String(t.url ?? ''),
      webSocketDebuggerUrl: String(t.webSocketDebuggerUrl),
    }));
}
