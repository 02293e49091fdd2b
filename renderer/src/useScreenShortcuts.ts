// Ctrl/⌘+1 Record, Ctrl/⌘+2 Library; Ctrl/⌘+Z undoes a delete while its
// toast shows (not while the user types: the field's own undo wins there).
import { useEffect, useEffectEvent } from 'react';
import type { Screen } from './screens.ts';

export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

function isTyping(target: EventTarget | null): boolean {
  const t = target as HTMLElement | null;
  return !!t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));
}

export function useScreenShortcuts({ go, canUndo, undo }: { go(screen: Screen): void; canUndo: boolean; undo(): void }): void {
  const onKeyDown = useEffectEvent((e: KeyboardEvent) => {
    const mod = isMac ? e.metaKey : e.ctrlKey;
    if (!mod || e.altKey || e.shiftKey) return;
    if (e.key === '1') go('record');
    else if (e.key === '2') go('library');
    else if (e.key.toLowerCase() === 'z' && canUndo && !isTyping(e.target)) undo();
    else return;
    e.preventDefault();
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKeyDown(e);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
