// Browser mode's calls: POST /api/<method> with the token header, the answer's
// envelope read back into a result or an ApiError. Bytes travel as bytes both
// ways (electron/web/README.md): an argument that carries bytes (an imported
// file) sends them as the body, a result that is bytes comes as the body.
import type { ApiErrorPayload } from '../../../shared/api.ts';
import { AccessRefused, ApiError } from './types.ts';

const UNREACHABLE = 'Flambé’s server cannot be reached: is it still running? Start it again with "npm run web".';
const REFUSED = 'Flambé’s server refused the request: open the address it printed in the terminal (with its token) again.';
/** A tab opened on an address without its token (the address bar drops it once a page has loaded): shown on every screen. */
export const NO_TOKEN = 'This tab has no access to Flambé’s server: its address was opened without the token (the address bar hides it once a page has loaded, so a copied address lacks it). Open the address Flambé printed in the terminal, with its ?token=…, in this tab.';

function isErrorPayload(v: unknown): v is ApiErrorPayload {
  return typeof v === 'object' && v !== null && typeof (v as ApiErrorPayload).message === 'string';
}

/** Calls one method of the contract at `base` (e.g. "http://127.0.0.1:4000"); `token` null: every call is refused. */
export function createHttpCall(base: string, token: string | null, doFetch: typeof fetch): (method: string, arg: unknown) => Promise<unknown> {
  return async (method, arg) => {
    // Without a token the guard refuses every call: say why, without asking.
    if (!token) throw new AccessRefused(NO_TOKEN);
    const { headers, body } = requestOf(arg, token);
    let res: Response;
    try {
      res = await doFetch(`${base}/api/${method}`, { method: 'POST', headers, body, credentials: 'omit' });
    } catch {
      throw new ApiError(UNREACHABLE, 'user');
    }
    return answerOf(res);
  };
}

/** The request for an argument: JSON, or its bytes as the body and the rest of it in a header. */
function requestOf(arg: unknown, token: string | null): { headers: Record<string, string>; body: BodyInit } {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['x-flambe-token'] = token;
  // An argument that carries bytes (an imported file) sends them as the body, as they are, and
  // the rest of the argument in a header: a 100 MB file is not turned into text and escaped.
  // A Blob (a chosen File, client/import-file.ts) is sent as it is: streamed from disk, not copied.
  const bytes = Object.entries((arg ?? {}) as Record<string, unknown>).find(([, v]) => v instanceof Uint8Array || (typeof Blob === 'function' && v instanceof Blob));
  if (!bytes) return { headers, body: JSON.stringify(arg ?? {}) };
  const rest = { ...(arg as Record<string, unknown>) };
  delete rest[bytes[0]];
  headers['content-type'] = 'application/octet-stream';
  headers['x-flambe-arg'] = encodeURIComponent(JSON.stringify(rest));
  headers['x-flambe-bytes'] = bytes[0];
  return { headers, body: bytes[1] as Uint8Array<ArrayBuffer> | Blob };
}

/** The result in an answer, or the ApiError it says (or one saying the answer was not understood). */
async function answerOf(res: Response): Promise<unknown> {
  // A method whose result is bytes (getProfile) answers with the bytes themselves.
  if (res.ok && res.headers.get('content-type') === 'application/octet-stream') return new Uint8Array(await res.arrayBuffer());
  let answer: unknown = undefined;
  try {
    answer = await res.json();
  } catch {
    // Not JSON: a 403 from the guard, a proxy page… handled below.
  }
  // Errors are data: the server answers a user's mistake with 200 and {ok:false,error}
  // (no "Failed to load resource" in the console); 4xx bodies (guard, transport) use the same envelope.
  if (typeof answer === 'object' && answer !== null && 'ok' in answer) {
    const envelope = answer as { ok: unknown; result?: unknown; error?: unknown };
    if (envelope.ok === true) return envelope.result;
    if (isErrorPayload(envelope.error)) throw new ApiError(envelope.error.message, envelope.error.kind === 'user' ? 'user' : 'internal');
  }
  if (res.status === 403) throw new AccessRefused(REFUSED);
  throw new ApiError(`Flambé’s server gave an answer the UI does not understand (HTTP ${res.status}).`, 'internal');
}
