// Toasts at the bottom of the window: the Undo offer after a delete (it
// pauses while the pointer or focus is on it), and short notices.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PendingDelete } from './usePendingDeletes.ts';

export const UNDO_MS = 6000;

/** Mount with key={pending.key}: each delete gets its own full time. */
export function UndoToast({ pending, onUndo, onExpire, durationMs = UNDO_MS }: { pending: PendingDelete; onUndo(): void; onExpire(key: number): void; durationMs?: number }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const remaining = useRef(durationMs);
  const { key } = pending;

  useEffect(() => {
    if (paused) return;
    const start = Date.now();
    const timer = setTimeout(() => onExpire(key), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - start));
    };
  }, [paused, key, onExpire]);

  return (
    <div
      className="toast"
      role="status"
      data-testid="undo-toast"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <span>{pending.message}</span>
      <button type="button" className="button small" data-testid="undo-button" onClick={onUndo} aria-keyshortcuts="Control+Z Meta+Z">
        Undo
      </button>
      <span className="toast-timer" style={{ animationDuration: `${durationMs}ms`, animationPlayState: paused ? 'paused' : 'running' }} aria-hidden="true" />
    </div>
  );
}

export function NoticeToast({ children, onClose, testId }: { children: ReactNode; onClose(): void; testId?: string }) {
  return (
    <div className="toast" role="status" data-testid={testId}>
      {children}
      <button type="button" className="toast-close" aria-label="Close" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
