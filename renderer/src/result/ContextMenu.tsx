// The transforms menu, opened by a right-click on a flamegraph frame or a
// table row (or the context-menu key / Shift+F10 on a row). WAI-ARIA menu:
// focus moves into it, ↑/↓/Home/End move, Enter/Space choose, Escape (or a
// click elsewhere, a scroll, a resize) closes it and focus goes back.
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import type { MenuItem } from '../analysis/transform-menu.ts';

interface Props {
  x: number;
  y: number;
  title: string;
  items: MenuItem[];
  onChoose(item: MenuItem): void;
  onClose(): void;
}

export function ContextMenu({ x, y, title, items, onChoose, onClose }: Props) {
  const menu = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<Element | null>(null);

  // Place it inside the window, then move focus in.
  useLayoutEffect(() => {
    const el = menu.current!;
    returnFocus.current = document.activeElement;
    const box = el.getBoundingClientRect();
    el.style.left = `${Math.max(4, Math.min(x, window.innerWidth - box.width - 4))}px`;
    el.style.top = `${Math.max(4, Math.min(y, window.innerHeight - box.height - 4))}px`;
    el.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
  }, [x, y]);

  useEffect(() => {
    const away = (e: Event) => {
      if (menu.current && e.target instanceof Node && menu.current.contains(e.target)) return;
      onClose();
    };
    const close = () => onClose();
    document.addEventListener('mousedown', away, true);
    document.addEventListener('contextmenu', away, true);
    window.addEventListener('resize', close);
    window.addEventListener('blur', close);
    document.addEventListener('scroll', close, true);
    return () => {
      document.removeEventListener('mousedown', away, true);
      document.removeEventListener('contextmenu', away, true);
      window.removeEventListener('resize', close);
      window.removeEventListener('blur', close);
      document.removeEventListener('scroll', close, true);
      const back = returnFocus.current;
      if (back instanceof HTMLElement && back.isConnected) back.focus({ preventScroll: true });
    };
  }, [onClose]);

  const onKeyDown = (e: KeyboardEvent) => {
    const enabled = [...menu.current!.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')];
    const at = enabled.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => enabled[(i + enabled.length) % enabled.length]?.focus();
    switch (e.key) {
      case 'ArrowDown': go(at + 1); break;
      case 'ArrowUp': go(at - 1); break;
      case 'Home': go(0); break;
      case 'End': go(enabled.length - 1); break;
      case 'Escape':
      case 'Tab': onClose(); break;
      default: return;
    }
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div ref={menu} className="context-menu" role="menu" aria-label={`Transforms for ${title}`} data-testid="context-menu" style={{ left: x, top: y }} onKeyDown={onKeyDown}>
      <div className="menu-title" aria-hidden="true">{title}</div>
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          role="menuitem"
          tabIndex={-1}
          aria-disabled={item.disabled ? true : undefined}
          title={item.disabled ?? undefined}
          data-action={item.id}
          onClick={() => {
            if (!item.disabled) onChoose(item);
          }}
        >
          {item.label}
          {item.disabled && <span className="menu-why">{item.disabled}</span>}
        </button>
      ))}
    </div>
  );
}
