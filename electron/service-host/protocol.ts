// The messages between Electron's main and the service host (a
// utilityProcess): main posts requests, the host posts results and events.
// Pure types and guards with no run-time import, so both sides (and the tests)
// load it without Electron.
import type { FlambeEvent, InvokeOutcome } from '../../shared/api.ts';

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
