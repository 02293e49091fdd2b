// The Record screen's keys, anywhere in the window while it shows:
// Ctrl/Cmd+Enter records, Escape stops what runs.
import { useEffect, useEffectEvent } from 'react';

/** `active`: false while another screen shows (this one stays mounted): no keys then. `stop`: null when nothing runs. */
export function useRecordKeys(active: boolean, record: () => void, stop: (() => void) | null): void {
  const onKeyDown = useEffectEvent((e: KeyboardEvent) => {
    if (!active) return;
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.repeat) {
      e.preventDefault();
      record();
    } else if (e.key === 'Escape' && stop) {
      e.preventDefault();
      stop();
    }
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKeyDown(e);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
