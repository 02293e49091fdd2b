// Events cross a process boundary: check their shape before the UI sees them.
import type { FlambeEvent } from '../../../shared/api.ts';

// The events of shared/api.ts (FlambeEvents). A listener switches on the name,
// so an event it does not know is simply ignored.
const EVENT_NAMES: ReadonlySet<string> = new Set(['targetOutput', 'targetExit', 'recordingProgress', 'recordingDone', 'libraryChanged', 'experimentProgress', 'experimentDone']);

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
