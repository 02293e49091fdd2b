// What crosses the two Electron boundaries, in one place:
//   renderer ⇄ main   (ipcRenderer.invoke / webContents.send, via the preload)
//   main ⇄ service host (utilityProcess postMessage)
// Pure types and constants: the sandboxed preload bundles this file, so it
// must not import anything at run time.
import type { ApiErrorPayload, ApiMethod, FlambeEvent } from '../../shared/api.ts';

/** The only channel the preload may invoke. */
export const INVOKE_CHANNEL = 'flambe:invoke';
/** The only channel main pushes service events on. */
export const EVENT_CHANNEL = 'flambe:event';

/**
 * What `flambe:invoke` resolves to. Failures travel as data, not as a
 * rejected promise: Electron prefixes errors thrown by an `ipcMain.handle`
 * handler with "Error invoking remote method 'flambe:invoke': Error: …",
 * and the user must read our sentence, not that. The preload turns a
 * failure back into a rejected `Error(message)`.
 */
export type InvokeOutcome = { ok: true; result: unknown } | { ok: false; error: ApiErrorPayload };

/** What the preload exposes as `window.flambe` (the renderer declares the same shape). */
export interface FlambeBridge {
  invoke(method: ApiMethod, arg: unknown): Promise<unknown>;
  /** Returns an unsubscribe function. */
  onEvent(listener: (event: FlambeEvent) => void): () => void;
}

// ---------- main ⇄ service host (utilityProcess) ----------

export type HostRequest =
  | { type: 'invoke'; id: number; method: string; arg: unknown }
  /** Stop recordings and launched targets, then exit. */
  | { type: 'dispose' };

export type HostReply =
  | ({ type: 'result'; id: number } & InvokeOutcome)
  | { type: 'event'; event: FlambeEvent };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isHostRequest(value: unknown): value is HostRequest {
  if (!isRecord(value)) return false;
  if (value.type === 'dispose') return true;
  return value.type === 'invoke' && Number.isSafeInteger(value.id) && typeof value.method === 'string';
}

export function isHostReply(value: unknown): value is HostReply {
  if (!isRecord(value)) return false;
  if (value.type === 'event') return isRecord(value.event) && typeof value.event.name === 'string';
  if (value.type !== 'result' || !Number.isSafeInteger(value.id)) return false;
  return value.ok === true || (value.ok === false && isRecord(value.error) && typeof value.error.message === 'string');
}
