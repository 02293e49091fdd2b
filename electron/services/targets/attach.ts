// Attaching to a Node process that already runs with --inspect: list the
// inspector targets at host:port (GET /json/list) and pick one.
import { UserError, messageOf } from '../errors.ts';
import type { InspectorEntry } from '../../../shared/api.ts';

export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

function hostForUrl(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export async function listInspectorTargets(host: string, port: number, timeoutMs = 3000): Promise<InspectorEntry[]> {
  const where = `${host}:${port}`;
  let body: unknown;
  try {
    const res = await fetch(`http://${hostForUrl(host)}:${port}/json/list`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new UserError(`${where} answered ${res.status}: it does not look like a Node inspector.`);
    body = await res.json();
  } catch (e) {
    if (e instanceof UserError) throw e;
    const code = (e as { cause?: { code?: string } }).cause?.code;
    if (code === 'ECONNREFUSED') {
      throw new UserError(`Nothing answers at ${where}: start your server with "node --inspect", or use "Launch a script".`);
    }
    if ((e as Error).name === 'TimeoutError') throw new UserError(`${where} did not answer within ${timeoutMs / 1000} seconds.`);
    if (e instanceof SyntaxError) throw new UserError(`${where} is not a Node inspector (its answer is not JSON).`);
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
