// What crosses Electron's renderer ⇄ main boundary, in one place for the
// preload (which exposes it), main (which answers it) and the renderer (which
// calls it). Types and constants only, no run-time import: the sandboxed
// preload bundles this file and may not pull in zod.
import type { ApiMethod, FlambeEvent, InvokeOutcome } from './api.ts';

/** The only channel the preload may invoke. */
export const INVOKE_CHANNEL = 'flambe:invoke';
/** The only channel main pushes service events on. */
export const EVENT_CHANNEL = 'flambe:event';

/**
 * What `flambe:invoke` resolves to: an InvokeOutcome. Failures travel as
 * data, not as a rejected promise: Electron prefixes errors thrown by an
 * `ipcMain.handle` handler with "Error invoking remote method …", and the
 * user must read our sentence, not that. The preload turns a failure back
 * into a rejected `Error(message)`.
 */
export type InvokeReply = InvokeOutcome;

/** What the preload exposes as `window.flambe`. */
export interface FlambeBridge {
  invoke(method: ApiMethod, arg: unknown): Promise<unknown>;
  /** Returns an unsubscribe function. */
  onEvent(listener: (event: FlambeEvent) => void): () => void;
}
