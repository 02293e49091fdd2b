// POST /api/<method>: the argument read (JSON, or bytes with the rest of the
// argument in a header), the call dispatched to the service, the answer sent
// as {ok,result} / {ok:false,error} — or as bytes when the result is bytes.
// Errors are data (issue 9 item 20): a user's mistake answers 200 with
// {ok:false,error}, so the browser logs no "Failed to load resource"; 4xx is
// kept for the guard and the transport itself.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_PROFILE_BYTES } from '../../shared/profile/budgets.ts';
import { isApiMethod, type ApiErrorPayload } from '../../shared/api.ts';
import { noSuchMethodSentence } from '../../shared/api-sentences.ts';
import { dispatch } from '../services/dispatch/dispatch.ts';
import type { FlambeService } from '../services/service.ts';
import type { Reply } from './reply.ts';
import { formatBytes } from '../../shared/number-format.ts';

const MAX_BODY = 1024 * 1024;
// Imported profiles arrive as the request body, up to the profile-text budget (a gzip file is smaller than what it holds).
const MAX_IMPORT_BODY = MAX_PROFILE_BYTES;

class BodyTooLarge extends Error {}

/**
 * The request body's bytes. Over `limit`, rejects with BodyTooLarge and
 * discards the rest as it arrives rather than destroying the socket, so the
 * refusal reaches the client (a reset would hide it, and break keep-alive).
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // An upload that waited its turn (importTurns) may have been given up by its client meanwhile.
    if (req.destroyed || req.readableAborted) {
      reject(new Error('the client went away'));
      return;
    }
    req.on('close', () => { if (!req.complete) reject(new Error('the client went away')); });
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(new BodyTooLarge());
      return;
    }
    // With its length declared, the body is written into one buffer of that size as it arrives: joining
    // the chunks at the end would hold it twice (a 92 MB import held 184 MB for a moment).
    const into = Number.isFinite(declared) && declared > 0 ? Buffer.allocUnsafeSlow(declared) : null;
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      if (size + chunk.length > (into ? into.length : limit)) {
        over = true;
        chunks.length = 0;
        reject(new BodyTooLarge());
        return;
      }
      if (into) chunk.copy(into, size);
      else chunks.push(chunk);
      size += chunk.length;
    });
    req.on('end', () => {
      if (!over) resolve(into ? into.subarray(0, size) : Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

/**
 * The argument of a call that carries bytes (an imported file): the bytes are
 * the body, the rest of the argument is JSON in the x-flambe-arg header and
 * x-flambe-bytes names the field the bytes go in.
 */
function bytesArg(req: IncomingMessage, body: Buffer): unknown {
  const field = String(req.headers['x-flambe-bytes'] ?? '');
  if (!/^[A-Za-z]{1,40}$/.test(field)) throw new Error('bad bytes field');
  const rest = JSON.parse(decodeURIComponent(String(req.headers['x-flambe-arg'] ?? '%7B%7D'))) as unknown;
  if (typeof rest !== 'object' || rest === null || Array.isArray(rest)) throw new Error('bad argument');
  return { ...rest, [field]: body };
}

/**
 * Uploads of files to import, read one at a time in the order they came:
 * the service imports one file at a time anyway, and an upload waiting its
 * turn stays in its socket (TCP holds the sender back), not in this
 * process's memory. Five 30 MB uploads at once held 360 MB here before.
 */
function importTurns(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const turn = last.then(work);
    last = turn.catch(() => undefined);
    return turn;
  };
}

/** Answers the API's calls; uploads to importFile wait their turn (importTurns). */
export function makeApiRoute(service: FlambeService, reply: Reply): (method: string, req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const inTurn = importTurns();
  const answer = (method: string, req: IncomingMessage, res: ServerResponse) => answerApi(service, reply, method, req, res);
  return (method, req, res) => (method === 'importFile' ? inTurn(() => answer(method, req, res)) : answer(method, req, res));
}

async function answerApi(service: FlambeService, { send, sendJson }: Reply, method: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const fail = (status: number, error: ApiErrorPayload, extra: Record<string, string> = {}) => sendJson(res, status, { ok: false, error }, extra);
  if (req.method !== 'POST') return fail(405, { message: 'Use POST.', kind: 'user' });
  if (!isApiMethod(method)) return fail(404, { message: noSuchMethodSentence(method), kind: 'user' });
  let arg: unknown;
  const limit = method === 'importFile' ? MAX_IMPORT_BODY : MAX_BODY;
  let body: Buffer;
  try {
    body = await readBody(req, limit);
  } catch (e) {
    if (!(e instanceof BodyTooLarge)) throw e;
    // The rest of the body is not read: this connection ends after the answer.
    return fail(413, { message: `The request is larger than ${formatBytes(limit)}, more than Flambé accepts.`, kind: 'user' }, { connection: 'close' });
  }
  try {
    if (req.headers['content-type'] === 'application/octet-stream') arg = bytesArg(req, body);
    else {
      const text = body.toString('utf8');
      arg = text ? JSON.parse(text) : {};
    }
  } catch {
    return fail(400, { message: 'The request body is not valid JSON.', kind: 'user' });
  }
  const outcome = await dispatch(service.impl, method, arg, (line) => process.stderr.write(`${line}\n`));
  // Bytes (a recording's profile) travel as the body, as they are: no JSON round trip.
  if (outcome.ok && outcome.result instanceof Uint8Array) {
    return send(res, 200, Buffer.from(outcome.result.buffer, outcome.result.byteOffset, outcome.result.byteLength), 'application/octet-stream');
  }
  sendJson(res, 200, outcome);
}
