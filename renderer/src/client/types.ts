// What the UI holds: the contract's FlambeClient plus the state of the
// connection behind it (browser mode can lose its WebSocket; Electron's IPC
// cannot).
import type { FlambeClient } from '../../../shared/api.ts';

/** 'no-token': browser mode opened without its token (a pasted address): every call is refused, so nothing connects. */
export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'no-token';

export interface ConnectionState {
  get(): ConnectionStatus;
  /** Called on every status change; returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export interface RendererClient extends FlambeClient {
  transport: 'electron' | 'browser';
  connection: ConnectionState;
  /** Closes the event connection (tests; the app lives as long as the page). */
  close(): void;
}

/** An error from a call through a transport: the message is meant for the user. */
export class ApiError extends Error {
  readonly kind: 'user' | 'internal';
  constructor(message: string, kind: 'user' | 'internal') {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
  }
}

/** A call the server refused for want of the token: its sentence says what to do, and no other sentence should replace it. */
export class AccessRefused extends ApiError {
  constructor(message: string) {
    super(message, 'user');
    this.name = 'AccessRefused';
  }
}

/** The sentence to show for anything thrown by a call. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  return typeof e === 'string' ? e : 'Something went wrong.';
}

export function fixedConnection(status: ConnectionStatus): ConnectionState {
  return { get: () => status, subscribe: () => () => {} };
}
