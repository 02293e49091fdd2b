// Events cross a process boundary: check their shape before the UI sees them.
import type { FlambeEvent } from '../../../shared/api.ts';
import { eventNames } from '../../../shared/api-methods.ts';

// The events of the contract (shared/api.ts checks the list against FlambeEvents at compile time).
const EVENT_NAMES: ReadonlySet<string> = new Set(eventNames);

/** The event in a raw value (an object, or JSON text of one), or null when it is not one. */
export function toFlambeEvent(raw: unknown): FlambeEvent | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const { name, payload } = value as { name?: unknown; payload?: unknown };
  if (typeof name !== 'string' || !EVENT_NAMES.has(name)) return null;
  if (typeof payload !== 'object' || payload === null) return null;
  return { name, payload } as FlambeEvent;
}
